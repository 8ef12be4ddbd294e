/** createSession: a running form. Each edit fires its change rules, then one derivation pass computes everything the page shows. */
import type {
  CompiledDefinition,
  FormContext,
  FormSession,
  FormState,
  MissingField,
  Notice,
  Option,
  SessionOptions,
} from './types';
import {
  internalsOf,
  ruleOfSlot,
  typeAtPath,
  type ChangeRule,
  type DefinitionInternals,
  type ForceRule,
  type OptionField,
  type RequiredRule,
  type VisibilityRule,
} from './compile';
import { RuleBudgetExceeded, withinBudget } from './budget';
import { applyNormalizeSteps } from './normalize';
import { toCount, toNumber, type Evaluate } from './operators';
import {
  fillIndex,
  getAtKeys,
  getIn,
  isEmpty,
  isSameOrBelow,
  setBelowTop,
  setIn,
  splitPath,
  toPattern,
  type PathRef,
} from './paths';
import { InputValues, rememberRun, visibilityRulesIn } from './rule-inputs';

type Data = Record<string, unknown>;
type Scope = Record<string, unknown>;

/** Rounds of the visibility fixed point (each round re-derives with the answers hidden by the last one masked). */
export const MAX_VISIBILITY_ROUNDS = 8;

/** Change rules cascade (a reset fires the reset field's rules); this bounds a cycle the static check missed. */
const MAX_CASCADE_DEPTH = 12;

/** Whether two stored values are the same for change detection (numbers and numeric strings differ: what is stored matters). */
function isSameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isEmpty(a) && isEmpty(b) && !Array.isArray(a) && !Array.isArray(b)) return true;
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) {
    const flat = isSameFlatArray(a, b);
    return flat !== undefined ? flat : JSON.stringify(a) === JSON.stringify(b);
  }
  return false;
}

/** As JSON text, a JSON value: undefined and numbers JSON cannot write are written null. */
function asJson(value: unknown): unknown {
  return value === undefined || (typeof value === 'number' && !Number.isFinite(value)) ? null : value;
}

/**
 * Whether two arrays of strings, numbers, booleans and nulls (a per-wall array) read the same as JSON text, without
 * writing it; undefined when either holds anything else.
 */
function isSameFlatArray(a: object, b: object): boolean | undefined {
  if (!Array.isArray(a) || !Array.isArray(b)) return undefined;
  let isSame = a.length === b.length;
  for (const list of [a, b])
    for (let i = 0; i < list.length; i++) {
      const value = list[i];
      if (value !== null && (typeof value === 'object' || typeof value === 'function' || typeof value === 'symbol'))
        return undefined;
    }
  for (let i = 0; isSame && i < a.length; i++) isSame = asJson(a[i]) === asJson(b[i]);
  return isSame;
}

function toOption(entry: unknown): Option {
  if (entry !== null && typeof entry === 'object' && 'value' in entry) {
    const option = entry as { value: Option['value']; label?: unknown };
    return { value: option.value, label: option.label === undefined ? String(option.value) : String(option.label) };
  }
  return { value: entry as Option['value'], label: String(entry) };
}

/**
 * Start a form session over a compiled definition. `start` is loaded like a draft (no change rules fire).
 * @example const session = createSession(def, { context: { locations: {} } }); session.set('windSpeed', '120');
 */
export function createSession(definition: CompiledDefinition, options: SessionOptions = {}): FormSession {
  const internals = internalsOf(definition);
  let context: FormContext = options.context ?? {};
  let data: Data = {};
  // The top-level fields edited since the last pass (undefined: any, after a load); the pass notes only those afresh.
  let edited: Set<string> | undefined;
  let notices: Notice[] = [];
  const fired = new FiredRules(definition.ruleIds);
  let memo = createDerivationMemo();
  let state: FormState;
  // The last pass's scope (see scopeForPass); change and clamp rules run in it too (scopeForEdit).
  let passScope: Scope | undefined;

  // A flat copy of the data plus the $ variables, as a hash table from the start (a prototype-less object is one in V8).
  // As a fast object of ~160 fields it had a hidden class per session's data shape, and a write of another kind of value
  // (undefined where an index was) rebuilt that class's ~160 descriptors: microseconds a write, most of a light edit.
  const makeScope = (current: Data): Scope => {
    const scope = Object.create(null) as Scope;
    for (const key of Object.keys(current)) scope[key] = current[key];
    for (const key in internals.computedSeed) scope[key] = undefined;
    scope.$context = contextForRules(context);
    scope.$const = internals.constants;
    scope.$data = internals.data;
    scope.$index = undefined;
    scope.$n = undefined;
    scope.$value = undefined;
    scope.$previous = undefined;
    scope.$option = undefined;
    return scope;
  };

  // Change, clamp and normalise rules read the answers as the last pass left them, hidden ones empty: the last pass's
  // own scope, refreshed at the fields edited since (a scope of their own cost a copy of ~75 keys per session and a
  // look at every hidden path per write). The next pass refreshes those fields and the $ variables again.
  let masking: readonly VisibilityRun[] = [];
  const readsComputed = editRulesReadComputed(internals);
  // The fields written since the last pass that the edit scope still holds as that pass left them: a rule refreshes
  // those it reads (an edit filling a dozen wall arrays refreshed each for every rule it fired).
  const stale = new Set<string>();
  // Whether the edit scope's computed `$<name>`s are emptied already (once per edit, not per rule).
  let computedEmptied = false;
  const scopeForEdit = (index: number | undefined, reads: readonly string[] | null): Scope => {
    const scope = passScope!;
    if (stale.size > 0) {
      if (reads === null) {
        for (const top of stale) scope[top] = visibleAt(top);
        stale.clear();
      } else for (const key of reads) if (stale.delete(key)) scope[key] = visibleAt(key);
    }
    if (readsComputed && !computedEmptied) {
      for (const key in internals.computedSeed) scope[key] = undefined;
      computedEmptied = true;
    }
    scope.$value = undefined;
    scope.$previous = undefined;
    scope.$index = index;
    scope.$n = index === undefined ? undefined : index + 1;
    return scope;
  };
  // An edit (a set or blur with the change rules it fires) copies the answers' top-level object once, then writes
  // into that copy: the object the last state holds stays as it was, and a cascade of resets does not copy ~75 keys each.
  let ownsData = false;
  const writeAnswer = (path: string, value: unknown): void => {
    const keys = splitPath(path);
    if (keys.length === 0) return;
    const top = keys[0];
    if (!ownsData) {
      data = { ...data };
      ownsData = true;
    }
    data[top] = setBelowTop(data[top], keys, value);
    edited?.add(top);
    stale.add(top);
  };

  /** The answer at top-level field `top` with the paths the last pass masked there emptied. */
  const visibleAt = (top: string): unknown => {
    const value = data[top];
    if (masking.length === 0) return value;
    let holding: string[] | undefined;
    for (const v of maskingRulesIn(internals, top))
      for (const path of holdingIn(data, masking[v], false))
        if (isSameOrBelow(path, top) && !holding?.includes(path)) (holding ??= []).push(path);
    if (holding === undefined) return value;
    // Sorted as the pass sorts what it empties, so both find the same emptied copy.
    if (holding.length > 1) holding.sort();
    return emptiedAt(value, holding, 0, holding.length, memo, top);
  };

  const defaultOf = (path: string): unknown => {
    const value = internals.defaultByPattern.get(toPattern(path));
    return value === undefined ? null : structuredCloneSafe(value);
  };

  const coerce = (path: string, value: unknown): unknown => {
    const type = typeAtPath(definition, path);
    if ((type === 'number' || type === 'integer') && typeof value === 'string') {
      if (value.trim() === '') return null;
      const number = toNumber(value);
      return number === null ? value : number;
    }
    if (type === 'string' && typeof value === 'number') return String(value);
    if (value === '') return null;
    return value;
  };

  /** Paths a reset names: `*` expands over the array's current elements, {i} is the edited index. */
  const expandPaths = (template: string, index: number | undefined, current: Data): string[] => {
    const path = fillIndex(template, index);
    const star = path.indexOf('*');
    if (star < 0) return [path];
    const arrayPath = path.slice(0, star - 1);
    const array = getIn(current, arrayPath);
    if (!Array.isArray(array)) return [];
    return array.flatMap((_, i) => expandPaths(`${arrayPath}.${i}${path.slice(star + 1)}`, index, current));
  };

  const fireChange = (path: string, previous: unknown, depth: number): void => {
    if (depth > MAX_CASCADE_DEPTH) return;
    for (const rule of internals.onChangeFor(path)) {
      let index: number | null = null;
      for (const match of rule.matchers) {
        index = match(path);
        if (index !== null) break;
      }
      if (index === null) continue;
      applyChangeRule(rule, path, index >= 0 ? index : undefined, previous, depth);
    }
  };

  const applyChangeRule = (
    rule: ChangeRule,
    path: string,
    index: number | undefined,
    previous: unknown,
    depth: number,
  ): void => {
    const scope = scopeForEdit(index, rule.reads);
    const value = getIn(data, path);
    scope.$value = value ?? null;
    scope.$previous = previous ?? null;
    if (rule.when && !rule.when(scope)) return;
    fired.add(rule.position);
    const changed: [string, unknown][] = [];
    for (const template of rule.reset) {
      for (const target of expandPaths(template, index, data)) {
        const old = getIn(data, target);
        const next = defaultOf(target);
        if (!isSameValue(old, next)) {
          writeAnswer(target, next);
          changed.push([target, old]);
        }
      }
    }
    for (const [template, evaluate] of rule.set) {
      const next = evaluate(scope);
      for (const target of expandPaths(template, index, data)) {
        const old = getIn(data, target);
        if (!isSameValue(old, next)) {
          writeAnswer(target, next);
          changed.push([target, old]);
        }
      }
    }
    if (rule.notice) {
      const message = fillIndex(rule.notice.message, index).replace(
        /\{value\}/g,
        value === undefined || value === null ? '' : String(value),
      );
      notices.push({ level: rule.notice.level, message, path });
    }
    for (const [target, old] of changed) fireChange(target, old, depth + 1);
  };

  // The pass's scope: made on a first pass and after a load, then kept and refreshed in place where the answers changed.
  const scopeForPass = (input: Data, changed: readonly string[] | undefined): Scope => {
    if (passScope === undefined || changed === undefined) return (passScope = makeScope(input));
    const scope = passScope;
    for (const key of changed) {
      if (key in input) scope[key] = input[key];
      else if (key in scope) return (passScope = makeScope(input));
    }
    if (internals.roundInputs.readsComputedEarly) for (const key in internals.computedSeed) scope[key] = undefined;
    scope.$context = contextForRules(context);
    scope.$index = scope.$n = scope.$value = scope.$previous = scope.$option = undefined;
    return scope;
  };
  let lastScope: Scope = {};
  const derive = (): FormState => {
    ownsData = false;
    stale.clear();
    if (options.recomputeAll) {
      memo = createDerivationMemo();
      passScope = undefined;
    }
    const result = deriveState(definition, internals, data, edited, scopeForPass, fired, memo, notices);
    computedEmptied = false;
    edited = new Set();
    data = result.data;
    masking = result.masking;
    state = result.state;
    lastScope = result.scope;
    return state;
  };

  const clampValue = (path: string, onSet: boolean, value: unknown): unknown => {
    let current = value;
    for (const rule of internals.clampFor(path)) {
      if (rule.onSet !== onSet) continue;
      const index = rule.matcher(path);
      if (index === null) continue;
      const scope = scopeForEdit(index >= 0 ? index : undefined, rule.reads);
      if (rule.when && !rule.when(scope)) continue;
      const before = current;
      if (isEmpty(current)) {
        if (rule.hasEmptyDefault && rule.emptyBecomes) current = rule.emptyBecomes(scope);
      } else {
        let number = toNumber(current);
        if (number === null) continue;
        const min = rule.min ? toNumber(rule.min(scope)) : null;
        const max = rule.max ? toNumber(rule.max(scope)) : null;
        if (rule.step) {
          const base = min ?? 0;
          number = base + Math.round((number - base) / rule.step) * rule.step;
        }
        if (min !== null && number < min) number = min;
        if (max !== null && number > max) number = max;
        if (rule.decimals !== undefined) number = Number(number.toFixed(rule.decimals));
        current = typeof current === 'string' && typeAtPath(definition, path) === 'string' ? String(number) : number;
      }
      if (!isSameValue(before, current) || before !== current) fired.add(rule.position);
    }
    return current;
  };

  /**
   * A pass over the rule budget stops where it is: the answers as written so far are kept, the message stands at the
   * field edited (else at one the rule reads, else at its own), and the next edit derives afresh from nothing remembered.
   */
  const refuse = (error: RuleBudgetExceeded, path: string | undefined): FormState => {
    memo = createDerivationMemo();
    passScope = undefined;
    edited = undefined;
    stale.clear();
    ownsData = false;
    notices = [];
    const rule = ruleOfSlot(definition, error.slot);
    const site = error.slot === undefined ? undefined : internals.expressionSites[error.slot];
    const read = site?.inputs?.find((key) => !key.startsWith('$') && data[key] !== undefined);
    const field = path ?? read ?? rule.field ?? '';
    const message =
      `This answer makes the rule "${rule.id}" do more work than one step of the form may ` +
      `(${error.limit.toLocaleString('en-US')} steps): use a smaller value, or contact TEMO if it is right.`;
    const last = state as FormState | undefined;
    state = {
      data,
      hidden: last?.hidden ?? [],
      disabled: last?.disabled ?? [],
      options: last?.options ?? {},
      missing: last?.missing ?? [],
      errors: { ...last?.errors, [field]: message },
      computed: last?.computed ?? {},
      payload: {},
      notices: [],
      price: null,
      isOrdered: last?.isOrdered ?? true,
      isSubmittable: false,
      overBudget: { ruleId: rule.id, path: field, limit: error.limit },
    };
    return state;
  };
  /** Runs one edit and its pass within the rule budget. */
  const metered = (path: string | undefined, edit: () => FormState): FormState => {
    try {
      return withinBudget(edit);
    } catch (error) {
      if (error instanceof RuleBudgetExceeded) return refuse(error, path);
      throw error;
    }
  };

  const session: FormSession = {
    definition,
    get state() {
      return state;
    },
    set: (path: string, value: unknown): FormState => metered(path, () => setAnswer(path, value)),
    blur: (path: string): FormState => metered(path, () => leave(path)),
    load: (input: Record<string, unknown>): FormState => metered(undefined, () => loadAnswers(input)),
    setContext: (next: FormContext): FormState => metered(undefined, () => replaceContext(next)),
    firedRuleIds: () => fired.ids(),
  };
  function setAnswer(path: string, value: unknown): FormState {
    notices = [];
    let next = value;
    for (const rule of internals.normalizeFor(path)) {
      if (rule.matcher(path) === null) continue;
      const normalized = applyNormalizeSteps(next, rule.steps);
      if (normalized !== next) fired.add(rule.position);
      next = normalized;
    }
    next = clampValue(path, true, coerce(path, next));
    const previous = getIn(data, path);
    writeAnswer(path, next);
    if (!isSameValue(previous, next)) fireChange(path, previous, 0);
    return derive();
  }
  function leave(path: string): FormState {
    notices = [];
    const previous = getIn(data, path);
    const next = clampValue(path, false, previous);
    if (!isSameValue(previous, next) || previous !== next) {
      writeAnswer(path, next);
      fireChange(path, previous, 0);
    }
    return derive();
  }
  function loadAnswers(input: Record<string, unknown>): FormState {
    notices = [];
    passScope = undefined;
    data = input && typeof input === 'object' && !Array.isArray(input) ? { ...input } : {};
    edited = undefined;
    return derive();
  }
  function replaceContext(next: FormContext): FormState {
    context = next ?? {};
    notices = [];
    return derive();
  }
  data = options.start && typeof options.start === 'object' ? { ...options.start } : {};
  metered(undefined, derive);
  finalScopes.set(session, () => lastScope);
  return session;
}

/** The rules a session fired (coverage): a flag per rule position, set on every firing; the ids made when read. */
class FiredRules {
  private readonly flags: Uint8Array;
  private known: Set<string> | undefined;

  constructor(private readonly ruleIds: readonly string[]) {
    this.flags = new Uint8Array(ruleIds.length);
  }

  add(position: number): void {
    if (this.flags[position] === 1) return;
    this.flags[position] = 1;
    this.known = undefined;
  }

  /** The fired rules' ids, in rule order. */
  ids(): ReadonlySet<string> {
    if (this.known === undefined) {
      this.known = new Set<string>();
      for (let position = 0; position < this.flags.length; position++)
        if (this.flags[position] === 1) this.known.add(this.ruleIds[position]);
    }
    return this.known;
  }
}

function structuredCloneSafe<T>(value: T): T {
  return value !== null && typeof value === 'object' ? (JSON.parse(JSON.stringify(value)) as T) : value;
}

const contextCache = new WeakMap<object, Record<string, unknown>>();
/** The context rules see: the given one plus `hasLocations` (the dealer has at least one location). */
export function contextForRules(context: FormContext): Record<string, unknown> {
  let derived = contextCache.get(context);
  if (!derived) {
    derived = {
      ...context,
      locations: context.locations ?? {},
      prices: context.prices ?? {},
      hasLocations: Object.keys(context.locations ?? {}).length > 0,
    };
    contextCache.set(context, derived);
  }
  return derived;
}

interface Derived {
  /** The data the session keeps (also state.data): as derived, with the masked answers of hidden fields still in it. */
  data: Data;
  /** The show/hide rules' last runs (one per rule, in the table's order): what the pass hid, rule by rule. */
  masking: readonly VisibilityRun[];
  state: FormState;
  /** What the rules read at the end of the pass: the answers (hidden ones empty), `$context`, `$const`, computed `$name`s. */
  scope: Scope;
}

const finalScopes = new WeakMap<FormSession, () => Scope>();

/**
 * What the rules of a session read after its last edit (a copy): the answers with hidden ones empty, `$context`,
 * `$const`, `$data` and each computed value as `$<name>`. For explaining a field (explain.ts), not for running rules.
 */
export function scopeOfSession(session: FormSession): Record<string, unknown> | undefined {
  const scope = finalScopes.get(session)?.();
  return scope ? { ...scope } : undefined;
}

/** One expression's last result and the input values it was computed from. */
interface MemoEntry {
  values: unknown[];
  result: unknown;
  /** Where the inputs last differed from `values` (holdsSameInputsAt looks there first). */
  differsAt: number;
}

/** The body of the posted payload and what it was built from. */
interface PayloadMemo {
  data: Data;
  /** Top-level keys posted. */
  count: number;
  hidden: string[];
  dropped: Set<string>;
  above: Set<string>;
  adds: unknown[];
  payload: Data;
}

/**
 * What earlier derivation passes computed, reused while the inputs hold the same values: expression results per
 * expression and forEach index, option lists per concrete path, the payload. Data is never changed in place, so
 * identity tells an unchanged input.
 */
interface DerivationMemo {
  /** Per expression (its slot), its entries. */
  results: (MemoEntry | undefined)[][];
  /** Per option field and position in its concrete paths: the path and its latest two lists. */
  options: (OptionMemo | undefined)[][];
  /** The last maskedPaths answer and what it was asked of. */
  masked?: { data: Data; runs: readonly VisibilityRun[]; paths: string[] };
  /** Per top-level key, its last emptied copy and what it was made from (withPathsEmptied). */
  emptied: Map<string, { source: unknown; paths: readonly string[]; value: unknown }>;
  previous?: {
    hidden: string[];
    disabled: string[];
    /** The paths forces held and those disable rules named, as the disabled list was made from them. */
    forced: string[];
    disabling: string[];
    options: Record<string, Option[]>;
    /** Each option field's record the options map was made from (by field). */
    optionRecords: readonly OptionsRun[];
    computed: Record<string, unknown>;
    computedValues: unknown[];
    /** The missing entries as listed (before the page-order sort), and the list as the state holds it. */
    listed: MissingField[];
    missing: MissingField[];
    /** The messages by path in the order they were found (path, message, path, ...), and the state's object of them. */
    errorList: string[];
    errors: Record<string, string>;
  };
  /** `$<name>` of each compute rule, the key its value has in the scope. */
  computeKeys?: string[];
  payload?: PayloadMemo;
  /** What each rule of a round did when it last ran, and when its inputs last changed. */
  steps?: RoundRecords;
}

/** An option field's lists at one concrete path, with the input values each was made from (latest first). */
interface OptionMemo {
  path: string;
  latest: { values: unknown[]; offered: Option[] } | undefined;
  older: { values: unknown[]; offered: Option[] } | undefined;
  /** Where the inputs last differed from a list's values (holdsSameInputsAt looks there first). */
  differsAt: number;
}

/** A new, empty memo (one per session). */
function createDerivationMemo(): DerivationMemo {
  // Every field from the start: one object shape for all sessions' memos, so the code reading them stays monomorphic.
  return {
    results: [],
    options: [],
    masked: undefined,
    emptied: new Map(),
    previous: undefined,
    computeKeys: undefined,
    payload: undefined,
    steps: undefined,
  };
}

/**
 * What the rules of a round did in their last two runs, with the values their inputs started from (per rule, in the
 * tables' order). A rule whose inputs hold one run's values does again what it did: its writes, lists, value, hidden paths.
 */
interface RoundRecords {
  inputs: InputValues;
  /** Per forEach index where the force held: the values it wrote and whether it still held after writing. */
  force: ((ForceRun | undefined)[] | undefined)[];
  /** The field's concrete paths and their lists; `cleared` when it emptied an answer no longer offered. */
  options: ((OptionsRun | undefined)[] | undefined)[];
  compute: (({ seen: unknown[]; value: unknown } | undefined)[] | undefined)[];
  visibility: ((VisibilityRun | undefined)[] | undefined)[];
  required: ((RequiredRun | undefined)[] | undefined)[];
  /** Top-level fields where the last pass's data (returned, kept) and its last scope may differ: masked or emptied ones. */
  unsettled?: string[];
  /** Which paths forces wrote, by round (one counted up per round, kept across passes). */
  forceWrites?: ForceWrites;
  /** Each show/hide rule's run in the last round, and the hidden set they made. */
  lastVisibility: VisibilityRun[];
  hiding?: Hiding;
  /** The hiding before it, made from other runs (a pass's unmasked and masked rounds hide differently, edit after edit). */
  olderHiding?: Hiding;
  /** Each option field's lists in the last round, and whether one changed since the state's map was last made. */
  lastOptions: OptionsRun[];
  optionsRun: boolean;
}
/** Per path the round (`round` counts rounds) in which a force last wrote it: written this round when it is `round`. */
interface ForceWrites {
  round: number;
  written: Map<string, number>;
}
/** Per forEach index where the rule listed fields as missing: each with its label and message. */
interface RequiredRun {
  seen: unknown[];
  /** The missing fields it listed: each entry of the state's list (kept, so an unchanged list is the same entries). */
  listed: { entry: MissingField; message: string; place: MissingPlace }[];
}
/**
 * The hidden set the show/hide rules' runs `runs` made (one per rule, in the table's order; runs are compared by
 * their paths).
 */
interface Hiding {
  runs: VisibilityRun[];
  /** The hidden paths as a set, made when first read (after the last round: the rounds before read only `runs`). */
  hiding: Set<string> | undefined;
  /** The hidden paths as a list, made once. */
  list?: string[];
}

/** The paths a hiding's runs hide, as a set: made on the first call, then kept on the hiding. */
function hiddenSetOf(hiding: Hiding): Set<string> {
  if (hiding.hiding === undefined) {
    hiding.hiding = new Set<string>();
    for (const run of hiding.runs) for (const path of run.paths) hiding.hiding.add(path);
  }
  return hiding.hiding;
}

/** A show/hide rule's run: the paths it hid (the same array while it hides the same) and which of them hold answers. */
interface VisibilityRun {
  seen: unknown[];
  paths: string[];
  /** The paths' refs (their keys, split once). */
  refs: PathRef[];
  holds: RunHolds | undefined;
}
interface ForceRun {
  seen: unknown[];
  held: { index: number | undefined; values: unknown[]; stillHolds: boolean }[];
}
interface OptionsRun {
  seen: unknown[];
  paths: readonly string[];
  lists: Option[][];
  cleared: boolean;
}

function createRoundRecords(internals: DefinitionInternals): RoundRecords {
  return {
    inputs: new InputValues(internals.roundInputs),
    force: [],
    options: [],
    compute: [],
    visibility: [],
    required: [],
    unsettled: undefined,
    forceWrites: undefined,
    lastVisibility: [],
    hiding: undefined,
    olderHiding: undefined,
    lastOptions: [],
    optionsRun: true,
  };
}

/** `$<name>` of each compute rule, the key its value has in the scope. */
function computeKeysOf(internals: DefinitionInternals): string[] {
  return internals.compute.map((rule) => `$${rule.name}`);
}

/** The scope's `key` as in `start` (absent when `start` has none), noted for the rules' inputs. */
function refreshScopeKey(scope: Scope, start: Data, key: string, current: InputValues): void {
  const value = start[key];
  if (value === undefined && !(key in start)) delete scope[key];
  else scope[key] = value;
  current.noteKey(key, value);
}

/** The computed values by name (a later rule of the same name wins), the last pass's object while every value is the same. */
function computedOf(internals: DefinitionInternals, values: unknown[], memo: DerivationMemo): Record<string, unknown> {
  const previous = memo.previous;
  if (previous !== undefined && isSameList(previous.computedValues, values)) return previous.computed;
  // A copy of one object holding every name: its keys in place, the copy is cheap and its writes add none (added one
  // by one, ~20 names made a hash table each pass).
  const computed: Record<string, unknown> = { ...computedShapeOf(internals) };
  for (let i = 0; i < values.length; i++) computed[internals.compute[i].name] = values[i];
  return computed;
}

const computedShapes = new WeakMap<DefinitionInternals, Record<string, undefined>>();
/** An object with each computed name (in the order the rules set them first), every value undefined. */
function computedShapeOf(internals: DefinitionInternals): Record<string, undefined> {
  let shape = computedShapes.get(internals);
  if (shape === undefined) {
    shape = Object.fromEntries(internals.compute.map((rule) => [rule.name, undefined]));
    computedShapes.set(internals, shape);
  }
  return shape;
}

/**
 * The options map of the last round (field by field, path by path): the last pass's map while no list changed. A field
 * whose record is not the one the map was made from is compared by its paths and lists (the same arrays while the same).
 */
function optionsOfRecords(
  records: RoundRecords,
  memo: DerivationMemo,
): { options: Record<string, Option[]>; optionRecords: readonly OptionsRun[] } {
  const previous = memo.previous;
  if (previous !== undefined && !records.optionsRun) return previous;
  records.optionsRun = false;
  const made = previous?.optionRecords;
  const current = records.lastOptions;
  let isSame = made !== undefined && made.length === current.length;
  for (let f = 0; isSame && f < current.length; f++) {
    const record = current[f];
    const before = made![f];
    isSame = record === before || (isSameList(record.paths, before.paths) && isSameList(record.lists, before.lists));
  }
  if (isSame) return previous!;
  const options: Record<string, Option[]> = {};
  for (const record of current)
    for (let k = 0; k < record.paths.length; k++) options[record.paths[k]] = record.lists[k];
  return { options, optionRecords: current.slice() };
}

/**
 * Whether `scope` holds `values` at `inputs`, looking first where `hint` says they last differed and noting where they
 * differ: the key an edit changed mostly changes again, and a memo with a dozen inputs compared up to it, twice.
 */
function holdsSameInputsAt(
  inputs: readonly string[],
  values: unknown[],
  scope: Scope,
  hint: { differsAt: number },
): boolean {
  // One input (most show/hide runs hide in one field): compared once, its hint is 0 either way.
  if (inputs.length === 1) return scope[inputs[0]] === values[0];
  const at = hint.differsAt;
  if (at < inputs.length && scope[inputs[at]] !== values[at]) return false;
  for (let i = 0; i < inputs.length; i++)
    if (scope[inputs[i]] !== values[i]) {
      hint.differsAt = i;
      return false;
    }
  return true;
}

function readInputs(inputs: readonly string[], scope: Scope): unknown[] {
  const values = new Array<unknown>(inputs.length);
  for (let i = 0; i < inputs.length; i++) values[i] = scope[inputs[i]];
  return values;
}

/** Evaluate, or return the result of the last evaluation at this forEach index when its inputs are unchanged. */
function evaluateMemo(memo: DerivationMemo, evaluate: Evaluate, scope: Scope): unknown {
  const inputs = evaluate.inputs;
  const at = evaluate.slot;
  if (!inputs || at === undefined) return evaluate(scope);
  // Two entries a slot: a pass's first round reads the answers unmasked, the next ones masked, edit after edit.
  const slot = (typeof scope.$index === 'number' ? scope.$index + 1 : 0) * 2;
  const entries = (memo.results[at] ??= []);
  const entry = entries[slot];
  if (entry !== undefined && holdsSameInputsAt(inputs, entry.values, scope, entry)) return entry.result;
  const older = entries[slot + 1];
  if (older !== undefined && holdsSameInputsAt(inputs, older.values, scope, older)) {
    entries[slot] = older;
    entries[slot + 1] = entry;
    return older.result;
  }
  // The older entry is dropped: its object and array are filled again rather than new ones made (it leaves the
  // list first, so an evaluation that throws leaves no entry holding new inputs and an old result).
  let next: MemoEntry;
  if (older !== undefined) {
    entries[slot + 1] = undefined;
    for (let i = 0; i < inputs.length; i++) older.values[i] = scope[inputs[i]];
    next = older;
  } else next = { values: readInputs(inputs, scope), result: undefined, differsAt: 0 };
  next.result = evaluate(scope);
  entries[slot + 1] = entry;
  entries[slot] = next;
  return next.result;
}

/**
 * Run `body` once, or once per index with $index/$n set in the scope (a body made once per pass, not per rule). The
 * caller reads the rule's forEach (rules of five kinds pass here: read here, each read was a megamorphic lookup).
 */
function eachIndex<R>(
  rule: R,
  forEachPath: string | undefined,
  forEachCount: Evaluate | undefined,
  scope: Scope,
  memo: DerivationMemo,
  body: (rule: R, index: number | undefined) => void,
): void {
  // The count: its array's length, or its count expression's value; a rule not repeated has its body called straight.
  let count: number;
  if (forEachPath !== undefined) {
    const array = getIn(scope, forEachPath);
    count = Array.isArray(array) ? array.length : 0;
  } else if (forEachCount !== undefined) count = toCount(evaluateMemo(memo, forEachCount, scope));
  else {
    body(rule, undefined);
    return;
  }
  for (let index = 0; index < count; index++) {
    scope.$index = index;
    scope.$n = index + 1;
    body(rule, index);
  }
  scope.$index = undefined;
  scope.$n = undefined;
}

const ancestorCache = new Map<string, string[]>();
/** `a.b.c` -> [`a`, `a.b`] (memoised: the same paths are checked on every pass). */
function ancestorsOf(path: string): string[] {
  let ancestors = ancestorCache.get(path);
  if (!ancestors) {
    ancestors = [];
    for (let dot = path.indexOf('.'); dot >= 0; dot = path.indexOf('.', dot + 1)) ancestors.push(path.slice(0, dot));
    ancestorCache.set(path, ancestors);
  }
  return ancestors;
}

/** Whether two lists of show/hide runs hid the same paths, rule by rule (a rule's unchanged list is the same array). */
function isSameRuns(a: readonly { paths: string[] }[], b: readonly { paths: string[] }[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].paths !== b[i].paths) return false;
  return true;
}

function isSameList<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** One derivation pass: forced values, options, computed values, hidden, disabled, missing, messages, payload. */
function deriveState(
  definition: CompiledDefinition,
  internals: DefinitionInternals,
  input: Data,
  edited: Set<string> | undefined,
  scopeForPass: (data: Data, changed: readonly string[] | undefined) => Scope,
  fired: FiredRules,
  memo: DerivationMemo,
  notices: Notice[],
): Derived {
  // Hidden answers are empty for every rule and the payload (masked: the session keeps them and they come back when
  // their field is shown again). Visibility may depend on what it hides, so the pass runs to a fixed point, again while
  // the set of masked answers changes (bounded; check:definitions refuses what does not settle). It always starts from
  // nothing masked, never from the last pass: where a force and a visibility rule read each other (shingle YES forces
  // Skyview NO; Skyview YES hides shingle) two fixed points exist, and the page must reach the one the server's fresh load does.
  let masked: string[] = [];
  let data = input;
  const inputs = internals.roundInputs;
  const steps = (memo.steps ??= createRoundRecords(internals));
  const current = steps.inputs;
  // The first round's scope differs from the last pass's last one only where the session edited, and where that pass
  // masked or emptied a hidden answer (its data kept them); anywhere after a load or on a first pass.
  const changed = edited === undefined || steps.unsettled === undefined ? undefined : [...edited, ...steps.unsettled];
  // The first round's scope (its start is the input: nothing masked), refreshed in place by later rounds. It holds each
  // answer as the round's `data` does, so the pass reads answers there: a hash table, where `data` has one of hundreds
  // of object shapes across sessions and a read of it missed V8's caches (~140 ns against ~20).
  const scope = scopeForPass(data, changed);
  // The rules of a round evaluate directly: one reruns only when an input changed, and then its expressions mostly
  // miss their memo too (checking it cost more than it saved). Disable and validate rules (run every pass) and required
  // rules' conditions (a required rule mostly reruns for its fields' answers, not its condition's) reuse results.
  const run = (evaluate: Evaluate) => evaluateMemo(memo, evaluate, scope);
  let computedValues: unknown[] = [];
  // The paths forces hold (for `disabled`) and those they wrote, this round: a list emptied per round, and per path
  // the round that last wrote it (a set per round cost more than the forces it listed).
  const forcedPaths: string[] = [];
  const forceWrites = (steps.forceWrites ??= { round: 0, written: new Map<string, number>() });
  // A rule of a round runs only when one of its inputs changed since it last ran (this round, an earlier one, an
  // earlier pass); otherwise what it did then is done again from its record (rule-inputs.ts).
  // Once the masked set holds, a round that wrote (a force, a compute, a cleared option) goes again from what it wrote:
  // a force early in file order reads what a later one set (shingle YES forces Skyview NO, which clears the LED choice),
  // as a fresh load of the result would. A round whose masked set was not yet settled writes nothing for good.
  let base = input;
  // Later rounds refresh the round's scope where their start can differ from what the last round left: the fields it
  // wrote and those masked before or now (a new scope per round was most of a round that reran few rules).
  const writtenTops = new Set<string>();
  let lastMasked: string[] = [];
  // Whether the rounds ended on one that wrote nothing and masked what the round before did: its data is its start,
  // the base with exactly what holds an answer in a hidden field emptied, so nothing hidden holds one there.
  let isSettled = false;
  // What a round's rules do, made once per pass (a round is a call of deriveFront).
  const write = (path: string, value: unknown) => writeKeys(splitPath(path), value);
  // A round writes into its start when it made it (the masked copy); a start it did not make (the pass's input, an
  // earlier round's data) stays as it was: the round copies its top-level object at its first write.
  let ownsData = false;
  const writeKeys = (keys: string[], value: unknown) => {
    if (keys.length === 0 || isSameValue(getAtKeys(scope, keys), value)) return;
    if (!ownsData) {
      data = { ...data };
      ownsData = true;
    }
    const top = keys[0];
    const next = setBelowTop(scope[top], keys, value);
    data[top] = next;
    // One scope per pass (forEach keeps $index on it): refresh only the changed top-level field.
    scope[top] = next;
    current.noteKey(top, next);
    writtenTops.add(top);
  };
  // A field a force holds is disabled while the force's condition still holds after its write (no twin `disable` rule).
  let forceRecord: ForceRun;
  const forceOne = (rule: ForceRule, index: number | undefined) => {
    if (rule.when && !rule.when(scope)) return;
    fired.add(rule.position);
    const values: unknown[] = [];
    for (const [template, evaluate] of rule.set) {
      const ref = template.at(index);
      const value = evaluate(scope);
      values.push(value);
      writeKeys(ref.keys, value);
      forceWrites.written.set(ref.path, forceWrites.round);
    }
    const stillHolds = !rule.when || Boolean(rule.when(scope));
    forceRecord.held.push({ index, values, stillHolds });
    if (!stillHolds) return;
    for (const [template] of rule.set) forcedPaths.push(template.at(index).path);
  };
  let hidden: string[];
  let hiddenRefs: PathRef[];
  const visibilityOne = (rule: VisibilityRule, index: number | undefined) => {
    const holds = rule.when ? Boolean(rule.when(scope)) : true;
    const isHidden = rule.isShow ? !holds : holds;
    if (!isHidden) return;
    fired.add(rule.position);
    for (const template of rule.paths) {
      const ref = template.at(index);
      hidden.push(ref.path);
      hiddenRefs.push(ref);
    }
  };
  for (let round = 0; ; round++) {
    const start = masked.length === 0 ? base : withPathsEmptied(base, masked, memo);
    if (round === 0) {
      if (changed === undefined) current.sync(scope);
      else current.syncKeys(scope, changed);
    } else {
      for (const path of lastMasked) writtenTops.add(splitPath(path)[0]);
      for (const path of masked) writtenTops.add(splitPath(path)[0]);
      for (const top of writtenTops) refreshScopeKey(scope, start, top, current);
      // Computed values are read only after their rules set them, unless a rule reads one early (then emptied first).
      if (inputs.readsComputedEarly)
        for (const key of (memo.computeKeys ??= computeKeysOf(internals))) scope[key] = undefined;
    }
    writtenTops.clear();
    data = start;
    // A start made here (the masked copy) is the round's own: its writes go in without another copy.
    ownsData = start !== base;
    deriveFront();
    if (round >= MAX_VISIBILITY_ROUNDS) break;
    const next = maskedPaths(base, steps.hiding!.runs, internals, memo);
    lastMasked = masked;
    if (!isSameList(next, masked)) masked = next;
    // The round's data is its own (it wrote, so it copied): the masked answers go back into it.
    else if (writtenTops.size > 0) base = keepMasked(data, masked, base, forceWrites, memo, true);
    else {
      isSettled = true;
      break;
    }
  }
  const { options, optionRecords } = optionsOfRecords(steps, memo);
  const computed = computedOf(internals, computedValues, memo);

  /** One round: forces, option lists, computed values, the hidden set, into the variables above. */
  function deriveFront(): void {
    forcedPaths.length = 0;
    forceWrites.round++;
    for (let r = 0; r < internals.force.length; r++) {
      const rule = internals.force[r];
      const last = current.find(inputs.force[r], steps.force[r], inputs.first.force + r);
      if (last !== undefined) {
        for (const { index, values, stillHolds } of last.held) {
          for (let j = 0; j < rule.set.length; j++) {
            const ref = rule.set[j][0].at(index);
            writeKeys(ref.keys, values[j]);
            forceWrites.written.set(ref.path, forceWrites.round);
          }
          if (stillHolds) for (const [template] of rule.set) forcedPaths.push(template.at(index).path);
        }
        continue;
      }
      forceRecord = { seen: current.snapshot(inputs.force[r], steps.force[r]), held: [] };
      eachIndex(rule, rule.forEachPath, rule.forEachCount, scope, memo, forceOne);
      rememberRun(steps.force, r, forceRecord);
    }

    // Each option field's lists are kept in its record; the pass makes them into the state's map once, after the last round.
    for (let f = 0; f < internals.optionFields.length; f++) {
      const field = internals.optionFields[f];
      const last = current.find(inputs.options[f], steps.options[f], inputs.first.options + f);
      if (last !== undefined && !last.cleared) {
        if (steps.lastOptions[f] !== last) steps.optionsRun = true;
        steps.lastOptions[f] = last;
        continue;
      }
      const seen = current.snapshot(inputs.options[f], steps.options[f]);
      const { paths, slots } = concreteSlots(field.pattern, scope);
      const lists: Option[][] = new Array<Option[]>(paths.length);
      let cleared = false;
      for (let k = 0; k < paths.length; k++) {
        const slot = slots[k];
        const offered = deriveOptionsMemo(field, slot, (memo.options[f] ??= []), k, scope, fired);
        lists[k] = offered;
        if (!field.clearsUnoffered) continue;
        const value = getAtKeys(scope, slot.keys);
        if (!isEmpty(value) && !offered.some((o) => o.value === value || String(o.value) === String(value))) {
          writeKeys(slot.keys, null);
          cleared = true;
        }
      }
      const record = { seen, paths, lists, cleared };
      rememberRun(steps.options, f, record);
      steps.lastOptions[f] = record;
      steps.optionsRun = true;
    }

    const values = new Array<unknown>(internals.compute.length);
    const computeKeys = (memo.computeKeys ??= computeKeysOf(internals));
    for (let i = 0; i < internals.compute.length; i++) {
      const rule = internals.compute[i];
      const last = current.find(inputs.compute[i], steps.compute[i], inputs.first.compute + i);
      let value: unknown;
      if (last !== undefined) value = last.value;
      else {
        const seen = current.snapshot(inputs.compute[i], steps.compute[i]);
        value = rule.value(scope);
        if (!isEmpty(value) && value !== 0) fired.add(rule.position);
        rememberRun(steps.compute, i, { seen, value });
      }
      values[i] = value;
      scope[computeKeys[i]] = value;
      if (inputs.computeIds[i] >= 0) current.note(inputs.computeIds[i], value);
      if (rule.path) write(rule.path, value);
    }

    // A rule that hides what its last run hid keeps that run's list, the same array: the sets are made again only
    // when some rule's paths changed, and what is cached by them (masked paths, hidden inputs) holds.
    const used = steps.lastVisibility;
    let isSameHiding = steps.hiding !== undefined;
    for (let v = 0; v < internals.visibility.length; v++) {
      let record = current.find(inputs.visibility[v], steps.visibility[v], inputs.first.visibility + v);
      if (record === undefined) {
        const seen = current.snapshot(inputs.visibility[v], steps.visibility[v]);
        hidden = [];
        hiddenRefs = [];
        const rule = internals.visibility[v];
        eachIndex(rule, rule.forEachPath, rule.forEachCount, scope, memo, visibilityOne);
        const last = used[v];
        record =
          last !== undefined && isSameList(last.paths, hidden)
            ? { seen, paths: last.paths, refs: last.refs, holds: last.holds }
            : { seen, paths: hidden, refs: hiddenRefs, holds: undefined };
        rememberRun(steps.visibility, v, record);
      }
      if (used[v]?.paths !== record.paths) isSameHiding = false;
      used[v] = record;
    }
    if (!isSameHiding) {
      const older = steps.olderHiding;
      steps.olderHiding = steps.hiding;
      // The hiding the same runs made before is kept, the same object: what is cached by it (masked paths) holds.
      if (older !== undefined && isSameRuns(older.runs, used)) steps.hiding = older;
      else steps.hiding = { runs: used.slice(), hiding: undefined };
    }
    computedValues = values;
  }

  // What the pass wrote into a hidden field (a force, a compute) is empty too; the session keeps the masked answers.
  const written = data;
  const hiddenNow = isSettled ? NONE : maskedPaths(written, steps.hiding!.runs, internals, memo);
  if (hiddenNow.length > 0) {
    data = withPathsEmptied(written, hiddenNow, memo);
    for (const path of hiddenNow) {
      const top = splitPath(path)[0];
      scope[top] = data[top];
      current.noteKey(top, data[top]);
    }
  }
  const kept = keepMasked(written, masked, base, forceWrites, memo, false);
  steps.unsettled = [...masked, ...hiddenNow].map((path) => splitPath(path)[0]);

  const hiddenSet = hiddenSetOf(steps.hiding!);
  let hiddenList = (steps.hiding!.list ??= [...hiddenSet]);
  if (memo.previous && isSameList(memo.previous.hidden, hiddenList)) hiddenList = memo.previous.hidden;
  // A path is hidden when it or one of its ancestors is: a lookup per ancestor, not a scan of the hidden list.
  const isHiddenPath = (ref: PathRef) => {
    if (hiddenSet.size === 0) return false;
    if (hiddenSet.has(ref.path)) return true;
    for (const ancestor of ref.ancestors) if (hiddenSet.has(ancestor)) return true;
    return false;
  };

  // Disabled: the paths forces hold, then those disable rules name; the last pass's list while both are the same.
  const disabling: string[] = [];
  const disableOne = (rule: (typeof internals.disable)[number], index: number | undefined) => {
    if (rule.when && !run(rule.when)) return;
    fired.add(rule.position);
    for (const template of rule.paths) disabling.push(template.at(index).path);
  };
  for (const rule of internals.disable) eachIndex(rule, rule.forEachPath, rule.forEachCount, scope, memo, disableOne);
  const previous = memo.previous;
  const isSameForced = previous !== undefined && isSameList(previous.forced, forcedPaths);
  let disabledList: string[];
  if (isSameForced && isSameList(previous.disabling, disabling)) disabledList = previous.disabled;
  else {
    disabledList = [...new Set([...forcedPaths, ...disabling])];
    if (previous && isSameList(previous.disabled, disabledList)) disabledList = previous.disabled;
  }

  const listed: MissingField[] = [];
  const missingPaths = new Set<string>();
  // With "missingOrder": "page", where each entry sits (its wall group and index), to sort the list once it is complete.
  const places: MissingPlace[] | undefined = internals.pageRankOf ? [] : undefined;
  // Messages by path as found; made into the state's object at the end, or the last pass's object when they are the same.
  const errorAt = new Map<string, string>();
  // A required rule whose fields, their hidden paths and its condition's inputs hold a run's values lists what it listed then.
  current.noteHidden(steps.hiding!.runs);
  let requiredRecord: RequiredRun;
  const requiredOne = (rule: RequiredRule, index: number | undefined) => {
    let paths: string[] | undefined;
    for (const template of rule.paths) {
      const ref = template.at(index);
      if (!isHiddenPath(ref) && isEmpty(getAtKeys(scope, ref.keys))) (paths ??= []).push(ref.path);
    }
    if (paths === undefined) return;
    if (rule.when && !run(rule.when)) return;
    fired.add(rule.position);
    const place = { group: rule.wallGroup, index };
    for (const path of paths) {
      const label = rule.label !== undefined ? fillIndex(rule.label, index) : definition.labelOf(path);
      const message = (rule.message ?? '{label} is required').replace(/\{label\}/g, label);
      requiredRecord.listed.push({ entry: { path, label }, message, place });
    }
  };
  for (let q = 0; q < internals.required.length; q++) {
    const rule = internals.required[q];
    let record = current.find(inputs.required[q], steps.required[q], inputs.first.required + q);
    if (record === undefined) {
      requiredRecord = record = { seen: current.snapshot(inputs.required[q], steps.required[q]), listed: [] };
      eachIndex(rule, rule.forEachPath, rule.forEachCount, scope, memo, requiredOne);
      rememberRun(steps.required, q, record);
    }
    for (const { entry, message, place } of record.listed) {
      if (missingPaths.has(entry.path)) continue;
      missingPaths.add(entry.path);
      listed.push(entry);
      if (places) places.push(place);
      if (!errorAt.has(entry.path)) errorAt.set(entry.path, message);
    }
  }

  const validateOne = (rule: (typeof internals.validate)[number], index: number | undefined) => {
    const ref = rule.path.at(index);
    const path = ref.path;
    if (errorAt.has(path) || isHiddenPath(ref)) return;
    const value = getAtKeys(scope, ref.keys);
    if (!rule.checkEmpty && isEmpty(value)) return;
    if (rule.when && !run(rule.when)) return;
    let isValid = true;
    if (rule.regex) isValid = !isEmpty(value) && rule.regex.test(String(value));
    if (isValid && rule.test) {
      scope.$value = value ?? null;
      isValid = Boolean(run(rule.test));
      scope.$value = undefined;
    }
    if (isValid) return;
    fired.add(rule.position);
    const message = fillIndex(rule.message, index);
    errorAt.set(path, message);
    if (rule.listAsMissing && !missingPaths.has(path)) {
      missingPaths.add(path);
      listed.push({ path, label: message });
      if (places) places.push({ group: rule.wallGroup, index });
    }
  };
  for (const rule of internals.validate) eachIndex(rule, rule.forEachPath, rule.forEachCount, scope, memo, validateOne);

  // The same entries as the last pass listed (entries are kept with the required rules' runs): its list, sorted.
  const last = memo.previous;
  let missing: MissingField[];
  if (last !== undefined && isSameList(last.listed, listed)) missing = last.missing;
  else if (places && listed.length > 1)
    missing = inPageOrder(listed, places, internals.pageRankOf!, internals.wallArrays);
  else missing = listed;
  const errorList: string[] = [];
  for (const [path, message] of errorAt) errorList.push(path, message);
  let errors: Record<string, string>;
  if (last !== undefined && isSameList(last.errorList, errorList)) errors = last.errors;
  else {
    errors = {};
    for (let i = 0; i < errorList.length; i += 2) errors[errorList[i]] = errorList[i + 1];
  }

  const price =
    internals.price !== undefined ? ((computed[internals.price] as number | string | null | undefined) ?? null) : null;
  const isOrdered = internals.isOrdered ? Boolean(run(internals.isOrdered)) : true;
  memo.previous = {
    hidden: hiddenList,
    disabled: disabledList,
    forced: isSameForced ? previous.forced : forcedPaths.slice(),
    disabling,
    options,
    optionRecords,
    computed,
    computedValues,
    listed,
    missing,
    errorList,
    errors,
  };
  const finalData = data;
  // The payload is built when first read (at submit), not on every keystroke; its added values are read now, as the
  // session's next pass refreshes this scope in place.
  const adds = internals.payloadAdd.length === 0 ? [] : internals.payloadAdd.map(([, evaluate]) => run(evaluate));
  let payload: Data | undefined;
  return {
    data: kept,
    masking: steps.hiding!.runs,
    scope,
    state: {
      data: kept,
      hidden: hiddenList,
      disabled: disabledList,
      options,
      missing,
      errors,
      computed,
      get payload(): Data {
        payload ??= buildPayload(internals, finalData, hiddenList, adds, memo);
        return payload;
      },
      price,
      isOrdered,
      isSubmittable: missing.length === 0 && errorAt.size === 0,
      notices,
    },
  };
}

/** Where a missing entry sits: the per-wall group of its rule (numbered in rule order) and the wall index. */
interface MissingPlace {
  group?: number;
  index?: number;
}

/**
 * The missing list (built in rule order) sorted by the page: the rank of its section (a per-wall entry by its wall
 * array's), then per-wall entries after the section's other fields, group by group and wall by wall; ties keep the
 * rule order. A field the page does not place stays right after the entry before it.
 */
function inPageOrder(
  missing: MissingField[],
  places: MissingPlace[],
  pageRankOf: (path: string) => number | undefined,
  wallArrays: readonly string[],
): MissingField[] {
  let rank = -1;
  const keyed = missing.map((entry, position) => {
    const { group, index } = places[position];
    const isWall = group !== undefined && index !== undefined;
    rank = pageRankOf(isWall ? wallArrays[group] : splitPath(entry.path)[0]) ?? rank;
    return { entry, rank, group: isWall ? group : -1, index: isWall ? index : 0, position };
  });
  keyed.sort((a, b) => a.rank - b.rank || a.group - b.group || a.index - b.index || a.position - b.position);
  return keyed.map((k) => k.entry);
}

/**
 * What a round wrote, with the masked answers of `from` kept for when their fields are shown again, unless a force
 * wrote the field (a force clears for good). The top-level object is copied once (`isOwned`: nothing else holds
 * `written`, so it is written into); a top-level value that is still the emptied copy of `from`'s (nothing else
 * written there) is `from`'s again, the same object, so what reads it keeps its memoised results.
 */
function keepMasked(
  written: Data,
  masked: readonly string[],
  from: Data,
  forceWrites: ForceWrites,
  memo: DerivationMemo,
  isOwned: boolean,
): Data {
  let kept: Data | undefined;
  let restoredTop: string | undefined;
  // The field's value as written (kept may be `written` itself, changed in place).
  let writtenValue: unknown;
  const restored: string[] = [];
  let isWhole = true;
  const finishTop = () => {
    if (restoredTop === undefined || !isWhole) return;
    const cached = memo.emptied.get(restoredTop);
    if (
      cached !== undefined &&
      isSameList(cached.paths, restored) &&
      cached.source === from[restoredTop] &&
      cached.value === writtenValue
    )
      kept![restoredTop] = from[restoredTop];
  };
  // `masked` is sorted, so the paths of one top-level field come together, as withPathsEmptied grouped them.
  for (const path of masked) {
    const keys = splitPath(path);
    const top = keys[0];
    if (top !== restoredTop) {
      finishTop();
      restoredTop = top;
      writtenValue = written[top];
      restored.length = 0;
      isWhole = true;
    }
    if (forceWrites.written.get(path) === forceWrites.round || !isEmpty(getAtKeys(kept ?? written, keys))) {
      isWhole = false;
      continue;
    }
    kept ??= isOwned ? written : { ...written };
    kept[top] = setBelowTop(kept[top], keys, getAtKeys(from, keys));
    restored.push(path);
  }
  finishTop();
  return kept ?? written;
}

/** Whether a value holds an answer anywhere (an array of empty walls holds none). */
function holdsValue(value: unknown): boolean {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (holdsValue(value[i])) return true;
    return false;
  }
  if (value !== null && typeof value === 'object') {
    for (const key in value) if (holdsValue((value as Record<string, unknown>)[key])) return true;
    return false;
  }
  return !isEmpty(value);
}

/**
 * The paths the show/hide runs `runs` mask (those of rules without `keepsValue`) that hold an answer in `data`, sorted
 * (the fixed point compares them).
 */
function maskedPaths(
  data: Data,
  runs: readonly VisibilityRun[],
  internals: DefinitionInternals,
  memo: DerivationMemo,
): string[] {
  const last = memo.masked;
  if (last !== undefined && last.data === data && last.runs === runs) return last.paths;
  let found: string[] | undefined;
  for (let v = 0; v < runs.length; v++) {
    const run = runs[v];
    if (run.paths.length === 0 || internals.visibility[v].keepsValue) continue;
    const holding = holdingIn(data, run);
    if (holding.length === 0) continue;
    found ??= [];
    for (const path of holding) if (!found.includes(path)) found.push(path);
  }
  const paths = found ?? [];
  if (paths.length > 1) paths.sort();
  memo.masked = { data, runs, paths };
  return paths;
}

/**
 * Of one show/hide run's paths, which hold an answer, for the last two values of the fields they lie in (a pass asks
 * of the unmasked and the masked data in turn). Kept with the run, and with the next run hiding the same.
 */
interface RunHolds {
  /** The top-level fields the paths lie in. */
  tops: string[];
  /** The fields' values when `found` was found, and the last answers object found to hold them (a pass asks of one several times). */
  seen: unknown[];
  seenIn: Data | undefined;
  found: readonly string[];
  older: unknown[] | undefined;
  olderFound: readonly string[];
  /** Where the fields last differed from a check's values (holdsSameInputsAt looks there first). */
  differsAt: number;
}
const NONE: readonly string[] = [];

/**
 * The paths a show/hide run hid that hold an answer in `data`: a look at each field it hides in while none changed.
 * `isFinal`: `data` is not written into after this (a pass's data; an edit writes into its copy between such looks), so
 * asking of the same object again answers at once.
 */
function holdingIn(data: Data, run: VisibilityRun, isFinal = true): readonly string[] {
  let known = run.holds;
  if (known === undefined) {
    const tops: string[] = [];
    for (const ref of run.refs) if (!tops.includes(ref.keys[0])) tops.push(ref.keys[0]);
    // `seen` starts empty: while every field is absent too, no path holds an answer.
    known = { tops, seen: [], seenIn: undefined, found: NONE, older: undefined, olderFound: NONE, differsAt: 0 };
    run.holds = known;
  }
  if (isFinal && known.seenIn === data) return known.found;
  const { tops } = known;
  if (holdsSameInputsAt(tops, known.seen, data, known)) {
    if (isFinal) known.seenIn = data;
    return known.found;
  }
  if (known.older !== undefined && holdsSameInputsAt(tops, known.older, data, known)) {
    const seen = known.seen;
    const found = known.found;
    known.seen = known.older;
    known.found = known.olderFound;
    known.older = seen;
    known.olderFound = found;
    known.seenIn = isFinal ? data : undefined;
    return known.found;
  }
  let found: string[] | undefined;
  for (const ref of run.refs) if (holdsValue(getAtKeys(data, ref.keys))) (found ??= []).push(ref.path);
  // The older check's array is filled again rather than a new one made.
  const seen = known.older ?? new Array<unknown>(tops.length);
  for (let t = 0; t < tops.length; t++) seen[t] = data[tops[t]];
  known.older = known.seen;
  known.olderFound = known.found;
  known.seen = seen;
  known.seenIn = isFinal ? data : undefined;
  known.found = found ?? NONE;
  return known.found;
}

const maskingRulesCache = new WeakMap<DefinitionInternals, Map<string, number[]>>();
/**
 * The show/hide rules (by index) that mask and whose paths may lie in top-level field `top`: those naming it first, and
 * those whose paths start with a key made at run time. Made once per definition and field.
 */
function maskingRulesIn(internals: DefinitionInternals, top: string): number[] {
  let byTop = maskingRulesCache.get(internals);
  if (byTop === undefined) maskingRulesCache.set(internals, (byTop = new Map()));
  let rules = byTop.get(top);
  if (rules === undefined) {
    rules = visibilityRulesIn(internals, top).filter((v) => !internals.visibility[v].keepsValue);
    byTop.set(top, rules);
  }
  return rules;
}

const readsComputedCache = new WeakMap<DefinitionInternals, boolean>();
/** Whether a change or clamp rule reads a computed `$<name>` (it reads it empty: the scope it shares holds the last pass's). */
function editRulesReadComputed(internals: DefinitionInternals): boolean {
  let reads = readsComputedCache.get(internals);
  if (reads === undefined) {
    const names = new Set(Object.keys(internals.computedSeed));
    reads =
      names.size > 0 &&
      [...internals.onChange, ...internals.clamp].some(
        (rule) => rule.reads === null || rule.reads.some((key) => names.has(key)),
      );
    readsComputedCache.set(internals, reads);
  }
  return reads;
}

/**
 * A copy of `data` with each path emptied (null). With a memo, a top-level value emptied at the same paths as last
 * time is the same object as then, so the expressions reading it keep their memoised results.
 */
function withPathsEmptied(data: Data, paths: readonly string[], memo?: DerivationMemo): Data {
  const next: Data = { ...data };
  // Sorted paths come grouped by top-level field; a field met again (a sibling key sorting between) is emptied further.
  let done: string[] | undefined;
  for (let from = 0; from < paths.length;) {
    const top = splitPath(paths[from])[0];
    let to = from + 1;
    while (to < paths.length && splitPath(paths[to])[0] === top) to++;
    if (done?.includes(top)) next[top] = emptiedAt(next[top], paths, from, to, undefined, top);
    else next[top] = emptiedAt(data[top], paths, from, to, memo, top);
    (done ??= []).push(top);
    from = to;
  }
  return next;
}

/** Top-level value `source` with `paths[from..to)` (all in field `top`) emptied; the memo's copy while the same. */
function emptiedAt(
  source: unknown,
  paths: readonly string[],
  from: number,
  to: number,
  memo: DerivationMemo | undefined,
  top: string,
): unknown {
  const cached = memo?.emptied.get(top);
  if (cached !== undefined && cached.source === source && isSameRange(cached.paths, paths, from, to))
    return cached.value;
  let value = source;
  for (let i = from; i < to; i++) value = setBelowTop(value, splitPath(paths[i]), null);
  memo?.emptied.set(top, { source, paths: paths.slice(from, to), value });
  return value;
}

/** Whether `list` holds the same items as `paths[from..to)`. */
function isSameRange(list: readonly string[], paths: readonly string[], from: number, to: number): boolean {
  if (list.length !== to - from) return false;
  for (let i = from; i < to; i++) if (list[i - from] !== paths[i]) return false;
  return true;
}

/** One concrete path of an option field: its keys and last array index (made once per definition and array length). */
interface OptionSlot {
  path: string;
  keys: string[];
  index: number | undefined;
}
/** A field's concrete paths and their slots, in the same order. */
interface ConcreteSlots {
  paths: string[];
  slots: OptionSlot[];
}
/** A pattern with `*`s: the array path before its first `*`, what follows it, and per array length its slots. */
interface ConcretePattern {
  arrayKeys: string[];
  arrayPath: string;
  rest: string;
  byLength: ConcreteSlots[];
}
const concreteCache = new Map<string, ConcretePattern | ConcreteSlots>();

function slotsOf(paths: string[]): ConcreteSlots {
  const slots = paths.map((path) => {
    const keys = splitPath(path);
    let index: number | undefined;
    for (const key of keys) if (/^\d+$/.test(key)) index = Number(key);
    return { path, keys, index };
  });
  return { paths, slots };
}

/** Concrete paths of a pattern with `*` for the current data (`doorWidth.*` with 3 walls -> doorWidth.0..2), with their slots. */
function concreteSlots(pattern: string, data: Data): ConcreteSlots {
  let known = concreteCache.get(pattern);
  if (known === undefined) {
    const star = pattern.indexOf('*');
    if (star < 0) known = slotsOf([pattern]);
    else {
      const arrayPath = pattern.slice(0, Math.max(0, star - 1));
      known = { arrayKeys: splitPath(arrayPath), arrayPath, rest: pattern.slice(star + 1), byLength: [] };
    }
    concreteCache.set(pattern, known);
  }
  if (!('arrayKeys' in known)) return known;
  const array = getAtKeys(data, known.arrayKeys);
  if (!Array.isArray(array)) return NO_SLOTS;
  const { arrayPath, rest } = known;
  if (rest.includes('*'))
    return slotsOf(array.flatMap((_, i) => concreteSlots(`${arrayPath}.${i}${rest}`, data).paths));
  // One `*`: the slots for this length are the same every pass (memoised, so their strings are too).
  let slots = known.byLength[array.length];
  if (!slots) {
    slots = slotsOf(array.map((_, i) => `${arrayPath}.${i}${rest}`));
    if (array.length <= 1000) known.byLength[array.length] = slots;
  }
  return slots;
}
const NO_SLOTS: ConcreteSlots = { paths: [], slots: [] };

/**
 * The field's options at a concrete path, reused from the last pass while the inputs of its rules are unchanged.
 * `memos` holds the field's lists by position in its concrete paths (the same path at the same position, whatever the
 * array's length); an entry made for another path is made again.
 */
function deriveOptionsMemo(
  field: OptionField,
  slot: OptionSlot,
  memos: (OptionMemo | undefined)[],
  position: number,
  scope: Scope,
  fired: FiredRules,
): Option[] {
  if (field.rules.length === 0) return field.base ?? [];
  const index = slot.index;
  if (index !== undefined) {
    scope.$index = index;
    scope.$n = index + 1;
  }
  let offered: Option[];
  const inputs = field.inputs;
  if (inputs) {
    // The latest two lists (unmasked and masked rounds), as for expressions.
    let memo = memos[position];
    if (memo === undefined || memo.path !== slot.path)
      memos[position] = memo = { path: slot.path, latest: undefined, older: undefined, differsAt: 0 };
    const { latest, older } = memo;
    if (latest !== undefined && holdsSameInputsAt(inputs, latest.values, scope, memo)) offered = latest.offered;
    else if (older !== undefined && holdsSameInputsAt(inputs, older.values, scope, memo)) {
      offered = older.offered;
      memo.latest = older;
      memo.older = latest;
    } else {
      offered = deriveOptions(field, scope, fired);
      // The older entry is filled again rather than a new one made.
      const next = older ?? { values: new Array<unknown>(inputs.length), offered };
      for (let i = 0; i < inputs.length; i++) next.values[i] = scope[inputs[i]];
      next.offered = offered;
      memo.latest = next;
      memo.older = latest;
    }
  } else offered = deriveOptions(field, scope, fired);
  if (index !== undefined) {
    scope.$index = undefined;
    scope.$n = undefined;
  }
  return offered;
}

function deriveOptions(field: OptionField, scope: Scope, fired: FiredRules): Option[] {
  let offered: Option[] = field.base ?? [];
  for (const rule of field.rules) {
    if (rule.when && !rule.when(scope)) continue;
    if (rule.staticFrom) offered = rule.staticFrom;
    else if (rule.from) {
      const list = rule.from(scope);
      offered = Array.isArray(list) ? list.map(toOption) : [];
      fired.add(rule.position);
    }
    if (rule.where) {
      const before = offered.length;
      offered = offered.filter((option) => {
        scope.$option = option.value;
        return Boolean(rule.where!(scope));
      });
      scope.$option = undefined;
      if (offered.length !== before) fired.add(rule.position);
    } else if (rule.staticFrom) fired.add(rule.position);
  }
  return offered;
}

/**
 * The posted body: schema fields only, without hidden and excluded paths; objects are copied only where something
 * is dropped. Top-level values whose data and hidden paths are unchanged are taken from the last payload.
 */
function buildPayload(
  internals: DefinitionInternals,
  data: Data,
  hidden: string[],
  adds: unknown[],
  memo: DerivationMemo,
): Data {
  const last = memo.payload;
  let dropped: Set<string>;
  let above: Set<string>;
  const isSameDropping = last !== undefined && last.hidden === hidden;
  if (isSameDropping) {
    dropped = last.dropped;
    above = last.above;
  } else {
    dropped = new Set<string>(internals.omitHidden ? hidden : []);
    for (const path of internals.payloadExclude) dropped.add(path);
    above = new Set<string>();
    for (const path of dropped) for (const ancestor of ancestorsOf(path)) above.add(ancestor);
  }
  const copyBelow = (node: unknown, prefix: string): unknown => {
    if (Array.isArray(node)) {
      return node.map((item, i) => {
        const path = `${prefix}.${i}`;
        return dropped.has(path) ? null : above.has(path) ? copyBelow(item, path) : item;
      });
    }
    if (node === null || typeof node !== 'object') return node;
    const copy: Data = {};
    for (const [key, item] of Object.entries(node as Data)) {
      const path = `${prefix}.${key}`;
      if (dropped.has(path)) continue;
      copy[key] = above.has(path) ? copyBelow(item, path) : item;
    }
    return copy;
  };
  let body: Data = {};
  let isSameBody = isSameDropping && last.data !== undefined;
  let count = 0;
  for (const key of Object.keys(data)) {
    if (!internals.topLevelKeys.has(key) || dropped.has(key)) continue;
    const value = data[key];
    count++;
    if (isSameDropping && last.data[key] === value && key in last.payload) {
      body[key] = last.payload[key];
      continue;
    }
    isSameBody = false;
    body[key] = above.has(key) ? copyBelow(value, key) : value;
  }
  if (isSameBody && count === last!.count && isSameList(adds, last!.adds)) {
    last!.data = data;
    return last!.payload;
  }
  for (let i = 0; i < internals.payloadAdd.length; i++) body = setIn(body, internals.payloadAdd[i][0], adds[i]);
  memo.payload = { data, count, hidden, dropped, above, adds, payload: body };
  return body;
}
