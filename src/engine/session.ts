/** createSession: a running form. Each edit fires its change rules, then one derivation pass computes everything the page shows. */
import type { CompiledDefinition, FormContext, FormSession, FormState, MissingField, Notice, Option, SessionOptions } from './types';
import { internalsOf, typeAtPath, type ChangeRule, type DefinitionInternals, type OptionField } from './compile';
import { applyNormalizeSteps } from './normalize';
import { toNumber } from './operators';
import { fillIndex, getIn, isEmpty, setIn, splitPath, toPattern } from './paths';

type Data = Record<string, unknown>;
type Scope = Record<string, unknown>;

/** Change rules cascade (a reset fires the reset field's rules); this bounds a cycle the static check missed. */
const MAX_CASCADE_DEPTH = 12;

/** Whether two stored values are the same for change detection (numbers and numeric strings differ: what is stored matters). */
function isSameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isEmpty(a) && isEmpty(b) && !Array.isArray(a) && !Array.isArray(b)) return true;
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) return JSON.stringify(a) === JSON.stringify(b);
  return false;
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
  let notices: Notice[] = [];
  const fired = new Set<string>();
  let state: FormState;

  // A flat copy of the data plus the $ variables: cheaper than a prototype chain, which makes V8 re-shape each new data object.
  const makeScope = (current: Data): Scope => ({
    ...current,
    $context: contextForRules(context),
    $const: internals.constants,
    $data: internals.data,
    $index: undefined,
    $n: undefined,
    $value: undefined,
    $previous: undefined,
    $option: undefined,
  });

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
    for (const rule of internals.onChange) {
      let index: number | null = null;
      for (const match of rule.matchers) {
        index = match(path);
        if (index !== null) break;
      }
      if (index === null) continue;
      applyChangeRule(rule, path, index >= 0 ? index : undefined, previous, depth);
    }
  };

  const applyChangeRule = (rule: ChangeRule, path: string, index: number | undefined, previous: unknown, depth: number): void => {
    const scope = makeScope(data);
    const value = getIn(data, path);
    scope.$value = value ?? null;
    scope.$previous = previous ?? null;
    if (index !== undefined) {
      scope.$index = index;
      scope.$n = index + 1;
    }
    if (rule.when && !rule.when(scope)) return;
    fired.add(rule.id);
    const changed: [string, unknown][] = [];
    for (const template of rule.reset) {
      for (const target of expandPaths(template, index, data)) {
        const old = getIn(data, target);
        const next = defaultOf(target);
        if (!isSameValue(old, next)) {
          data = setIn(data, target, next);
          changed.push([target, old]);
        }
      }
    }
    for (const [template, evaluate] of rule.set) {
      const next = evaluate(scope);
      for (const target of expandPaths(template, index, data)) {
        const old = getIn(data, target);
        if (!isSameValue(old, next)) {
          data = setIn(data, target, next);
          changed.push([target, old]);
        }
      }
    }
    if (rule.notice) {
      const message = fillIndex(rule.notice.message, index).replace(/\{value\}/g, value === undefined || value === null ? '' : String(value));
      notices.push({ level: rule.notice.level, message, path });
    }
    for (const [target, old] of changed) fireChange(target, old, depth + 1);
  };

  const derive = (): FormState => {
    const result = deriveState(definition, internals, data, makeScope, fired);
    data = result.data;
    state = { ...result.state, notices };
    return state;
  };

  const clampValue = (path: string, onSet: boolean, value: unknown): unknown => {
    let current = value;
    for (const rule of internals.clamp) {
      if (rule.onSet !== onSet) continue;
      const index = rule.matcher(path);
      if (index === null) continue;
      const scope = makeScope(data);
      if (index >= 0) {
        scope.$index = index;
        scope.$n = index + 1;
      }
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
      if (!isSameValue(before, current) || before !== current) fired.add(rule.id);
    }
    return current;
  };

  const session: FormSession = {
    definition,
    get state() {
      return state;
    },
    set(path: string, value: unknown): FormState {
      notices = [];
      let next = value;
      for (const rule of internals.normalize) {
        if (rule.matcher(path) === null) continue;
        const normalized = applyNormalizeSteps(next, rule.steps);
        if (normalized !== next) fired.add(rule.id);
        next = normalized;
      }
      next = clampValue(path, true, coerce(path, next));
      const previous = getIn(data, path);
      data = setIn(data, path, next);
      if (!isSameValue(previous, next)) fireChange(path, previous, 0);
      return derive();
    },
    blur(path: string): FormState {
      notices = [];
      const previous = getIn(data, path);
      const next = clampValue(path, false, previous);
      if (!isSameValue(previous, next) || previous !== next) {
        data = setIn(data, path, next);
        fireChange(path, previous, 0);
      }
      return derive();
    },
    load(input: Record<string, unknown>): FormState {
      notices = [];
      data = input && typeof input === 'object' && !Array.isArray(input) ? { ...input } : {};
      return derive();
    },
    setContext(next: FormContext): FormState {
      context = next ?? {};
      notices = [];
      return derive();
    },
    firedRuleIds: () => fired,
  };
  data = options.start && typeof options.start === 'object' ? { ...options.start } : {};
  derive();
  return session;
}

function structuredCloneSafe<T>(value: T): T {
  return value !== null && typeof value === 'object' ? (JSON.parse(JSON.stringify(value)) as T) : value;
}

const contextCache = new WeakMap<object, Record<string, unknown>>();
/** The context rules see: the given one plus `hasLocations` (the dealer has at least one location). */
function contextForRules(context: FormContext): Record<string, unknown> {
  let derived = contextCache.get(context);
  if (!derived) {
    derived = { ...context, locations: context.locations ?? {}, prices: context.prices ?? {}, hasLocations: Object.keys(context.locations ?? {}).length > 0 };
    contextCache.set(context, derived);
  }
  return derived;
}

interface Derived {
  data: Data;
  state: Omit<FormState, 'notices'>;
}

/** Count of elements a forEach rule runs over (undefined: the rule is not repeated). */
function countOf(rule: { forEachPath?: string; forEachCount?: (scope: object) => unknown }, data: Data, scope: Scope): number | undefined {
  if (rule.forEachPath !== undefined) {
    const array = getIn(data, rule.forEachPath);
    return Array.isArray(array) ? array.length : 0;
  }
  if (rule.forEachCount) return Math.max(0, Math.floor(toNumber(rule.forEachCount(scope)) ?? 0));
  return undefined;
}

/** Run `body` once, or once per index with $index/$n set in the scope. */
function eachIndex(rule: { forEachPath?: string; forEachCount?: (scope: object) => unknown }, data: Data, scope: Scope, body: (index: number | undefined) => void): void {
  const count = countOf(rule, data, scope);
  if (count === undefined) {
    body(undefined);
    return;
  }
  for (let index = 0; index < count; index++) {
    scope.$index = index;
    scope.$n = index + 1;
    body(index);
  }
  scope.$index = undefined;
  scope.$n = undefined;
}

/** One derivation pass: forced values, options, computed values, hidden, disabled, missing, messages, payload. */
function deriveState(
  definition: CompiledDefinition,
  internals: DefinitionInternals,
  input: Data,
  makeScope: (data: Data) => Scope,
  fired: Set<string>,
): Derived {
  let data = input;
  const scope = makeScope(data);
  const write = (path: string, value: unknown) => {
    if (isSameValue(getIn(data, path), value)) return;
    data = setIn(data, path, value);
    // One scope per pass (forEach keeps $index on it): refresh only the changed top-level field.
    const top = splitPath(path)[0];
    scope[top] = data[top];
  };

  for (const rule of internals.force) {
    eachIndex(rule, data, scope, (index) => {
      if (rule.when && !rule.when(scope)) return;
      fired.add(rule.id);
      for (const [template, evaluate] of rule.set) write(fillIndex(template, index), evaluate(scope));
    });
  }

  const options: Record<string, Option[]> = {};
  for (const field of internals.optionFields) {
    for (const path of concretePaths(field.pattern, data)) {
      const offered = deriveOptions(field, path, scope, fired);
      options[path] = offered;
      const value = getIn(data, path);
      const clears = field.rules.length === 0 ? false : field.rules.some((r) => r.clearUnoffered);
      if (clears && !isEmpty(value) && !offered.some((o) => o.value === value || String(o.value) === String(value))) write(path, null);
    }
  }

  const computed: Record<string, unknown> = {};
  for (const rule of internals.compute) {
    const value = rule.value(scope);
    computed[rule.name] = value;
    scope[`$${rule.name}`] = value;
    if (!isEmpty(value) && value !== 0) fired.add(rule.id);
    if (rule.path) write(rule.path, value);
  }

  const hiddenSet = new Set<string>();
  for (const rule of internals.visibility) {
    eachIndex(rule, data, scope, (index) => {
      const holds = rule.when ? Boolean(rule.when(scope)) : true;
      const isHidden = rule.isShow ? !holds : holds;
      if (!isHidden) return;
      fired.add(rule.id);
      for (const template of rule.paths) hiddenSet.add(fillIndex(template, index));
    });
  }
  const hiddenList = [...hiddenSet];
  // A path is hidden when it or one of its ancestors is: a lookup per ancestor, not a scan of the hidden list.
  const isHiddenPath = (path: string) => {
    if (hiddenSet.size === 0) return false;
    if (hiddenSet.has(path)) return true;
    for (let dot = path.indexOf('.'); dot >= 0; dot = path.indexOf('.', dot + 1)) if (hiddenSet.has(path.slice(0, dot))) return true;
    return false;
  };

  const disabled = new Set<string>();
  for (const rule of internals.disable) {
    eachIndex(rule, data, scope, (index) => {
      if (rule.when && !rule.when(scope)) return;
      fired.add(rule.id);
      for (const template of rule.paths) disabled.add(fillIndex(template, index));
    });
  }

  const missing: MissingField[] = [];
  const missingPaths = new Set<string>();
  const errors: Record<string, string> = {};
  for (const rule of internals.required) {
    eachIndex(rule, data, scope, (index) => {
      const paths = rule.paths.map((template) => fillIndex(template, index)).filter((path) => !isHiddenPath(path) && isEmpty(getIn(data, path)));
      if (paths.length === 0) return;
      if (rule.when && !rule.when(scope)) return;
      fired.add(rule.id);
      for (const path of paths) {
        if (missingPaths.has(path)) continue;
        const label = rule.label !== undefined ? fillIndex(rule.label, index) : definition.labelOf(path);
        missingPaths.add(path);
        missing.push({ path, label });
        errors[path] ??= (rule.message ?? '{label} is required').replace(/\{label\}/g, label);
      }
    });
  }

  for (const rule of internals.validate) {
    eachIndex(rule, data, scope, (index) => {
      const path = fillIndex(rule.path, index);
      if (errors[path] !== undefined || isHiddenPath(path)) return;
      const value = getIn(data, path);
      if (!rule.checkEmpty && isEmpty(value)) return;
      if (rule.when && !rule.when(scope)) return;
      let isValid = true;
      if (rule.regex) isValid = !isEmpty(value) && rule.regex.test(String(value));
      if (isValid && rule.test) {
        scope.$value = value ?? null;
        isValid = Boolean(rule.test(scope));
        scope.$value = undefined;
      }
      if (isValid) return;
      fired.add(rule.id);
      const message = fillIndex(rule.message, index);
      errors[path] = message;
      if (rule.listAsMissing && !missingPaths.has(path)) {
        missingPaths.add(path);
        missing.push({ path, label: message });
      }
    });
  }

  const payload = buildPayload(internals, data, hiddenList, scope);
  const price = internals.price !== undefined ? (computed[internals.price] as number | string | null | undefined) ?? null : null;
  const isOrdered = internals.isOrdered ? Boolean(internals.isOrdered(scope)) : true;
  return {
    data,
    state: {
      data,
      hidden: hiddenList,
      disabled: [...disabled],
      options,
      missing,
      errors,
      computed,
      payload,
      price,
      isOrdered,
      isSubmittable: missing.length === 0 && Object.keys(errors).length === 0,
    },
  };
}

/** Concrete paths of a pattern with `*` for the current data (`doorWidth.*` with 3 walls -> doorWidth.0..2). */
function concretePaths(pattern: string, data: Data): string[] {
  const star = pattern.indexOf('*');
  if (star < 0) return [pattern];
  const arrayPath = pattern.slice(0, Math.max(0, star - 1));
  const array = getIn(data, arrayPath);
  if (!Array.isArray(array)) return [];
  const rest = pattern.slice(star + 1);
  return array.flatMap((_, i) => concretePaths(`${arrayPath}.${i}${rest}`, data));
}

function deriveOptions(field: OptionField, path: string, scope: Scope, fired: Set<string>): Option[] {
  if (field.rules.length === 0) return field.base ?? [];
  let offered: Option[] = field.base ?? [];
  const keys = splitPath(path);
  const index = keys.length > 0 ? keys.filter((k) => /^\d+$/.test(k)).map(Number).pop() : undefined;
  if (index !== undefined) {
    scope.$index = index;
    scope.$n = index + 1;
  }
  for (const rule of field.rules) {
    if (rule.when && !rule.when(scope)) continue;
    if (rule.staticFrom) offered = rule.staticFrom;
    else if (rule.from) {
      const list = rule.from(scope);
      offered = Array.isArray(list) ? list.map(toOption) : [];
      fired.add(rule.id);
    }
    if (rule.where) {
      const before = offered.length;
      offered = offered.filter((option) => {
        scope.$option = option.value;
        return Boolean(rule.where!(scope));
      });
      scope.$option = undefined;
      if (offered.length !== before) fired.add(rule.id);
    } else if (rule.staticFrom) fired.add(rule.id);
  }
  if (index !== undefined) {
    scope.$index = undefined;
    scope.$n = undefined;
  }
  return offered;
}

/** The posted body: schema fields only, without hidden and excluded paths; objects are copied only where something is dropped. */
function buildPayload(internals: DefinitionInternals, data: Data, hidden: string[], scope: Scope): Data {
  const dropped = new Set<string>(internals.omitHidden ? hidden : []);
  for (const path of internals.payloadExclude) dropped.add(path);
  const above = new Set<string>();
  for (const path of dropped) {
    for (let dot = path.indexOf('.'); dot >= 0; dot = path.indexOf('.', dot + 1)) above.add(path.slice(0, dot));
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
  let payload: Data = {};
  for (const key of Object.keys(data)) {
    if (!internals.topLevelKeys.has(key) || dropped.has(key)) continue;
    payload[key] = above.has(key) ? copyBelow(data[key], key) : data[key];
  }
  for (const [path, evaluate] of internals.payloadAdd) payload = setIn(payload, path, evaluate(scope));
  return payload;
}
