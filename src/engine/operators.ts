/**
 * The JSON-Logic evaluator and the few custom operators the rule vocabulary needs.
 * Standard json-logic-engine operators (var, if, and, or, ==, in, +, cat, length, some, ...) work as documented there.
 */
import { LogicEngine } from 'json-logic-engine';
import { listExpressionInputs } from './expression-inputs';
import { getIn, isEmpty } from './paths';
import { isPriceTable, lookupPrice } from './price-table';

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

const regexCache = new Map<string, RegExp>();
function regexOf(pattern: string, flags = ''): RegExp {
  const key = `${flags}/${pattern}`;
  let regex = regexCache.get(key);
  if (!regex) {
    regex = new RegExp(pattern, flags);
    regexCache.set(key, regex);
  }
  return regex;
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

type Scope = Record<string, unknown> & {
  $index?: number;
  $context?: { prices?: Record<string, number> };
  $data?: Record<string, unknown>;
};

/** A json-logic-engine instance with the vocabulary's custom operators. */
export function createLogicEngine(): LogicEngine {
  const engine = new LogicEngine();
  // Form-friendly comparisons replace the library's: an empty field is never < 4, "12" == 12, and no NaN throws
  // (json-logic-engine 5.0.7 also throws NaN for a comparison over an `if` holding a comparison).
  engine.addMethod('==', (args: unknown[]) => isFormEqual(args[0], args[1]), { deterministic: true });
  engine.addMethod('!=', (args: unknown[]) => !isFormEqual(args[0], args[1]), { deterministic: true });
  engine.addMethod('<', (args: unknown[]) => compareChain(args, (a, b) => a < b), { deterministic: true });
  engine.addMethod('<=', (args: unknown[]) => compareChain(args, (a, b) => a <= b), { deterministic: true });
  engine.addMethod('>', (args: unknown[]) => compareChain(args, (a, b) => a > b), { deterministic: true });
  engine.addMethod('>=', (args: unknown[]) => compareChain(args, (a, b) => a >= b), { deterministic: true });
  // {"item": "doorOption"}: the element of doorOption at the current forEach index ($index).
  engine.addMethod(
    'item',
    (args: unknown, scope: Scope) => {
      const path = Array.isArray(args) ? args[0] : args;
      // getIn(scope, `${path}.${$index}`) without building that path on every call.
      const array = getIn(scope, String(path));
      if (array === null || typeof array !== 'object') return null;
      const value = (array as Record<number, unknown>)[scope?.$index ?? 0];
      return value === undefined ? null : value;
    },
    { deterministic: false },
  );
  // {"matches": [value, "^\\d{5}$", "i"]}: regular-expression test; empty values never match.
  engine.addMethod(
    'matches',
    (args: unknown[]) => {
      const [value, pattern, flags] = args as [unknown, string, string?];
      if (value === null || value === undefined) return false;
      return regexOf(pattern, flags).test(String(value));
    },
    { deterministic: true },
  );
  // {"isEmpty": value}: absent, null, "" or [].
  engine.addMethod('isEmpty', (args: unknown) => isEmpty(Array.isArray(args) ? args[0] : args), {
    deterministic: true,
  });
  // {"emailList": value}: one or more comma-separated valid addresses.
  engine.addMethod('emailList', (args: unknown) => isEmailList(Array.isArray(args) ? args[0] : args), {
    deterministic: true,
  });
  // {"num": value}: the number in a number or numeric string, else null.
  engine.addMethod('num', (args: unknown) => toNumber(Array.isArray(args) ? args[0] : args), { deterministic: true });
  // {"fill": [n, value]}: an array of n copies of value (resizing per-wall arrays).
  engine.addMethod(
    'fill',
    (args: unknown[]) => {
      const count = Math.max(0, Math.min(1000, Math.floor(toNumber(args[0]) ?? 0)));
      return Array.from({ length: count }, () => (args[1] === undefined ? null : args[1]));
    },
    { deterministic: true },
  );
  // {"price": ["RENDERING FULL COLOR", 950]}: the live price from $context.prices, else the default.
  engine.addMethod(
    'price',
    (args: unknown[], scope: Scope) => {
      const live = scope?.$context?.prices?.[String(args[0])];
      return typeof live === 'number' && Number.isFinite(live) ? live : (args[1] ?? null);
    },
    { deterministic: false },
  );
  // {"entries": {"L1": "Main yard"}}: [{value: "L1", label: "Main yard"}] (options from an id -> name map).
  engine.addMethod(
    'entries',
    (args: unknown) => {
      const map = Array.isArray(args) ? args[0] : args;
      if (map === null || typeof map !== 'object') return [];
      return Object.entries(map as Record<string, unknown>).map(([value, label]) => ({ value, label: String(label) }));
    },
    { deterministic: true },
  );
  // {"floor": value}: the largest integer not above a number (feet out of a length in inches); null for no number.
  engine.addMethod(
    'floor',
    (args: unknown) => {
      const number = toNumber(Array.isArray(args) ? args[0] : args);
      return number === null ? null : Math.floor(number);
    },
    { deterministic: true },
  );
  // {"round": [value, decimals]}: rounded to that many decimals (default 0); null for no number.
  engine.addMethod(
    'round',
    (args: unknown) => {
      const [value, decimals] = Array.isArray(args) ? args : [args, 0];
      const number = toNumber(value);
      if (number === null) return null;
      const factor = 10 ** Math.max(0, Math.min(10, Math.floor(toNumber(decimals) ?? 0)));
      return Math.round(number * factor) / factor;
    },
    { deterministic: true },
  );
  // {"priceTable": [table or its $data name, length, width, "price" | "lengthFeet" | "areaSquareFeet"]}: a price-table
  // lookup after the table's rounding; null when a dimension is missing or the size is outside the table.
  engine.addMethod(
    'priceTable',
    (args: unknown[], scope: Scope) => {
      if (!Array.isArray(args)) return null;
      const [source, length, width, what] = args;
      const table = typeof source === 'string' ? scope?.$data?.[source] : source;
      if (!isPriceTable(table)) return null;
      const found = lookupPrice(table, toNumber(length), toNumber(width));
      if (!found) return null;
      if (what === 'lengthFeet') return found.lengthFeet;
      if (what === 'areaSquareFeet') return found.areaSquareFeet;
      return found.price;
    },
    { deterministic: false },
  );
  return engine;
}

/** A function evaluating one expression against a scope; `inputs` lists the scope keys it reads (null: unknown). */
export interface Evaluate {
  (scope: object): unknown;
  inputs?: readonly string[] | null;
}

/** Turn an expression into a function once: compiled (json-logic-engine build) or interpreted (engine.run per call). */
export function prepareExpression(engine: LogicEngine, logic: unknown, mode: 'compiled' | 'interpreted'): Evaluate {
  if (logic === null || typeof logic !== 'object') {
    const constant: Evaluate = () => logic;
    constant.inputs = [];
    return constant;
  }
  const run =
    mode === 'compiled'
      ? (engine.build(logic) as (scope: object) => unknown)
      : (scope: object) => engine.run(logic, scope);
  // A rule that cannot be evaluated on odd data (text where a number belongs) does not hold; the page never crashes.
  const evaluate: Evaluate = (scope) => {
    try {
      return run(scope);
    } catch {
      return null;
    }
  };
  evaluate.inputs = listExpressionInputs(logic);
  return evaluate;
}

/** Expressions built by json-logic-engine, by JSON text, for compileDefinition; the most recently used last. */
const builtExpressions = new Map<string, { run: (scope: object) => unknown; inputs: readonly string[] | null }>();
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
    built = { run: buildingEngine.build(logic) as (scope: object) => unknown, inputs: listExpressionInputs(logic) };
    if (builtExpressions.size >= BUILT_EXPRESSIONS_KEPT) builtExpressions.delete(builtExpressions.keys().next().value!);
  }
  builtExpressions.set(key, built);
  const { run } = built;
  // A rule that cannot be evaluated on odd data (text where a number belongs) does not hold; the page never crashes.
  const evaluate: Evaluate = (scope) => {
    try {
      return run(scope);
    } catch {
      return null;
    }
  };
  evaluate.inputs = built.inputs;
  return evaluate;
}
