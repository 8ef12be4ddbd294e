/**
 * The JSON-Logic evaluator and the few custom operators the rule vocabulary needs.
 * Standard json-logic-engine operators (var, if, and, or, ==, in, +, cat, length, some, ...) work as documented there.
 */
import { LogicEngine } from 'json-logic-engine';
import { charge, RuleBudgetExceeded, sizeOf } from './budget';
import { listExpressionInputs } from './expression-inputs';
import { meterLogic } from './metered-logic';
import { getIn, isEmpty } from './paths';
import { isPriceTable, lookupPrice } from './price-table';
import { safeRegExp, testPattern } from './safe-pattern';

/** Names of the custom operators, for the static checks and the docs. */
export const CUSTOM_OPERATORS = [
  'item',
  'matches',
  'isEmpty',
  'emailList',
  'num',
  'fill',
  'price',
  'entries',
  'floor',
  'round',
  'priceTable',
] as const;

/** Form equality: empty (absent, null, "") equals empty; 12 equals "12"; otherwise strict. */
export function isFormEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const aEmpty = a === undefined || a === null || a === '';
  const bEmpty = b === undefined || b === null || b === '';
  if (aEmpty || bEmpty) return aEmpty && bEmpty;
  if (typeof a === 'number' && typeof b === 'string') return toNumber(b) === a;
  if (typeof a === 'string' && typeof b === 'number') return toNumber(a) === b;
  return false;
}

/** Ordered comparison over numbers (numeric strings count); an empty or non-numeric side makes it false. */
function compareChain(args: unknown[], holds: (a: number, b: number) => boolean): boolean {
  if (!Array.isArray(args) || args.length < 2) return false;
  let previous = toNumber(args[0]);
  for (let i = 1; i < args.length; i++) {
    const current = toNumber(args[i]);
    if (previous === null || current === null || !holds(previous, current)) return false;
    previous = current;
  }
  return true;
}

/** The pattern compiled once, through the gate (issue 43); undefined when refused (check:definitions names it). */
function regexOf(pattern: unknown, flags: unknown): RegExp | undefined {
  if (typeof pattern !== 'string' || (flags !== undefined && typeof flags !== 'string')) return undefined;
  return safeRegExp(pattern, flags);
}

/** One address of a simple local@domain.tld form. */
const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** Whether the text is one or more comma-separated valid addresses (spec 1 §5, spec 2 §5.1). */
export function isEmailList(value: unknown): boolean {
  if (typeof value !== 'string' || value.trim() === '') return false;
  return value.split(',').every((part) => EMAIL.test(part.trim()));
}

/** A number from a number or a numeric string; null otherwise. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** A count from a value: its whole part; 0 for an empty, negative or non-numeric value. */
export function toCount(value: unknown): number {
  return Math.max(0, Math.floor(toNumber(value) ?? 0));
}

type Scope = Record<string, unknown> & {
  $index?: number;
  $context?: { prices?: Record<string, number> };
  $data?: Record<string, unknown>;
};

/** json-logic-engine's marker of a synchronous function (its compiler awaits a function in compiled code without it). */
const SYNC = Symbol.for('json_logic_sync');

/** The part of json-logic-engine's build state an operator's `compile` uses: its template tag. */
interface BuildState {
  compile: (strings: TemplateStringsArray, ...items: unknown[]) => unknown;
}

/**
 * A `compile` for json-logic-engine's build: the operator's arguments passed as parameters, not in an array made per
 * call (the default), when written as an array of one of `counts` arguments. `==` alone is written ~1000 times in the
 * sunroom's rules. `unary` serves an operator written with one non-array argument (`{"num": {"var": "x"}}`): the
 * default hands it that value, or the value wrapped in an array when it is none, so `unary` reads the first element
 * of an array. `withScope`: the scope is passed last, as the default passes it.
 */
function positional(
  direct: (...args: never[]) => unknown,
  counts: readonly number[],
  options: { unary?: (value: never) => unknown; withScope?: boolean } = {},
): (data: unknown, state: BuildState) => unknown {
  (direct as unknown as Record<symbol, boolean>)[SYNC] = true;
  if (options.unary) (options.unary as unknown as Record<symbol, boolean>)[SYNC] = true;
  return (data, state) => {
    if (!Array.isArray(data)) {
      if (!options.unary || data === null || typeof data !== 'object') return false;
      return state.compile`${options.unary}(${data})`;
    }
    if (!counts.includes(data.length)) return false;
    let code = state.compile`${direct}(`;
    for (let i = 0; i < data.length; i++)
      code = i === 0 ? state.compile`${code}${data[i]}` : state.compile`${code}, ${data[i]}`;
    if (!options.withScope) return state.compile`${code})`;
    return data.length > 0 ? state.compile`${code}, context)` : state.compile`${code}context)`;
  };
}

/** The first element of an array, else the value (what a unary operator reads of its one argument). */
function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

function isLess(a: unknown, b: unknown): boolean {
  const x = toNumber(a);
  const y = toNumber(b);
  return x !== null && y !== null && x < y;
}
function isAtMost(a: unknown, b: unknown): boolean {
  const x = toNumber(a);
  const y = toNumber(b);
  return x !== null && y !== null && x <= y;
}

/** The element of the array at `path` at the forEach index ($index) of the scope, else null. */
function itemOf(path: unknown, scope: Scope): unknown {
  const key = String(path);
  const array = key.includes('.') ? getIn(scope, key) : scope?.[key];
  if (array === null || typeof array !== 'object') return null;
  const value = (array as Record<number, unknown>)[scope?.$index ?? 0];
  return value === undefined ? null : value;
}

function floorOf(value: unknown): number | null {
  const number = toNumber(value);
  return number === null ? null : Math.floor(number);
}

function roundTo(value: unknown, decimals: unknown): number | null {
  const number = toNumber(value);
  if (number === null) return null;
  const factor = 10 ** Math.max(0, Math.min(10, Math.floor(toNumber(decimals) ?? 0)));
  return Math.round(number * factor) / factor;
}

function livePrice(name: unknown, fallback: unknown, scope: Scope): unknown {
  const live = scope?.$context?.prices?.[String(name)];
  return typeof live === 'number' && Number.isFinite(live) ? live : (fallback ?? null);
}

function priceTableValue(source: unknown, length: unknown, width: unknown, what: unknown, scope: Scope): unknown {
  const table = typeof source === 'string' ? scope?.$data?.[source] : source;
  if (!isPriceTable(table)) return null;
  const found = lookupPrice(table, toNumber(length), toNumber(width));
  if (!found) return null;
  if (what === 'lengthFeet') return found.lengthFeet;
  if (what === 'areaSquareFeet') return found.areaSquareFeet;
  return found.price;
}

function filled(count: unknown, value: unknown): unknown[] {
  const length = Math.max(0, Math.min(1000, Math.floor(toNumber(count) ?? 0)));
  charge(length);
  // A loop, not Array.from({ length }, fn): that calls back per element (angled Yes fills 12 arrays at once).
  const list = new Array<unknown>(length);
  for (let i = 0; i < length; i++) list[i] = value === undefined ? null : value;
  return list;
}

function matchesPattern(value: unknown, pattern: unknown, flags?: unknown): boolean {
  if (value === null || value === undefined) return false;
  const regex = regexOf(pattern, flags);
  // A refused pattern never runs; a text longer than MAX_PATTERN_INPUT is not scanned (neither matches).
  return regex !== undefined && testPattern(regex, String(value));
}

/** What json-logic-engine throws for an operator's invalid arguments: a constant, so a throw costs no stack trace. */
const INVALID_ARGUMENTS = { type: 'Invalid Arguments' };

/** json-logic-engine's `length` of a value: a string's or array's length, an object's key count; otherwise it throws. */
function lengthOf(value: unknown): number {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  if (value !== null && typeof value === 'object') return Object.keys(value).length;
  throw INVALID_ARGUMENTS;
}

/** A json-logic-engine instance with the vocabulary's custom operators. */
export function createLogicEngine(): LogicEngine {
  const engine = new LogicEngine();
  const add = (
    name: string,
    method: (args: never, scope: Scope) => unknown,
    deterministic: boolean,
    compile: (data: unknown, state: BuildState) => unknown,
  ) => engine.addMethod(name, { method, compile } as never, { deterministic });
  // Form-friendly comparisons replace the library's: an empty field is never < 4, "12" == 12, and no NaN throws
  // (json-logic-engine 5.0.7 also throws NaN for a comparison over an `if` holding a comparison).
  const isUnequal = (a: unknown, b: unknown) => !isFormEqual(a, b);
  const isMore = (a: unknown, b: unknown) => isLess(b, a);
  const isAtLeast = (a: unknown, b: unknown) => isAtMost(b, a);
  add('==', (args: unknown[]) => isFormEqual(args[0], args[1]), true, positional(isFormEqual, [2]));
  add('!=', (args: unknown[]) => !isFormEqual(args[0], args[1]), true, positional(isUnequal, [2]));
  add('<', (args: unknown[]) => compareChain(args, (a, b) => a < b), true, positional(isLess, [2]));
  add('<=', (args: unknown[]) => compareChain(args, (a, b) => a <= b), true, positional(isAtMost, [2]));
  add('>', (args: unknown[]) => compareChain(args, (a, b) => a > b), true, positional(isMore, [2]));
  add('>=', (args: unknown[]) => compareChain(args, (a, b) => a >= b), true, positional(isAtLeast, [2]));
  // {"item": "doorOption"}: the element of doorOption at the current forEach index ($index).
  add(
    'item',
    (args: unknown, scope: Scope) => itemOf(firstOf(args), scope),
    false,
    positional(itemOf, [1], { withScope: true }),
  );
  // {"matches": [value, "^\\d{5}$", "i"]}: regular-expression test; empty values never match.
  add(
    'matches',
    (args: unknown[]) => matchesPattern(args[0], args[1], args[2]),
    true,
    positional(matchesPattern, [2, 3]),
  );
  // {"isEmpty": value}: absent, null, "" or [].
  const isEmptyFirst = (value: unknown) => isEmpty(firstOf(value));
  add('isEmpty', (args: unknown) => isEmptyFirst(args), true, positional(isEmpty, [1], { unary: isEmptyFirst }));
  // {"emailList": value}: one or more comma-separated valid addresses.
  const isEmailListFirst = (value: unknown) => isEmailList(firstOf(value));
  add(
    'emailList',
    (args: unknown) => isEmailListFirst(args),
    true,
    positional(isEmailList, [1], { unary: isEmailListFirst }),
  );
  // {"num": value}: the number in a number or numeric string, else null.
  const numberFirst = (value: unknown) => toNumber(firstOf(value));
  add('num', (args: unknown) => numberFirst(args), true, positional(toNumber, [1], { unary: numberFirst }));
  // {"fill": [n, value]}: an array of n copies of value (resizing per-wall arrays).
  add('fill', (args: unknown[]) => filled(args[0], args[1]), true, positional(filled, [1, 2]));
  // {"price": ["RENDERING FULL COLOR", 950]}: the live price from $context.prices, else the default.
  add(
    'price',
    (args: unknown[], scope: Scope) => livePrice(args[0], args[1], scope),
    false,
    positional(livePrice, [2], { withScope: true }),
  );
  // {"entries": {"L1": "Main yard"}}: [{value: "L1", label: "Main yard"}] (options from an id -> name map).
  add(
    'entries',
    (args: unknown) => {
      const map = firstOf(args);
      if (map === null || typeof map !== 'object') return [];
      return Object.entries(map as Record<string, unknown>).map(([value, label]) => ({ value, label: String(label) }));
    },
    true,
    () => false,
  );
  // {"floor": value}: the largest integer not above a number (feet out of a length in inches); null for no number.
  const floorFirst = (value: unknown) => floorOf(firstOf(value));
  add('floor', (args: unknown) => floorFirst(args), true, positional(floorOf, [1], { unary: floorFirst }));
  // {"round": [value, decimals]}: rounded to that many decimals (default 0); null for no number.
  add(
    'round',
    (args: unknown) => {
      const [value, decimals] = Array.isArray(args) ? args : [args, 0];
      return roundTo(value, decimals);
    },
    true,
    positional(roundTo, [1, 2]),
  );
  // {"priceTable": [table or its $data name, length, width, "price" | "lengthFeet" | "areaSquareFeet"]}: a price-table
  // lookup after the table's rounding; null when a dimension is missing or the size is outside the table.
  add(
    'priceTable',
    (args: unknown[], scope: Scope) =>
      Array.isArray(args) ? priceTableValue(args[0], args[1], args[2], args[3], scope) : null,
    false,
    positional(priceTableValue, [4], { withScope: true }),
  );
  // The rule budget's meters (metered-logic.ts): a loop's list costs its length times the body's operators, a sized
  // input its size; both pass the value on unchanged.
  const eachOf = (list: unknown, bodyWeight: number) => {
    charge(sizeOf(list) * bodyWeight);
    return list;
  };
  const sizedOf = (value: unknown) => {
    charge(sizeOf(value));
    return value;
  };
  add('$each', (args: unknown[]) => eachOf(args[0], args[1] as number), false, positional(eachOf, [2]));
  add('$size', (args: unknown[]) => sizedOf(args[0]), false, positional(sizedOf, [1]));
  // The library's `length` interprets its argument on every call (it is lazy); compiled, it reads the compiled value.
  // (A new method object: the library's is shared by every engine.)
  (lengthOf as unknown as Record<symbol, boolean>)[SYNC] = true;
  engine.addMethod('length', {
    ...(engine.methods.length as object),
    compile: (data: unknown, state: BuildState) => {
      if (Array.isArray(data)) return data.length === 1 ? state.compile`${lengthOf}(${data[0]})` : false;
      return data !== null && typeof data === 'object' ? state.compile`${lengthOf}(${data})` : false;
    },
  } as never);
  return engine;
}

/** A function evaluating one expression against a scope; `inputs` lists the scope keys it reads (null: unknown). */
export interface Evaluate {
  (scope: object): unknown;
  inputs?: readonly string[] | null;
  /** Its number among the definition's expressions: where a session keeps its memoised results. */
  slot?: number;
}

/** Turn an expression into a function once: compiled (json-logic-engine build) or interpreted (engine.run per call). */
export function prepareExpression(engine: LogicEngine, logic: unknown, mode: 'compiled' | 'interpreted'): Evaluate {
  if (logic === null || typeof logic !== 'object') {
    const constant: Evaluate = () => logic;
    constant.inputs = [];
    return constant;
  }
  const metered = meterLogic(logic);
  const run =
    mode === 'compiled'
      ? (engine.build(metered.logic) as (scope: object) => unknown)
      : (scope: object) => engine.run(metered.logic, scope);
  const evaluate = meteredEvaluate(run, metered.weight);
  evaluate.inputs = listExpressionInputs(logic);
  return evaluate;
}

/**
 * The function a rule calls: its cost charged, and anything it throws on odd data (text where a number belongs) made
 * null, so the rule does not hold and the page never crashes; a pass over its budget stops, naming this expression.
 */
function meteredEvaluate(run: (scope: object) => unknown, weight: number): Evaluate {
  const evaluate: Evaluate = (scope) => {
    try {
      charge(weight);
      return run(scope);
    } catch (error) {
      if (error instanceof RuleBudgetExceeded) {
        error.slot ??= evaluate.slot;
        throw error;
      }
      return null;
    }
  };
  return evaluate;
}

/** Expressions built by json-logic-engine, by JSON text, for compileDefinition; the most recently used last. */
const builtExpressions = new Map<
  string,
  { run: (scope: object) => unknown; inputs: readonly string[] | null; weight: number }
>();
const BUILT_EXPRESSIONS_KEPT = 20_000;
let buildingEngine: LogicEngine | undefined;

/**
 * prepareExpression(createLogicEngine(), logic, 'compiled'), each expression text built once: the engine's methods are
 * the same in every engine createLogicEngine makes, and a definition recompiled after a one-rule edit (the workbench's
 * preview, a draft check) holds the same expressions but one. Building them again cost ~10-30 ms for the sunroom.
 */
export function prepareCompiledExpression(logic: unknown): Evaluate {
  if (logic === null || typeof logic !== 'object') return prepareExpression(createLogicEngine(), logic, 'compiled');
  const key = JSON.stringify(logic);
  let built = builtExpressions.get(key);
  if (built) builtExpressions.delete(key);
  else {
    buildingEngine ??= createLogicEngine();
    const metered = meterLogic(logic);
    built = {
      run: buildingEngine.build(metered.logic) as (scope: object) => unknown,
      inputs: listExpressionInputs(logic),
      weight: metered.weight,
    };
    if (builtExpressions.size >= BUILT_EXPRESSIONS_KEPT) builtExpressions.delete(builtExpressions.keys().next().value!);
  }
  builtExpressions.set(key, built);
  const evaluate = meteredEvaluate(built.run, built.weight);
  evaluate.inputs = built.inputs;
  return evaluate;
}
