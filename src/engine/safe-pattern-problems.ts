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
const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);
const pointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Schema keywords holding one schema, a list of schemas, or a map of them. */
const ONE = [
  'items',
  'additionalItems',
  'contains',
  'additionalProperties',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
];
const LIST = ['allOf', 'anyOf', 'oneOf', 'items'];
const MAP = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies'];

/**
 * The refused patterns of a bundle, each naming where it is (`/rules/3/pattern`, `/properties/zip/pattern`), the rule
 * (by `ruleIds`, in rule order) and why. `files` name the rules and schema files.
 */
export function findUnsafePatterns(
  bundle: DefinitionBundle,
  ruleIds: readonly string[],
  files: { rules: string; schema: string },
): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const check = (pattern: string, flags: string, file: string, path: string, owner: string) => {
    const reason = checkPattern(pattern, flags);
    if (reason) problems.push({ file, path, reason: `${owner}: the pattern "${pattern}" is refused: ${reason}` });
  };
  const ownerAt = (path: string) => {
    const index = /^\/rules\/(\d+)/.exec(path)?.[1];
    return index === undefined ? `"${path.split('/').slice(1, 3).join('/')}"` : `rule "${ruleIds[Number(index)]}"`;
  };

  // Expressions: a `matches` anywhere in the rules file (constants are data, never evaluated).
  const walkLogic = (node: unknown, path: string): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => walkLogic(item, `${path}/${i}`));
    if (!isNode(node)) return;
    const keys = Object.keys(node);
    if (keys.length === 1 && keys[0] === 'matches') {
      const args = Array.isArray(node.matches) ? node.matches : [node.matches];
      const [, pattern, flags] = args;
      if (typeof pattern !== 'string' || (flags !== undefined && typeof flags !== 'string'))
        problems.push({
          file: files.rules,
          path: `${path}/matches`,
          reason: `${ownerAt(path)}: "matches" needs its pattern (and flags) written as text in the rule, e.g. {"matches": [{"var": "zip"}, "^\\\\d{5}$"]}: a pattern read from an answer or computed cannot be checked for safety before it runs`,
        });
      else check(pattern, flags ?? '', files.rules, `${path}/matches/1`, ownerAt(path));
    }
    for (const [key, value] of Object.entries(node)) walkLogic(value, `${path}/${pointer(key)}`);
  };
  for (const [key, value] of Object.entries(bundle.rules))
    if (key !== 'constants') walkLogic(value, `/${pointer(key)}`);

  bundle.rules.rules.forEach((rule, index) => {
    const at = `/rules/${index}`;
    if (rule.kind === 'validate' && typeof rule.pattern === 'string')
      check(rule.pattern, rule.flags ?? '', files.rules, `${at}/pattern`, ownerAt(at));
    if (rule.kind === 'normalize')
      rule.steps.forEach((step, i) => {
        if (isNode(step) && 'replace' in step && typeof step.replace === 'string')
          check(step.replace, step.flags ?? 'g', files.rules, `${at}/steps/${i}/replace`, ownerAt(at));
      });
  });

  // JSON Schema patterns run with the u flag (ajv's and the page's reading of a schema).
  const walkSchema = (schema: unknown, path: string): void => {
    if (!isNode(schema)) return;
    if (typeof schema.pattern === 'string') check(schema.pattern, 'u', files.schema, `${path}/pattern`, 'the schema');
    if (isNode(schema.patternProperties))
      for (const key of Object.keys(schema.patternProperties))
        check(key, 'u', files.schema, `${path}/patternProperties/${pointer(key)}`, 'the schema');
    for (const key of ONE) walkSchema(schema[key], `${path}/${key}`);
    for (const key of LIST) {
      const list = schema[key];
      if (Array.isArray(list)) list.forEach((item, i) => walkSchema(item, `${path}/${key}/${i}`));
    }
    for (const key of MAP) {
      const map = schema[key];
      if (isNode(map))
        for (const [name, item] of Object.entries(map)) walkSchema(item, `${path}/${key}/${pointer(name)}`);
    }
  };
  walkSchema(bundle.schema, '');
  return problems;
}
