/**
 * Golden orders (docs/golden-orders.md), without files: validate an order against the compiled definitions, replay it
 * through the engine, compare what it expects with the engine's state (each difference with its expected and actual
 * value), and count which rules fired. `npm run check:orders` (scripts/lib/golden-orders.ts reads the files), the
 * server's draft checks and the workbench's Web Worker all run this.
 */
import { createSession, type CompiledDefinition, type FormSession, type FormState } from '../engine/index';

/** Keys allowed in `expect` (the contract's list). */
export const EXPECT_KEYS = [
  'data',
  'missing',
  'missingIncludes',
  'missingExcludes',
  'labels',
  'errors',
  'notices',
  'hidden',
  'shown',
  'options',
  'submit',
  'price',
] as const;
const SUBMIT_KEYS = ['allowed', 'isOrdered', 'payload'];

/** One golden order file as written. */
export interface GoldenOrder {
  title?: string;
  form: string;
  context?: Record<string, unknown>;
  start?: Record<string, unknown>;
  steps?: ({ set: Record<string, unknown> } | { blur: string })[];
  expect?: Partial<Record<(typeof EXPECT_KEYS)[number], unknown>>;
}

/** Outcome of one file. */
export interface OrderResult {
  file: string;
  title: string;
  status: 'pass' | 'fail' | 'invalid';
  /** Differences (fail) or reasons (invalid), one line each. */
  details: string[];
}

/** One expectation the engine's state does not meet. */
export interface GoldenDifference {
  /** Which expectation, as check:orders names it: `expect.data.lengthFeet`, `expect.missing`, `expect.price`. */
  key: string;
  /** What the order expects (for a list, the whole list). */
  expected: unknown;
  /** What the engine has (for `missing`, `hidden`, `options`: the whole current list). */
  actual: unknown;
  /** The line check:orders prints. */
  message: string;
}

/** One order checked, with what a workbench shows: each difference, and the rules it fired. */
export interface GoldenOrderOutcome extends OrderResult {
  /** The order's form (absent when the file does not say one). */
  form?: string;
  /** Each failed expectation (empty for a pass and for an invalid order). */
  differences: GoldenDifference[];
  /** Ids of the rules the replay fired (when asked for). */
  fired?: string[];
}

/** Rules of a form fired by its golden orders. */
export interface FormCoverage {
  form: string;
  fired: number;
  defined: number;
  /** Rule ids no order fired, in rule order. */
  unfired: string[];
}

/** The compiled definitions orders run against, by form id. */
export type CompiledForms = ReadonlyMap<string, { compiled: CompiledDefinition }>;

// ---- comparison ----------------------------------------------------------------------------

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** Contract equality: absent = null = ""; 12 equals "12"; objects compare as subsets when `subset`. */
export function isEquivalent(expected: unknown, actual: unknown, subset = false): boolean {
  if (isBlank(expected) || isBlank(actual)) return isBlank(expected) && isBlank(actual);
  if (typeof expected === 'number' && typeof actual === 'string')
    return actual.trim() !== '' && Number(actual) === expected;
  if (typeof expected === 'string' && typeof actual === 'number')
    return expected.trim() !== '' && Number(expected) === actual;
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      (subset ? expected.length <= actual.length : expected.length === actual.length) &&
      expected.every((item, i) => isEquivalent(item, actual[i], subset))
    );
  }
  if (typeof expected === 'object' && typeof actual === 'object') {
    const e = expected as Record<string, unknown>;
    const a = actual as Record<string, unknown>;
    const keys = subset ? Object.keys(e) : [...new Set([...Object.keys(e), ...Object.keys(a)])];
    return keys.every((key) => isEquivalent(e[key], a[key], subset));
  }
  return expected === actual;
}

function getPath(data: unknown, dotPath: string): unknown {
  let node = data;
  for (const key of dotPath.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

const show = (value: unknown) => (value === undefined ? 'null' : JSON.stringify(value));

function setDifference(name: string, expected: unknown[], actual: unknown[], exact: boolean): string | undefined {
  const has = (list: unknown[], item: unknown) => list.some((other) => isEquivalent(item, other));
  const absent = expected.filter((item) => !has(actual, item));
  const extra = exact ? actual.filter((item) => !has(expected, item)) : [];
  if (absent.length === 0 && extra.length === 0) return undefined;
  const parts = [];
  if (extra.length > 0) parts.push(`extra ${JSON.stringify(extra)}`);
  if (absent.length > 0) parts.push(`absent ${JSON.stringify(absent)}`);
  return `${name}: ${parts.join(', ')}`;
}

function isHiddenIn(state: FormState, dotPath: string): boolean {
  return state.hidden.some((hidden) => dotPath === hidden || dotPath.startsWith(`${hidden}.`));
}

/**
 * Each expectation the engine's state does not meet, with the expected and actual values; empty when the order
 * passes. `notices` are the toast texts the steps raised, in order (default: those of the last edit).
 */
export function findDifferences(
  expect: GoldenOrder['expect'] & object,
  state: FormState,
  notices: string[] = state.notices.map((n) => n.message),
): GoldenDifference[] {
  const out: GoldenDifference[] = [];
  const add = (key: string, expected: unknown, actual: unknown, message: string) =>
    out.push({ key, expected, actual, message });
  const missingPaths = state.missing.map((m) => m.path);
  if (expect.data) {
    for (const [key, value] of Object.entries(expect.data as Record<string, unknown>)) {
      const actual = getPath(state.data, key);
      if (!isEquivalent(value, actual, true))
        add(`expect.data.${key}`, value, actual, `expect.data.${key}: expected ${show(value)}, got ${show(actual)}`);
    }
  }
  for (const [name, exact] of [
    ['missing', true],
    ['missingIncludes', false],
  ] as const) {
    const expected = expect[name] as unknown[] | undefined;
    if (!expected) continue;
    const diff = setDifference(`expect.${name}`, expected, missingPaths, exact);
    if (diff) add(`expect.${name}`, expected, missingPaths, diff);
  }
  if (expect.missingExcludes) {
    const present = (expect.missingExcludes as string[]).filter((p) => missingPaths.includes(p));
    if (present.length > 0)
      add(
        'expect.missingExcludes',
        expect.missingExcludes,
        missingPaths,
        `expect.missingExcludes: present ${JSON.stringify(present)}`,
      );
  }
  if (expect.labels) {
    for (const [key, label] of Object.entries(expect.labels as Record<string, unknown>)) {
      const actual = state.missing.find((m) => m.path === key)?.label;
      if (!isEquivalent(label, actual))
        add(
          `expect.labels.${key}`,
          label,
          actual,
          `expect.labels.${key}: expected ${show(label)}, got ${actual === undefined ? 'not missing' : show(actual)}`,
        );
    }
  }
  if (expect.errors) {
    for (const [key, message] of Object.entries(expect.errors as Record<string, unknown>)) {
      const actual = state.errors[key];
      if (!isEquivalent(message, actual))
        add(
          `expect.errors.${key}`,
          message,
          actual ?? null,
          `expect.errors.${key}: expected ${show(message)}, got ${show(actual ?? null)}`,
        );
    }
  }
  if (expect.notices) {
    const expected = expect.notices as string[];
    const isSame = expected.length === notices.length && expected.every((message, i) => message === notices[i]);
    if (!isSame)
      add(
        'expect.notices',
        expected,
        notices,
        `expect.notices: expected ${JSON.stringify(expected)}, got ${JSON.stringify(notices)}`,
      );
  }
  if (expect.hidden) {
    const notHidden = (expect.hidden as string[]).filter((p) => !isHiddenIn(state, p));
    if (notHidden.length > 0)
      add('expect.hidden', expect.hidden, state.hidden, `expect.hidden: shown ${JSON.stringify(notHidden)}`);
  }
  if (expect.shown) {
    const hidden = (expect.shown as string[]).filter((p) => isHiddenIn(state, p));
    if (hidden.length > 0)
      add('expect.shown', expect.shown, state.hidden, `expect.shown: hidden ${JSON.stringify(hidden)}`);
  }
  if (expect.options) {
    for (const [key, values] of Object.entries(expect.options as Record<string, unknown[]>)) {
      const offered = state.options[key]?.map((o) => o.value) ?? [];
      const diff = setDifference(`expect.options.${key}`, values, offered, true);
      if (diff) add(`expect.options.${key}`, values, offered, diff);
    }
  }
  if (expect.submit) {
    const submit = expect.submit as { allowed?: boolean; isOrdered?: boolean; payload?: Record<string, unknown> };
    if (submit.allowed !== undefined && submit.allowed !== state.isSubmittable) {
      const why = state.isSubmittable
        ? ''
        : ` (missing ${JSON.stringify(missingPaths)}, errors ${JSON.stringify(state.errors)})`;
      add(
        'expect.submit.allowed',
        submit.allowed,
        state.isSubmittable,
        `expect.submit.allowed: expected ${submit.allowed}, got ${state.isSubmittable}${why}`,
      );
    }
    if (submit.isOrdered !== undefined && submit.isOrdered !== state.isOrdered)
      add(
        'expect.submit.isOrdered',
        submit.isOrdered,
        state.isOrdered,
        `expect.submit.isOrdered: expected ${submit.isOrdered}, got ${state.isOrdered}`,
      );
    for (const [key, value] of Object.entries(submit.payload ?? {})) {
      const actual = getPath(state.payload, key);
      if (!isEquivalent(value, actual, true))
        add(
          `expect.submit.payload.${key}`,
          value,
          actual,
          `expect.submit.payload.${key}: expected ${show(value)}, got ${show(actual)}`,
        );
    }
  }
  if ('price' in expect && !isEquivalent(expect.price, state.price))
    add(
      'expect.price',
      expect.price,
      state.price,
      `expect.price: expected ${show(expect.price)}, got ${show(state.price)}`,
    );
  return out;
}

/** The differences as the lines check:orders prints; empty when the order passes. */
export function compareExpectations(
  expect: GoldenOrder['expect'] & object,
  state: FormState,
  notices?: string[],
): string[] {
  return findDifferences(expect, state, notices).map((difference) => difference.message);
}

// ---- validation ----------------------------------------------------------------------------

function leafPaths(value: unknown, prefix: string): string[] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0) {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
      leafPaths(child, prefix ? `${prefix}.${key}` : key),
    );
  }
  if (Array.isArray(value) && value.length > 0 && value.some((v) => v !== null && typeof v === 'object')) {
    return value.flatMap((child, i) => leafPaths(child, `${prefix}.${i}`));
  }
  return prefix ? [prefix] : [];
}

/** Reasons a parsed file is not a valid golden order for the known definitions (empty when valid). */
export function validateGoldenOrder(order: unknown, definitions: CompiledForms): string[] {
  if (order === null || typeof order !== 'object' || Array.isArray(order)) return ['not a JSON object'];
  const o = order as Record<string, unknown>;
  const reasons: string[] = [];
  if (typeof o.form !== 'string') return ['"form" must name a form id'];
  const definition = definitions.get(o.form)?.compiled;
  if (!definition) return [`unknown form "${o.form}" (known: ${[...definitions.keys()].join(', ') || 'none'})`];
  if (o.title !== undefined && typeof o.title !== 'string') reasons.push('"title" must be a string');
  const checkPath = (p: unknown, where: string) => {
    if (typeof p !== 'string' || !definition.hasPath(p))
      reasons.push(`${where}: unknown path ${JSON.stringify(p)} (not in the ${o.form} schema)`);
  };
  if (o.context !== undefined && (o.context === null || typeof o.context !== 'object' || Array.isArray(o.context)))
    reasons.push('"context" must be an object');
  if (o.start !== undefined) {
    if (o.start === null || typeof o.start !== 'object' || Array.isArray(o.start))
      reasons.push('"start" must be an object');
    else leafPaths(o.start, '').forEach((p) => checkPath(p, 'start'));
  }
  if (o.steps !== undefined) {
    if (!Array.isArray(o.steps)) reasons.push('"steps" must be an array');
    else
      o.steps.forEach((step, i) => {
        const where = `steps[${i}]`;
        if (
          step &&
          typeof step === 'object' &&
          Object.keys(step).length === 1 &&
          'set' in step &&
          step.set &&
          typeof step.set === 'object'
        ) {
          Object.keys(step.set).forEach((p) => checkPath(p, `${where}.set`));
        } else if (step && typeof step === 'object' && Object.keys(step).length === 1 && 'blur' in step) {
          checkPath(step.blur, `${where}.blur`);
        } else reasons.push(`${where}: a step is {"set": {path: value}} or {"blur": path}`);
      });
  }
  if (o.expect !== undefined) {
    if (o.expect === null || typeof o.expect !== 'object' || Array.isArray(o.expect))
      return [...reasons, '"expect" must be an object'];
    const e = o.expect as Record<string, unknown>;
    for (const key of Object.keys(e))
      if (!(EXPECT_KEYS as readonly string[]).includes(key))
        reasons.push(`unknown key in expect: "${key}" (allowed: ${EXPECT_KEYS.join(', ')})`);
    const objectKeys = (key: string) => {
      if (e[key] === undefined) return;
      if (e[key] === null || typeof e[key] !== 'object' || Array.isArray(e[key]))
        reasons.push(`expect.${key} must be an object`);
      else Object.keys(e[key] as object).forEach((p) => checkPath(p, `expect.${key}`));
    };
    const listPaths = (key: string) => {
      if (e[key] === undefined) return;
      if (!Array.isArray(e[key])) reasons.push(`expect.${key} must be an array of paths`);
      else (e[key] as unknown[]).forEach((p) => checkPath(p, `expect.${key}`));
    };
    ['data', 'labels', 'errors', 'options'].forEach(objectKeys);
    ['missing', 'missingIncludes', 'missingExcludes', 'hidden', 'shown'].forEach(listPaths);
    if (e.options && typeof e.options === 'object') {
      for (const [key, list] of Object.entries(e.options as object))
        if (!Array.isArray(list)) reasons.push(`expect.options.${key} must be an array of values`);
    }
    if (e.submit !== undefined) {
      if (e.submit === null || typeof e.submit !== 'object') reasons.push('expect.submit must be an object');
      else
        for (const key of Object.keys(e.submit))
          if (!SUBMIT_KEYS.includes(key))
            reasons.push(`unknown key in expect.submit: "${key}" (allowed: ${SUBMIT_KEYS.join(', ')})`);
    }
    if (e.notices !== undefined && (!Array.isArray(e.notices) || !e.notices.every((n) => typeof n === 'string')))
      reasons.push('expect.notices must be an array of texts');
    if (e.price !== undefined && typeof e.price !== 'number' && typeof e.price !== 'string')
      reasons.push('expect.price must be a number or a text');
  }
  return reasons;
}

// ---- replay --------------------------------------------------------------------------------

/** Replay one valid order: load `start`, apply each step as the page would. */
export function replayOrder(order: GoldenOrder, definition: CompiledDefinition): FormSession {
  return replayWithNotices(order, definition).session;
}

/** Replay one valid order and collect the toast texts its steps raised, in order. */
export function replayWithNotices(
  order: GoldenOrder,
  definition: CompiledDefinition,
): { session: FormSession; notices: string[] } {
  const session = createSession(definition, { context: order.context ?? {}, start: order.start });
  const notices: string[] = [];
  for (const step of order.steps ?? []) {
    if ('set' in step) {
      for (const [p, value] of Object.entries(step.set))
        notices.push(...session.set(p, value).notices.map((n) => n.message));
    } else notices.push(...session.blur(step.blur).notices.map((n) => n.message));
  }
  return { session, notices };
}

/** The `form` an order's text names, cheaply (undefined when it is not JSON or names none). */
export function formOfOrderText(text: string): string | undefined {
  try {
    const value = JSON.parse(text) as { form?: unknown } | null;
    return typeof value?.form === 'string' ? value.form : undefined;
  } catch {
    return undefined;
  }
}

/** Options of checkGoldenOrder. */
export interface CheckOrderOptions {
  /** Collects coverage: form -> ids of the rules fired. */
  fired?: Map<string, Set<string>>;
  /** List the rules this order fired in its outcome. */
  listFired?: boolean;
}

/**
 * Check one golden order given as text (a file's content) against the definitions: not JSON or not a valid golden
 * order -> `invalid`, else replayed and compared, each difference with its expected and actual value.
 */
export function checkGoldenOrder(
  file: string,
  text: string,
  definitions: CompiledForms,
  options: CheckOrderOptions = {},
): GoldenOrderOutcome {
  let order: unknown;
  try {
    order = JSON.parse(text);
  } catch (error) {
    return { file, title: '', status: 'invalid', details: [`not JSON: ${(error as Error).message}`], differences: [] };
  }
  const isObject = order !== null && typeof order === 'object';
  const title = isObject && typeof (order as GoldenOrder).title === 'string' ? (order as GoldenOrder).title! : '';
  const form = isObject && typeof (order as GoldenOrder).form === 'string' ? (order as GoldenOrder).form : undefined;
  const named = form === undefined ? {} : { form };
  const reasons = validateGoldenOrder(order, definitions);
  if (reasons.length > 0) return { file, title, ...named, status: 'invalid', details: reasons, differences: [] };
  const golden = order as GoldenOrder;
  const definition = definitions.get(golden.form)!.compiled;
  let differences: GoldenDifference[];
  let details: string[];
  let fired: string[] | undefined;
  try {
    const { session, notices } = replayWithNotices(golden, definition);
    differences = findDifferences(golden.expect ?? {}, session.state, notices);
    details = differences.map((d) => d.message);
    if (options.fired) {
      const set = options.fired.get(golden.form) ?? new Set<string>();
      for (const id of session.firedRuleIds()) set.add(id);
      options.fired.set(golden.form, set);
    }
    if (options.listFired) fired = [...session.firedRuleIds()];
  } catch (error) {
    differences = [];
    details = [`the engine failed: ${(error as Error).message}`];
  }
  return {
    file,
    title,
    ...named,
    status: details.length === 0 ? 'pass' : 'fail',
    details,
    differences,
    ...(fired ? { fired } : {}),
  };
}

/**
 * checkGoldenOrder as check:orders and the server's draft checks report it: file, title, status and one line per
 * difference or reason. `fired` (form -> rule ids) collects coverage when given.
 */
export function checkGoldenOrderText(
  file: string,
  text: string,
  definitions: CompiledForms,
  fired?: Map<string, Set<string>>,
): OrderResult {
  const outcome = checkGoldenOrder(file, text, definitions, { fired });
  return { file: outcome.file, title: outcome.title, status: outcome.status, details: outcome.details };
}

/** Per form that fired anything, how many of its rules fired and which did not, by form id. */
export function coverageOf(
  fired: ReadonlyMap<string, ReadonlySet<string>>,
  definitions: CompiledForms,
): FormCoverage[] {
  // Sorted as check:orders always has (by the entries' text: the form id first).
  return [...fired.entries()].sort().flatMap(([form, ids]) => {
    const all = definitions.get(form)?.compiled.ruleIds;
    if (!all) return [];
    return [
      {
        form,
        fired: all.filter((id) => ids.has(id)).length,
        defined: all.length,
        unfired: all.filter((id) => !ids.has(id)),
      },
    ];
  });
}

/** Outcome of a run. */
export interface GoldenRun {
  results: OrderResult[];
  passed: number;
  failed: number;
  invalid: number;
  coverage: FormCoverage[];
  /** 0 all pass, 1 some fail, 2 some file is not a valid golden order. */
  exitCode: 0 | 1 | 2;
}

/** The report lines the command prints: PASS/FAIL per order, indented differences, coverage, `N passed, N failed`. */
export function formatRun(run: GoldenRun): string[] {
  const lines: string[] = [];
  for (const result of run.results) {
    const title = result.title ? ` ${result.title}` : '';
    if (result.status === 'pass') lines.push(`PASS ${result.file}${title}`);
    else {
      lines.push(`FAIL ${result.file}${title}${result.status === 'invalid' ? ' (not a valid golden order)' : ''}`);
      for (const detail of result.details) lines.push(`  ${detail}`);
    }
  }
  for (const c of run.coverage) {
    const percent = c.defined === 0 ? 100 : Math.round((c.fired / c.defined) * 100);
    lines.push(
      `coverage ${c.form}: ${c.fired}/${c.defined} rules fired (${percent}%)${c.unfired.length > 0 ? `; not fired: ${c.unfired.slice(0, 12).join(', ')}${c.unfired.length > 12 ? ', ...' : ''}` : ''}`,
    );
  }
  lines.push(`${run.passed} passed, ${run.failed} failed`);
  return lines;
}
