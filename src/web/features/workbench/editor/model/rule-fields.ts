/**
 * Which fields a rule acts on and which it reads, from its JSON alone: the paths it targets (path, paths, of, reset,
 * set keys, forEach) and the `var`/`item` heads of its expressions, named conditions expanded. For a field it finds
 * what the engine's rulesActingOn finds (rule-fields.test.ts holds them to it on every form); it is kept because the
 * tree needs more: a section or object also lists the rules on what lies under it, `onChange` triggers are told
 * apart, and every field's count comes from one pass over the rules (countRulesByField) rather than one call a field.
 */
import { specReferenceOf as engineSpecReferenceOf, type Rule } from '../../../../../engine/index';
import { fieldKey } from './field-tree';
import { isPlainObject } from './tree-files';

/** How a rule touches a field: sets or governs it, fires when it changes (onChange `of`), or reads it in a condition. */
export type FieldRole = 'acts' | 'trigger' | 'reads';

export interface TouchingRule<R = Rule> {
  index: number;
  rule: R;
  roles: FieldRole[];
}

/** The keys of the rule vocabulary that hold one expression (`from` and `set` hold one only sometimes, or several). */
export const EXPRESSION_KEYS: readonly string[] = [
  'when',
  'test',
  'where',
  'value',
  'min',
  'max',
  'emptyBecomes',
  'atLeast',
];

/** The expressions of a rule, by key (`when`, `test`, `set.gutterOption`, ...). */
export function ruleExpressions(rule: Rule): [string, unknown][] {
  const record = rule as unknown as Record<string, unknown>;
  const out: [string, unknown][] = [];
  for (const key of EXPRESSION_KEYS) if (record[key] !== undefined) out.push([key, record[key]]);
  if (rule.kind === 'options' && rule.from !== undefined && !Array.isArray(rule.from)) out.push(['from', rule.from]);
  if ((rule.kind === 'force' || rule.kind === 'onChange') && isPlainObject(rule.set))
    for (const [path, value] of Object.entries(rule.set)) out.push([`set.${path}`, value]);
  if (isPlainObject(rule.forEach) && 'count' in rule.forEach) out.push(['forEach.count', rule.forEach.count]);
  return out;
}

const asList = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string')
      : [];

/** The paths a rule acts on (what it shows, hides, requires, sets, clamps, computes into). */
export function ruleTargets(rule: Rule): string[] {
  const record = rule as unknown as Record<string, unknown>;
  const targets = [...asList(record.path), ...asList(record.paths)];
  if (rule.kind === 'onChange') targets.push(...asList(rule.reset));
  if ((rule.kind === 'force' || rule.kind === 'onChange') && isPlainObject(rule.set))
    targets.push(...Object.keys(rule.set));
  return targets;
}

/** The paths whose change fires a rule (onChange `of`). */
export function ruleTriggers(rule: Rule): string[] {
  return rule.kind === 'onChange' ? asList(rule.of) : [];
}

/**
 * The field paths an expression reads: `var` and `val` heads (a path built with `cat` is read with `{i}` for each part
 * that is not text), `item` fields, and the fields of the named conditions it uses. Scope variables (`$value`,
 * `$context...`, `$const...`, a computed `$name`) are left out: they are not fields.
 */
export function expressionReads(expression: unknown, conditions: Record<string, unknown> = {}): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isPlainObject(node)) return;
    for (const [operator, args] of Object.entries(node)) {
      if (operator === 'var' || operator === 'val') {
        const head = Array.isArray(args) && operator === 'var' ? args[0] : args;
        const path = readPath(head);
        if (path !== undefined && path !== '' && !path.startsWith('$')) found.add(path);
        if (typeof head !== 'string') visit(head);
        if (Array.isArray(args)) visit(args.slice(1));
      } else if (operator === 'item') {
        const path = readPath(Array.isArray(args) ? args[0] : args);
        if (path) found.add(path);
      } else if (operator === 'cond' && typeof args === 'string') {
        if (!seen.has(args)) {
          seen.add(args);
          visit(conditions[args]);
        }
      } else visit(args);
    }
  };
  visit(expression);
  return [...found];
}

/** A var's path: text as is, `["a", "b"]` (val) joined, a `cat` with `{i}` for each computed part. */
function readPath(head: unknown): string | undefined {
  if (typeof head === 'string') return head;
  if (typeof head === 'number') return String(head);
  if (Array.isArray(head) && head.every((part) => typeof part === 'string' || typeof part === 'number'))
    return head.join('.');
  if (isPlainObject(head) && Array.isArray(head.cat))
    return head.cat
      .map((part) => (typeof part === 'string' ? part : '{i}'))
      .join('')
      .replace(/\.\{i\}(?=[^.])/g, '.{i}.')
      .replace(/\.+/g, '.');
  return undefined;
}

/** Every field a rule reads, its forEach array included. */
export function ruleReads(rule: Rule, conditions: Record<string, unknown> = {}): string[] {
  const reads = new Set(ruleExpressions(rule).flatMap(([, expression]) => expressionReads(expression, conditions)));
  if (typeof rule.forEach === 'string') reads.add(rule.forEach);
  return [...reads];
}

/** Whether two paths name the same field or one lies under the other (indexes aside). */
export function pathsOverlap(a: string, b: string): boolean {
  const left = fieldKey(a);
  const right = fieldKey(b);
  if (left === '' || right === '') return false;
  return left === right || left.startsWith(`${right}.`) || right.startsWith(`${left}.`);
}

interface RulePaths {
  targets: string[];
  triggers: string[];
  reads: string[];
}

/** A rule's paths, worked out once per rule and conditions object (rules and conditions are never changed in place). */
const pathsCache = new WeakMap<object, WeakMap<object, RulePaths>>();
const NO_CONDITIONS = {};

function pathsOf(rule: Rule, conditions: Record<string, unknown>): RulePaths {
  const byRule = pathsCache.get(conditions) ?? new WeakMap<object, RulePaths>();
  pathsCache.set(conditions, byRule);
  let paths = byRule.get(rule);
  if (!paths) {
    paths = { targets: ruleTargets(rule), triggers: ruleTriggers(rule), reads: ruleReads(rule, conditions) };
    byRule.set(rule, paths);
  }
  return paths;
}

/** How a rule touches a field, [] when it does not. */
export function rolesFor(rule: Rule, path: string, conditions: Record<string, unknown> = NO_CONDITIONS): FieldRole[] {
  const { targets, triggers, reads } = pathsOf(rule, conditions);
  const roles: FieldRole[] = [];
  if (targets.some((target) => pathsOverlap(target, path))) roles.push('acts');
  if (triggers.some((trigger) => pathsOverlap(trigger, path))) roles.push('trigger');
  if (reads.some((read) => pathsOverlap(read, path))) roles.push('reads');
  return roles;
}

/**
 * Every rule of a rules file that acts on the field at `path`, fires when it changes, or whose expressions read it
 * (named conditions of the file expanded), in file order.
 */
export function rulesTouchingField(
  rulesFile: { rules?: readonly Rule[]; conditions?: Record<string, unknown> },
  path: string,
): TouchingRule[] {
  const conditions = rulesFile.conditions ?? NO_CONDITIONS;
  return (rulesFile.rules ?? []).flatMap((rule, index) => {
    const roles = rolesFor(rule, path, conditions);
    return roles.length > 0 ? [{ index, rule, roles }] : [];
  });
}

/** The named conditions whose body reads the field (directly or through another condition). */
export function conditionsReading(conditions: Record<string, unknown>, path: string): string[] {
  return Object.keys(conditions).filter((name) =>
    expressionReads(conditions[name], conditions).some((read) => pathsOverlap(read, path)),
  );
}

/** The spec reference of a rule's description (`Spec 3 §5/§9`): the engine's reading, so both name it alike. */
export const specReferenceOf = (description: unknown): string | undefined =>
  typeof description === 'string' ? engineSpecReferenceOf(description) : undefined;

/**
 * How many rules touch each of the given fields (what `rolesFor` finds, counted at once): every rule path indexed under
 * itself and its parents, so a field counts the rules on it, under it and on its parents without comparing every pair.
 */
export function countRulesByField(
  rules: readonly Rule[],
  fields: readonly string[],
  conditions: Record<string, unknown> = NO_CONDITIONS,
): Map<string, number> {
  const exact = new Map<string, Set<number>>();
  const under = new Map<string, Set<number>>();
  const add = (map: Map<string, Set<number>>, key: string, index: number) => {
    const set = map.get(key) ?? new Set<number>();
    set.add(index);
    map.set(key, set);
  };
  rules.forEach((rule, index) => {
    const { targets, triggers, reads } = pathsOf(rule, conditions);
    for (const path of [...targets, ...triggers, ...reads]) {
      const key = fieldKey(path);
      if (key === '') continue;
      add(exact, key, index);
      const segments = key.split('.');
      for (let length = 1; length <= segments.length; length++) add(under, segments.slice(0, length).join('.'), index);
    }
  });
  const counts = new Map<string, number>();
  for (const field of fields) {
    const key = fieldKey(field);
    const found = new Set(under.get(key) ?? []);
    const segments = key.split('.');
    for (let length = 1; length < segments.length; length++)
      for (const index of exact.get(segments.slice(0, length).join('.')) ?? []) found.add(index);
    counts.set(field, found.size);
  }
  return counts;
}
