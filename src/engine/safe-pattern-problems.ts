/**
 * Every regular expression a definition holds, through the gate of safe-pattern.ts when it loads (compileDefinition, so
 * the page, the server and check:definitions alike): a validate rule's `pattern`, a normalize step's `replace`, each
 * `matches` in an expression (its pattern written as text: one read from an answer cannot be checked), and the
 * schema's `pattern` and `patternProperties`.
 */
import type { DefinitionProblem } from './compile';
import { checkPattern } from './safe-pattern';
import type { DefinitionBundle } from './types';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object';

/**
 * The refused patterns of a bundle, each naming where it is (`/rules/3/pattern`, `/properties/zip/pattern`), the rule
 * (by `ruleIds`, in rule order) and why. `files` name the rules and schema files. Every object is looked into, data
 * and defaults too: a pattern-shaped key there is checked, which only ever refuses more.
 */
export function findUnsafePatterns(
  bundle: DefinitionBundle,
  ruleIds: readonly string[],
  files: { rules: string; schema: string },
): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const walk = (node: unknown, path: string, inSchema: boolean): void => {
    if (!isNode(node)) return;
    const index = /^\/rules\/(\d+)/.exec(path)?.[1];
    const owner = inSchema ? 'the schema' : index ? `rule "${ruleIds[Number(index)]}"` : `"${path.slice(1)}"`;
    const check = (pattern: unknown, flags: unknown, where: string) => {
      const reason =
        typeof pattern !== 'string' || (flags !== undefined && typeof flags !== 'string')
          ? '"matches" needs its pattern and flags written as text: one read from an answer cannot be checked before it runs'
          : checkPattern(pattern, flags);
      const quoted = typeof pattern === 'string' ? ` the pattern "${pattern}" is refused:` : '';
      if (reason)
        problems.push({
          file: inSchema ? files.schema : files.rules,
          path: where,
          reason: `${owner}:${quoted} ${reason}`,
        });
    };
    const keys = Object.keys(node);
    if (inSchema) {
      if (typeof node.pattern === 'string') check(node.pattern, 'u', `${path}/pattern`);
      if (isNode(node.patternProperties))
        for (const key of Object.keys(node.patternProperties)) check(key, 'u', `${path}/patternProperties/${key}`);
    } else if (keys.length === 1 && keys[0] === 'matches') {
      const [, pattern, flags] = [node.matches].flat();
      check(pattern, flags, typeof pattern === 'string' ? `${path}/matches/1` : `${path}/matches`);
    } else if (node.kind === 'validate' && typeof node.pattern === 'string')
      check(node.pattern, node.flags, `${path}/pattern`);
    else if (typeof node.replace === 'string' && 'with' in node)
      check(node.replace, node.flags ?? 'g', `${path}/replace`);
    for (const key of keys) walk(node[key], `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, inSchema);
  };
  walk({ ...bundle.rules, constants: undefined }, '', false); // constants are data, never evaluated
  walk(bundle.schema, '', true);
  return problems;
}
