/**
 * Why a field is as it is: for a compiled definition and an answer set (a session's data), each rule touching the
 * field, whether it holds and fired, the values its expressions read, and for a price the table and row it matched.
 * The workbench's "why" panel runs this beside the preview.
 */
import { RuleBudgetExceeded, withinBudget } from './budget';
import type { CompiledDefinition, FormContext, FormSession, Option, Rule } from './types';
import { internalsOf, type DefinitionInternals } from './compile';
import { prepareExpression, toNumber, type Evaluate } from './operators';
import { compilePathPattern, getIn, isEmpty, splitPath, toPattern } from './paths';
import { isPriceTable, lookupPrice, roundDimensionUp } from './price-table';
import {
  expandedRulesOf,
  expressionsOf,
  listReadVariables,
  specReferenceOf,
  priceRuleIndexes,
  rulesActingOn,
  type RuleOnField,
  type RulesOnFieldOptions,
} from './rules-on-field';
import { createSession, scopeOfSession } from './session';
import { sizeOf } from './size-rule';

/** A value an expression of the rule read now. */
export interface ReadValue {
  /** The expression inside the rule (`/when`, `/value`, `/set/x`). */
  at: string;
  /** The variable as written (`operableOption`, `$priceTableName`, `wallLengthsFeet.{i}` for an `item`). */
  variable: string;
  /** Its value as the rule reads it (a hidden field's answer is empty). */
  value: unknown;
}

/** One `priceTable` lookup of a price compute, as it runs now. */
export interface PriceLookupExplanation {
  /** The compute rule and where in its value the lookup is. */
  ruleId: string;
  at: string;
  /** The table's name in the definition's data (undefined: none chosen yet, or a table given inline). */
  table?: string;
  /** The length and width as given to the lookup. */
  length: unknown;
  width: unknown;
  /** The row the rounded size lands on (`12x14`), when both dimensions are numbers. */
  row?: string;
  /** The price of that row; null when the size is outside the table. */
  price: number | null;
  /** What the lookup returns (`price`, `lengthFeet`, `areaSquareFeet`). */
  returns: string;
}

/** One rule touching the field, now. */
export interface RuleExplanation extends RuleOnField {
  /** The forEach index it was evaluated at (the field's own index when it has one). */
  at?: number;
  /** Whether its `when` holds now (undefined: it has none). */
  holds?: boolean;
  /** Whether the session fired it (for a preview's session: at any time since it opened). */
  fired: boolean;
  /**
   * Whether it acts on the field now: shows or hides it, requires it, offers its list, forces, sizes or computes its value,
   * clamps it, flags an error at it; for an onChange rule, whether it would fire on a change to the current value.
   */
  applies?: boolean;
  /** What it sets or computes now (force, compute, onChange set), the clamp bounds `{min, max}`, a size rule's count. */
  value?: unknown;
  /** The values its expressions read now. */
  inputs: ReadValue[];
  /** Its priceTable lookups (a price compute). */
  priceLookups?: PriceLookupExplanation[];
  /** Evaluating it now goes over the rule budget (budget.ts): nothing of what it reads or does is shown. */
  overBudget?: true;
}

/** A field explained. */
export interface FieldExplanation {
  field: string;
  /** The answer the session holds (a hidden field's answer is kept, not posted). */
  value: unknown;
  hidden: boolean;
  disabled: boolean;
  missing: boolean;
  error?: string;
  /** The choices offered now, for a field with a list. */
  options?: Option[];
  /** Rules acting on the field, then rules reading it, in rule order. */
  rules: RuleExplanation[];
}

/** The price explained: its compute and every compute it depends on, with their values and table lookups. */
export interface PriceExplanation {
  /** rules.json `price`: the compute naming the price (undefined: the form has no price). */
  name?: string;
  price: number | string | null;
  rules: RuleExplanation[];
  /** Every lookup of those rules, in rule order. */
  lookups: PriceLookupExplanation[];
}

/** What to explain: a session (the preview's), or answers loaded afresh as the server would. */
export type ExplainInput =
  { session: FormSession } | { data: Record<string, unknown>; context?: FormContext; fired?: ReadonlySet<string> };

interface Evaluation {
  session: FormSession;
  scope: Record<string, unknown>;
  fired: ReadonlySet<string>;
}

function evaluationOf(definition: CompiledDefinition, input: ExplainInput): Evaluation {
  const session =
    'session' in input ? input.session : createSession(definition, { context: input.context ?? {}, start: input.data });
  const fired = 'session' in input ? session.firedRuleIds() : (input.fired ?? session.firedRuleIds());
  return { session, scope: scopeOfSession(session) ?? {}, fired };
}

/** The compiled parts of a rule by its position: its condition and its value expressions. */
interface CompiledParts {
  when?: Evaluate;
  values: Map<string, Evaluate>;
  forEachPath?: string;
  forEachCount?: Evaluate;
}

const partsCache = new WeakMap<DefinitionInternals, Map<number, CompiledParts>>();

function compiledParts(internals: DefinitionInternals): Map<number, CompiledParts> {
  let parts = partsCache.get(internals);
  if (parts) return parts;
  parts = new Map();
  const add = (
    rule: { position: number; when?: Evaluate; forEachPath?: string; forEachCount?: Evaluate },
    values: [string, Evaluate | undefined][],
  ) => {
    const map = new Map<string, Evaluate>();
    for (const [at, evaluate] of values) if (evaluate) map.set(at, evaluate);
    parts!.set(rule.position, {
      when: rule.when,
      values: map,
      forEachPath: rule.forEachPath,
      forEachCount: rule.forEachCount,
    });
  };
  for (const rule of [...internals.visibility, ...internals.disable, ...internals.required, ...internals.normalize])
    add(rule, []);
  for (const rule of internals.validate) add(rule, [['/test', rule.test]]);
  for (const rule of internals.onChange)
    add(
      rule,
      rule.set.map(([path, evaluate]) => [`/set/${path}`, evaluate]),
    );
  for (const rule of internals.force)
    add(
      rule,
      rule.set.map(([template, evaluate]) => [`/set/${template.template}`, evaluate]),
    );
  for (const field of internals.optionFields)
    for (const rule of field.rules)
      add(rule, [
        ['/from', rule.from],
        ['/where', rule.where],
      ]);
  for (const rule of internals.clamp)
    add(rule, [
      ['/min', rule.min],
      ['/max', rule.max],
      ['/emptyBecomes', rule.emptyBecomes],
    ]);
  for (const rule of internals.compute) add(rule, [['/value', rule.value]]);
  partsCache.set(internals, parts);
  return parts;
}

/** The field's own index for a rule repeated per element: matched against the rule's targets, else its last index. */
function indexFor(entry: RuleOnField, field: string): number | undefined {
  if (!entry.rule.forEach) return undefined;
  for (const pointer of entry.targets) {
    const template = targetAt(entry.rule, pointer);
    if (template === undefined) continue;
    const index = compilePathPattern(template)(field);
    if (index !== null && index >= 0) return index;
  }
  const indexes = splitPath(field).filter((key) => /^\d+$/.test(key));
  return indexes.length > 0 ? Number(indexes[indexes.length - 1]) : undefined;
}

function targetAt(rule: Rule, pointer: string): string | undefined {
  const [, key, rest] = /^\/([^/]+)(?:\/(.*))?$/.exec(pointer) ?? [];
  const value = (rule as unknown as Record<string, unknown>)[key];
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && rest !== undefined) return value[Number(rest)] as string | undefined;
  if (value && typeof value === 'object' && rest !== undefined) return rest;
  return undefined;
}

function scopeAt(scope: Record<string, unknown>, index: number | undefined, value?: unknown): Record<string, unknown> {
  const at: Record<string, unknown> = { ...scope };
  if (index !== undefined) {
    at.$index = index;
    at.$n = index + 1;
  }
  if (value !== undefined) at.$value = value ?? null;
  return at;
}

function readValue(scope: Record<string, unknown>, variable: string, index: number | undefined): unknown {
  const path = variable.replace(/\{i\}/g, String(index ?? 0));
  if (path in scope) return scope[path];
  return getIn(scope, path);
}

/** Every `priceTable` call of an expression outside iterator bodies, with its JSON pointer. */
function priceTableCalls(logic: unknown, at: string, found: [string, unknown[]][] = []): [string, unknown[]][] {
  if (Array.isArray(logic)) {
    logic.forEach((item, i) => priceTableCalls(item, `${at}/${i}`, found));
    return found;
  }
  if (logic === null || typeof logic !== 'object') return found;
  for (const [op, args] of Object.entries(logic as Record<string, unknown>)) {
    if (op === 'priceTable' && Array.isArray(args)) found.push([`${at}/priceTable`, args]);
    if (['map', 'filter', 'reduce', 'some', 'all', 'none', 'find', 'every'].includes(op)) continue;
    priceTableCalls(args, `${at}/${op}`, found);
  }
  return found;
}

function explainLookups(
  internals: DefinitionInternals,
  ruleId: string,
  rule: Rule,
  scope: Record<string, unknown>,
): PriceLookupExplanation[] {
  if (rule.kind !== 'compute') return [];
  return priceTableCalls(rule.value, '/value').map(([at, args]) => {
    const evaluate = (logic: unknown) => prepareExpression(internals.engine, logic, 'interpreted')(scope);
    const [source, lengthArg, widthArg, what] = args;
    const tableValue = evaluate(source);
    const table = typeof tableValue === 'string' ? internals.data[tableValue] : tableValue;
    const length = evaluate(lengthArg);
    const width = evaluate(widthArg);
    const returns = typeof what === 'string' ? what : 'price';
    const name = typeof tableValue === 'string' ? tableValue : undefined;
    if (!isPriceTable(table))
      return { ruleId, at, ...(name ? { table: name } : {}), length, width, price: null, returns };
    const found = lookupPrice(table, toNumber(length), toNumber(width));
    const roundedLength = roundDimensionUp(toNumber(length) ?? NaN, table.length?.roundUpTo ?? 'whole');
    const roundedWidth = roundDimensionUp(toNumber(width) ?? NaN, table.width?.roundUpTo ?? 'whole');
    return {
      ruleId,
      at,
      ...(name ? { table: name } : {}),
      length,
      width,
      ...(roundedLength !== null && roundedWidth !== null ? { row: `${roundedLength}x${roundedWidth}` } : {}),
      price: found?.price ?? null,
      returns,
    };
  });
}

/** Each rule of the list, evaluated now for the field (`field` undefined: the rules' own paths, no element). */
function explainRules(
  definition: CompiledDefinition,
  entries: RuleOnField[],
  evaluation: Evaluation,
  field: string | undefined,
): RuleExplanation[] {
  const internals = internalsOf(definition);
  const parts = compiledParts(internals);
  const expanded = expandedRulesOf(definition.bundle);
  const { scope, fired, session } = evaluation;
  // Each rule within a budget of its own: one that goes over is listed as such, the others are explained.
  return entries.map((entry) => {
    try {
      return withinBudget(() => explainRule(entry));
    } catch (error) {
      if (!(error instanceof RuleBudgetExceeded)) throw error;
      return { ...entry, fired: fired.has(entry.id), inputs: [], overBudget: true };
    }
  });
  function explainRule(entry: RuleOnField): RuleExplanation {
    const rule = expanded[entry.index] ?? entry.rule;
    const compiled = parts.get(entry.index);
    const index = field === undefined ? undefined : indexFor(entry, field);
    // An onChange rule reads the changed field's value as $value, and the value before as $previous (unknown here).
    const ofPath = rule.kind === 'onChange' ? [rule.of].flat()[0]?.replace(/\{i\}|\*/g, String(index ?? 0)) : undefined;
    const ownValue =
      ofPath !== undefined
        ? getIn(session.state.data, ofPath)
        : field !== undefined
          ? getIn(session.state.data, field)
          : undefined;
    const at = scopeAt(scope, index, ownValue);
    if (rule.kind === 'onChange') at.$previous = null;
    // A size rule has no condition of its own (the engine runs it as a force on "some list is short").
    const holds = compiled?.when && rule.kind !== 'size' ? Boolean(compiled.when(at)) : undefined;
    const inputs: ReadValue[] = [];
    for (const [pointer, logic] of expressionsOf(rule))
      for (const variable of listReadVariables(logic))
        inputs.push({ at: pointer, variable, value: readValue(at, variable, index) });
    const explanation: RuleExplanation = { ...entry, fired: fired.has(entry.id), inputs };
    if (index !== undefined) explanation.at = index;
    if (holds !== undefined) explanation.holds = holds;
    const state = session.state;
    const concrete = field !== undefined && !/\*|\{i\}/.test(field) ? field : undefined;
    const isOn = holds ?? true;
    switch (rule.kind) {
      case 'show':
      case 'hide':
      case 'disable':
      case 'options':
      case 'normalize':
        explanation.applies = isOn;
        break;
      case 'required':
        explanation.applies = isOn;
        break;
      case 'validate':
        explanation.applies = concrete !== undefined ? state.errors[concrete] !== undefined && isOn : undefined;
        break;
      case 'force': {
        explanation.applies = isOn;
        const target = Object.keys(rule.set).find(
          (path) => field !== undefined && toPattern(path) === toPattern(field),
        );
        const evaluate = target !== undefined ? compiled?.values.get(`/set/${target}`) : undefined;
        if (evaluate) explanation.value = evaluate(at);
        break;
      }
      case 'size': {
        // The lists hold at least this many entries now: it acts while the count is above 0.
        const size = sizeOf(prepareExpression(internals.engine, rule.atLeast, 'interpreted')(at));
        explanation.value = size;
        explanation.applies = size > 0;
        break;
      }
      case 'onChange': {
        explanation.applies = isOn;
        const target = Object.keys(rule.set ?? {}).find(
          (path) => field !== undefined && toPattern(path) === toPattern(field),
        );
        const evaluate = target !== undefined ? compiled?.values.get(`/set/${target}`) : undefined;
        if (evaluate) explanation.value = evaluate(at);
        break;
      }
      case 'clamp': {
        explanation.applies = isOn;
        const bound = (key: string) => {
          const evaluate = compiled?.values.get(key);
          return evaluate ? toNumber(evaluate(at)) : null;
        };
        explanation.value = { min: bound('/min'), max: bound('/max') };
        break;
      }
      case 'compute': {
        const value = state.computed[rule.name];
        explanation.value = value;
        explanation.applies = !isEmpty(value) && value !== 0;
        const lookups = explainLookups(internals, entry.id, rule, at);
        if (lookups.length > 0) explanation.priceLookups = lookups;
        break;
      }
    }
    return explanation;
  }
}

/**
 * Why a field is as it is now: each rule acting on it or reading it, whether it holds and fired, what it read, and for
 * a price compute the table row it matched.
 * @example explainField(compiled, { data }, 'lengthInches').rules.find((r) => r.actions.includes('hide') && r.applies)?.id // 'hide:motorCity'
 */
export function explainField(
  definition: CompiledDefinition,
  input: ExplainInput,
  fieldPath: string,
  options: RulesOnFieldOptions = {},
): FieldExplanation {
  const evaluation = evaluationOf(definition, input);
  const { acting, reading } = rulesActingOn(definition, fieldPath, options);
  const state = evaluation.session.state;
  const isHidden = state.hidden.some((path) => fieldPath === path || fieldPath.startsWith(`${path}.`));
  const offered = state.options[fieldPath];
  const error = state.errors[fieldPath];
  return {
    field: fieldPath,
    value: getIn(state.data, fieldPath),
    hidden: isHidden,
    disabled: state.disabled.includes(fieldPath),
    missing: state.missing.some((m) => m.path === fieldPath),
    ...(error !== undefined ? { error } : {}),
    ...(offered ? { options: offered } : {}),
    rules: explainRules(definition, [...acting, ...reading], evaluation, fieldPath),
  };
}

/**
 * The price now: its compute (rules.json `price`) and every compute it depends on, with their values and the table
 * rows their lookups matched.
 * @example explainPrice(compiled, { data, context }).lookups[0] // { table: 'pergola-fixed-attached', row: '12x14', price: 8830, ... }
 */
export function explainPrice(
  definition: CompiledDefinition,
  input: ExplainInput,
  options: RulesOnFieldOptions = {},
): PriceExplanation {
  const evaluation = evaluationOf(definition, input);
  const bundle = definition.bundle;
  const name = bundle.rules.price;
  const expanded = expandedRulesOf(bundle);
  const indexes = [...priceRuleIndexes(expanded, name)].sort((a, b) => a - b);
  const entries: RuleOnField[] = indexes.map((index) => {
    const rule = bundle.rules.rules[index];
    const source = options.sources?.[index];
    return {
      index,
      id: definition.ruleIds[index],
      kind: rule.kind,
      ...(rule.description !== undefined ? { description: rule.description } : {}),
      ...(specReferenceOf(rule.description) ? { spec: specReferenceOf(rule.description) } : {}),
      ...(source ? { source } : {}),
      actions: ['price'],
      targets: [],
      reads: [],
      affectsPrice: true,
      rule,
    };
  });
  const rules = explainRules(definition, entries, evaluation, undefined);
  return {
    ...(name !== undefined ? { name } : {}),
    price: evaluation.session.state.price,
    rules,
    lookups: rules.flatMap((rule) => rule.priceLookups ?? []),
  };
}
