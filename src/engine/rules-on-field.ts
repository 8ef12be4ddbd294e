/**
 * Which rules touch a field: those that act on it (show/hide, disable, options, force, size, clamp, normalize, required,
 * validate, compute, onChange and what change rules set or reset, the price computed from it) and those whose
 * expressions read it. For the definitions workbench: the rules listed where the field is, each with its id,
 * description, spec reference and the file it is written in.
 */
import type { CompiledDefinition, DefinitionBundle, Expression, Rule } from './types';
import { listRuleIds } from './compile';
import { expandRulesFile } from './conditions';
import { isSameOrBelow, toPattern } from './paths';

/** What a rule does to a field. `price`: a compute the price depends on reads the field. */
export type FieldAction =
  | 'show'
  | 'hide'
  | 'disable'
  | 'options'
  | 'force'
  | 'size'
  | 'clamp'
  | 'normalize'
  | 'required'
  | 'validate'
  | 'compute'
  | 'onChange'
  | 'change'
  | 'reset'
  | 'price';

/** Where a merged rule is written (src/definition-tree's source map: file, index there, include params). */
export interface RuleSourceRef {
  file: string;
  index: number;
  params?: string;
}

/** One rule touching a field. */
export interface RuleOnField {
  /** Position in the definition's (merged) rules. */
  index: number;
  /** The rule's id as coverage and problems name it. */
  id: string;
  kind: Rule['kind'];
  description?: string;
  /** The spec reference its description starts with or carries (`Spec 3 §5`, `spec 2 §5.2/§5.5`). */
  spec?: string;
  /** The file and index it is written at, when the caller gives the reader's source map. */
  source?: RuleSourceRef;
  /** What it does to the field; empty for a rule that only reads it. */
  actions: FieldAction[];
  /** JSON pointers inside the rule naming the field as a target (`/paths/2`, `/set/lengthFeet`, `/of`). */
  targets: string[];
  /** JSON pointers inside the rule of the expressions reading the field (`/when`, `/value`, `/set/x`). */
  reads: string[];
  /** A target is an ancestor of the field (hiding `personalInfo` hides `personalInfo.zip`): that ancestor. */
  viaAncestor?: string;
  /** The price (rules.json `price`) depends on this rule. */
  affectsPrice: boolean;
  /** The rule as the definition holds it (named conditions not expanded). */
  rule: Rule;
}

/** The rules touching one field. */
export interface FieldRules {
  /** The field as asked (a concrete path `wallLengthsFeet.2`, a pattern `wallLengthsFeet.*` or `{i}`). */
  field: string;
  /** Its pattern (`*` for every index). */
  pattern: string;
  /** Rules that act on it, in rule order. */
  acting: RuleOnField[];
  /** Rules that only read it (their conditions or values), in rule order. */
  reading: RuleOnField[];
}

/** Options of rulesActingOn. */
export interface RulesOnFieldOptions {
  /** Merged rule index -> where it is written (`sources.rules` of src/definition-tree's reader). */
  sources?: readonly (RuleSourceRef | undefined)[];
}

/** Operators whose later arguments run per element, where `var` names the element, not a form field. */
const ITERATORS = new Set(['map', 'filter', 'reduce', 'some', 'all', 'none', 'find', 'every']);

/**
 * Every variable an expression reads, as written (`personalInfo.zip`, `$context.prices`, `$priceTableName`, an
 * `item` as `<array>.{i}`), in order, once each. Element variables inside iterator bodies and paths built at run time
 * are left out.
 */
export function listReadVariables(logic: Expression): string[] {
  const found = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== 'object') return;
    for (const [op, args] of Object.entries(node as Record<string, unknown>)) {
      const first = Array.isArray(args) ? args[0] : args;
      if (op === 'var' || op === 'val') {
        if (typeof first === 'string' && first !== '' && !first.startsWith('../')) found.add(first);
        if (Array.isArray(args)) args.slice(typeof first === 'string' ? 1 : 0).forEach(walk);
        else if (typeof first !== 'string') walk(args);
      } else if (op === 'item') {
        if (typeof first === 'string') found.add(`${first}.{i}`);
      } else if (ITERATORS.has(op) && Array.isArray(args)) {
        walk(args[0]);
        if (op === 'reduce') walk(args[2]);
      } else walk(args);
    }
  };
  walk(logic);
  return [...found];
}

const SPEC = /\bspec\s*\d+(?:\s*§\s*[\d.]*\d(?:\s*(?:[-/,&]|and)\s*§?\s*[\d.]*\d)*)?/i;

/** The spec reference a rule's description carries (`Spec 2 §5.2/§5.5: ...` -> `Spec 2 §5.2/§5.5`). */
export function specReferenceOf(description: string | undefined): string | undefined {
  return description ? SPEC.exec(description)?.[0] : undefined;
}

/** How a path a rule names relates to the field: the same field, an ancestor of it, or neither. */
function relation(named: string, field: string): 'same' | 'ancestor' | undefined {
  const pattern = toPattern(named);
  if (pattern === field) return 'same';
  return isSameOrBelow(field, pattern) ? 'ancestor' : undefined;
}

/** Whether a path an expression reads is the field, above it (reads the whole object) or below it. */
function isRead(read: string, field: string): boolean {
  if (read.startsWith('$')) return false;
  const pattern = toPattern(read);
  const a = pattern.split('.');
  const b = field.split('.');
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The expressions of a rule, by JSON pointer inside it. */
export function expressionsOf(rule: Rule): [string, Expression][] {
  const out: [string, Expression][] = [];
  const add = (at: string, logic: unknown) => {
    if (logic !== undefined) out.push([at, logic]);
  };
  if (rule.forEach && typeof rule.forEach === 'object') add('/forEach/count', rule.forEach.count);
  if ('when' in rule) add('/when', rule.when);
  switch (rule.kind) {
    case 'onChange':
    case 'force':
      for (const [path, logic] of Object.entries(rule.set ?? {})) add(`/set/${path}`, logic);
      break;
    case 'options':
      if (!Array.isArray(rule.from)) add('/from', rule.from);
      add('/where', rule.where);
      break;
    case 'clamp':
      add('/min', rule.min);
      add('/max', rule.max);
      add('/emptyBecomes', rule.emptyBecomes);
      break;
    case 'validate':
      add('/test', rule.test);
      break;
    case 'compute':
      add('/value', rule.value);
      break;
    case 'size':
      add('/atLeast', rule.atLeast);
      break;
    default:
  }
  return out;
}

/** The paths a rule names as targets, by JSON pointer, with the action each stands for. */
function targetsOf(rule: Rule): [string, string, FieldAction][] {
  const out: [string, string, FieldAction][] = [];
  const named = (action: FieldAction) => {
    if ('path' in rule && rule.path) out.push(['/path', rule.path, action]);
    if ('paths' in rule && rule.paths) rule.paths.forEach((path, i) => out.push([`/paths/${i}`, path, action]));
  };
  switch (rule.kind) {
    case 'show':
    case 'hide':
    case 'disable':
    case 'options':
    case 'clamp':
    case 'normalize':
    case 'required':
    case 'validate':
    case 'size':
      named(rule.kind);
      break;
    case 'compute':
      if (rule.path) out.push(['/path', rule.path, 'compute']);
      break;
    case 'force':
      for (const path of Object.keys(rule.set)) out.push([`/set/${path}`, path, 'force']);
      break;
    case 'onChange': {
      const ofs = [rule.of].flat();
      ofs.forEach((of, i) => out.push([Array.isArray(rule.of) ? `/of/${i}` : '/of', of, 'onChange']));
      (rule.reset ?? []).forEach((path, i) => out.push([`/reset/${i}`, path, 'reset']));
      for (const path of Object.keys(rule.set ?? {})) out.push([`/set/${path}`, path, 'change']);
      break;
    }
  }
  return out;
}

/** Indexes of the compute rules the price depends on (the `price` compute and those whose `$name` it reads, transitively). */
export function priceRuleIndexes(rules: readonly Rule[], price: string | undefined): Set<number> {
  const byName = new Map<string, number>();
  rules.forEach((rule, index) => {
    if (rule.kind === 'compute') byName.set(rule.name, index);
  });
  const found = new Set<number>();
  const visit = (name: string) => {
    const index = byName.get(name);
    if (index === undefined || found.has(index)) return;
    found.add(index);
    for (const [, logic] of expressionsOf(rules[index]))
      for (const read of listReadVariables(logic)) if (read.startsWith('$')) visit(read.slice(1).split('.')[0]);
  };
  if (price !== undefined) visit(price);
  return found;
}

const expandedCache = new WeakMap<object, Rule[]>();
/** A definition's rules with their named conditions expanded (indexes unchanged), once per rules file. */
export function expandedRulesOf(bundle: DefinitionBundle): Rule[] {
  let rules = expandedCache.get(bundle.rules);
  if (!rules) expandedCache.set(bundle.rules, (rules = expandRulesFile(bundle.rules).rules.rules));
  return rules;
}

function isCompiled(definition: CompiledDefinition | DefinitionBundle): definition is CompiledDefinition {
  return 'ruleIds' in definition && 'bundle' in definition;
}

/**
 * Every rule that acts on a field and every rule that reads it.
 * @example rulesActingOn(compiled, 'lengthInches', { sources: loaded.sources?.rules }).acting.map((r) => r.id) // ['hide:motorCity', ...]
 */
export function rulesActingOn(
  definition: CompiledDefinition | DefinitionBundle,
  fieldPath: string,
  options: RulesOnFieldOptions = {},
): FieldRules {
  const bundle = isCompiled(definition) ? definition.bundle : definition;
  const rules = bundle.rules.rules;
  // Conditions expanded: a `{"cond": "isMotorCity"}` reads what its body reads. The indexes stay the same.
  const expanded = expandedRulesOf(bundle);
  const ids = isCompiled(definition) ? definition.ruleIds : listRuleIds(rules);
  const pricing = priceRuleIndexes(expanded, bundle.rules.price);
  const field = toPattern(fieldPath);
  const acting: RuleOnField[] = [];
  const reading: RuleOnField[] = [];
  rules.forEach((rule, index) => {
    const actions = new Set<FieldAction>();
    const targets: string[] = [];
    let viaAncestor: string | undefined;
    for (const [at, path, action] of targetsOf(rule)) {
      const related = relation(path, field);
      if (!related) continue;
      actions.add(action);
      targets.push(at);
      if (related === 'ancestor') viaAncestor ??= path;
    }
    const reads: string[] = [];
    for (const [at, logic] of expressionsOf(expanded[index] ?? rule))
      if (listReadVariables(logic).some((read) => isRead(read, field))) reads.push(at);
    if (typeof rule.forEach === 'string' && isRead(rule.forEach, field)) reads.unshift('/forEach');
    const affectsPrice = pricing.has(index);
    if (affectsPrice && reads.length > 0) actions.add('price');
    if (actions.size === 0 && reads.length === 0) return;
    const entry: RuleOnField = {
      index,
      id: ids[index],
      kind: rule.kind,
      ...(rule.description !== undefined ? { description: rule.description } : {}),
      ...(specReferenceOf(rule.description) ? { spec: specReferenceOf(rule.description) } : {}),
      ...(options.sources?.[index] ? { source: options.sources[index] } : {}),
      actions: [...actions],
      targets,
      reads,
      ...(viaAncestor !== undefined ? { viaAncestor } : {}),
      affectsPrice,
      rule,
    };
    (actions.size > 0 ? acting : reading).push(entry);
  });
  return { field: fieldPath, pattern: field, acting, reading };
}
