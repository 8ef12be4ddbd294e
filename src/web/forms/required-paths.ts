import type { CompiledDefinition, Rule } from '../../engine';

const matchersByDefinition = new WeakMap<CompiledDefinition, RegExp[]>();

/**
 * Whether a `required` rule of the definition names `path` (for the red asterisk only; whether it is missing
 * now, and its message, always come from the engine's state).
 */
export function isPathRequired(definition: CompiledDefinition, path: string): boolean {
  let matchers = matchersByDefinition.get(definition);
  if (!matchers) {
    matchers = requiredPatternsOf(definition.bundle.rules.rules);
    matchersByDefinition.set(definition, matchers);
  }
  return matchers.some((matcher) => matcher.test(path));
}

function requiredPatternsOf(rules: Rule[]): RegExp[] {
  const templates = rules.flatMap((rule) => (rule.kind === 'required' ? [rule.path, ...(rule.paths ?? [])] : []));
  return templates
    .filter((template): template is string => typeof template === 'string')
    .map((template) => {
      const source = template
        .split('.')
        .map((key) => (key === '{i}' || key === '*' ? '\\d+' : key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('\\.');
      return new RegExp(`^${source}$`);
    });
}
