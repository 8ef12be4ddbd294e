/**
 * Golden orders (docs/golden-orders.md): load, validate, replay through the engine, compare.
 * The core of `npm run check:orders`, callable from tests.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createSession, type CompiledDefinition, type FormState } from '../../src/engine/index';
import { loadAllDefinitions } from '../../src/server/definitions/index';

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

/** Outcome of a run. */
export interface GoldenRun {
  results: OrderResult[];
  passed: number;
  failed: number;
  invalid: number;
  coverage: { form: string; fired: number; defined: number; unfired: string[] }[];
  /** 0 all pass, 1 some fail, 2 some file is not a valid golden order. */
  exitCode: 0 | 1 | 2;
}

/** Every *.json below the targets (files as given), sorted; a missing target is reported. */
export function collectFiles(targets: string[]): { files: string[]; missingTargets: string[] } {
  const files: string[] = [];
  const missingTargets: string[] = [];
  const walk = (target: string) => {
    const stat = statSync(target);
    if (stat.isDirectory()) {
      for (const name of readdirSync(target).sort()) walk(path.join(target, name));
    } else if (target.endsWith('.json')) files.push(target);
  };
  for (const target of targets) {
    if (!existsSync(target)) missingTargets.push(target);
    else if (statSync(target).isFile()) files.push(target);
    else walk(target);
  }
  return { files, missingTargets };
}

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
 * Differences between what the order expects and the engine's state; empty when it passes. `notices` are the toast
 * texts the steps raised, in order (default: those of the last edit).
 */
export function compareExpectations(
  expect: GoldenOrder['expect'] & object,
  state: FormState,
  notices: string[] = state.notices.map((n) => n.message),
): string[] {
  const out: string[] = [];
  const missingPaths = state.missing.map((m) => m.path);
  if (expect.data) {
    for (const [key, value] of Object.entries(expect.data as Record<string, unknown>)) {
      const actual = getPath(state.data, key);
      if (!isEquivalent(value, actual, true))
        out.push(`expect.data.${key}: expected ${show(value)}, got ${show(actual)}`);
    }
  }
  if (expect.missing) {
    const diff = setDifference('expect.missing', expect.missing as unknown[], missingPaths, true);
    if (diff) out.push(diff);
  }
  if (expect.missingIncludes) {
    const diff = setDifference('expect.missingIncludes', expect.missingIncludes as unknown[], missingPaths, false);
    if (diff) out.push(diff);
  }
  if (expect.missingExcludes) {
    const present = (expect.missingExcludes as string[]).filter((p) => missingPaths.includes(p));
    if (present.length > 0) out.push(`expect.missingExcludes: present ${JSON.stringify(present)}`);
  }
  if (expect.labels) {
    for (const [key, label] of Object.entries(expect.labels as Record<string, unknown>)) {
      const actual = state.missing.find((m) => m.path === key)?.label;
      if (!isEquivalent(label, actual))
        out.push(
          `expect.labels.${key}: expected ${show(label)}, got ${actual === undefined ? 'not missing' : show(actual)}`,
        );
    }
  }
  if (expect.errors) {
    for (const [key, message] of Object.entries(expect.errors as Record<string, unknown>)) {
      const actual = state.errors[key];
      if (!isEquivalent(message, actual))
        out.push(`expect.errors.${key}: expected ${show(message)}, got ${show(actual ?? null)}`);
    }
  }
  if (expect.notices) {
    const expected = expect.notices as string[];
    const isSame = expected.length === notices.length && expected.every((message, i) => message === notices[i]);
    if (!isSame) out.push(`expect.notices: expected ${JSON.stringify(expected)}, got ${JSON.stringify(notices)}`);
  }
  if (expect.hidden) {
    const notHidden = (expect.hidden as string[]).filter((p) => !isHiddenIn(state, p));
    if (notHidden.length > 0) out.push(`expect.hidden: shown ${JSON.stringify(notHidden)}`);
  }
  if (expect.shown) {
    const hidden = (expect.shown as string[]).filter((p) => isHiddenIn(state, p));
    if (hidden.length > 0) out.push(`expect.shown: hidden ${JSON.stringify(hidden)}`);
  }
  if (expect.options) {
    for (const [key, values] of Object.entries(expect.options as Record<string, unknown[]>)) {
      const offered = state.options[key]?.map((o) => o.value) ?? [];
      const diff = setDifference(`expect.options.${key}`, values, offered, true);
      if (diff) out.push(diff);
    }
  }
  if (expect.submit) {
    const submit = expect.submit as { allowed?: boolean; isOrdered?: boolean; payload?: Record<string, unknown> };
    if (submit.allowed !== undefined && submit.allowed !== state.isSubmittable) {
      const why = state.isSubmittable
        ? ''
        : ` (missing ${JSON.stringify(missingPaths)}, errors ${JSON.stringify(state.errors)})`;
      out.push(`expect.submit.allowed: expected ${submit.allowed}, got ${state.isSubmittable}${why}`);
    }
    if (submit.isOrdered !== undefined && submit.isOrdered !== state.isOrdered)
      out.push(`expect.submit.isOrdered: expected ${submit.isOrdered}, got ${state.isOrdered}`);
    for (const [key, value] of Object.entries(submit.payload ?? {})) {
      const actual = getPath(state.payload, key);
      if (!isEquivalent(value, actual, true))
        out.push(`expect.submit.payload.${key}: expected ${show(value)}, got ${show(actual)}`);
    }
  }
  if ('price' in expect && !isEquivalent(expect.price, state.price))
    out.push(`expect.price: expected ${show(expect.price)}, got ${show(state.price)}`);
  return out;
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
export function validateGoldenOrder(
  order: unknown,
  definitions: Map<string, { compiled: CompiledDefinition }>,
): string[] {
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
export function replayOrder(order: GoldenOrder, definition: CompiledDefinition) {
  return replayWithNotices(order, definition).session;
}

/** Replay one valid order and collect the toast texts its steps raised, in order. */
export function replayWithNotices(order: GoldenOrder, definition: CompiledDefinition) {
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

/** Options of runGoldenOrders. */
export interface RunOptions {
  definitionsDir?: string;
  definitions?: Map<string, { compiled: CompiledDefinition }>;
}

/**
 * Check one golden order given as text (a file's content) against the definitions: not JSON or not a valid golden
 * order -> `invalid`, else replayed and compared. `fired` (form -> rule ids) collects coverage when given. The core
 * of runGoldenOrders, also called by the server for a draft's golden orders (services/definition-versions).
 */
export function checkGoldenOrderText(
  file: string,
  text: string,
  definitions: Map<string, { compiled: CompiledDefinition }>,
  fired?: Map<string, Set<string>>,
): OrderResult {
  let order: unknown;
  try {
    order = JSON.parse(text);
  } catch (error) {
    return { file, title: '', status: 'invalid', details: [`not JSON: ${(error as Error).message}`] };
  }
  const title =
    order && typeof order === 'object' && typeof (order as GoldenOrder).title === 'string'
      ? (order as GoldenOrder).title!
      : '';
  const reasons = validateGoldenOrder(order, definitions);
  if (reasons.length > 0) return { file, title, status: 'invalid', details: reasons };
  const golden = order as GoldenOrder;
  const definition = definitions.get(golden.form)!.compiled;
  let details: string[];
  try {
    const { session, notices } = replayWithNotices(golden, definition);
    details = compareExpectations(golden.expect ?? {}, session.state, notices);
    if (fired) {
      const set = fired.get(golden.form) ?? new Set<string>();
      for (const id of session.firedRuleIds()) set.add(id);
      fired.set(golden.form, set);
    }
  } catch (error) {
    details = [`the engine failed: ${(error as Error).message}`];
  }
  return { file, title, status: details.length === 0 ? 'pass' : 'fail', details };
}

/** Check every golden order below the targets (default tests/golden). */
export function runGoldenOrders(targets: string[] = ['tests/golden'], options: RunOptions = {}): GoldenRun {
  const definitions = options.definitions ?? loadAllDefinitions(options.definitionsDir ?? 'definitions').definitions;
  const { files, missingTargets } = collectFiles(targets);
  const results: OrderResult[] = missingTargets.map((file) => ({
    file,
    title: '',
    status: 'invalid',
    details: ['no such file or directory'],
  }));
  const fired = new Map<string, Set<string>>();
  for (const file of files) results.push(checkGoldenOrderText(file, readFileSync(file, 'utf8'), definitions, fired));
  const coverage = [...fired.entries()].sort().map(([form, ids]) => {
    const all = definitions.get(form)!.compiled.ruleIds;
    return {
      form,
      fired: all.filter((id) => ids.has(id)).length,
      defined: all.length,
      unfired: all.filter((id) => !ids.has(id)),
    };
  });
  const passed = results.filter((r) => r.status === 'pass').length;
  const invalid = results.filter((r) => r.status === 'invalid').length;
  const failed = results.length - passed;
  return { results, passed, failed, invalid, coverage, exitCode: invalid > 0 ? 2 : failed > 0 ? 1 : 0 };
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
