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

/** The matchers of a list of templates (joined by newlines): the workbench's preview recompiles on every edit. */
let lastPatterns: { key: string; matchers: RegExp[] } | undefined;

function requiredPatternsOf(rules: Rule[]): RegExp[] {
  const templates = rules
    .flatMap((rule) => (rule.kind === 'required' ? [rule.path, ...(rule.paths ?? [])] : []))
    .filter((template): template is string => typeof template === 'string');
  const key = templates.join('\n');
  if (lastPatterns?.key === key) return lastPatterns.matchers;
  const matchers = templates.map((template) => {
    const source = template
      .split('.')
      .map((key) => (key === '{i}' || key === '*' ? '\\d+' : key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('\\.');
    return new RegExp(`^${source}$`);
  });
  lastPatterns = { key, matchers };
  return matchers;
}
