import {
  createSession,
  getIn,
  type CompiledDefinition,
  type FormContext,
  type FormSession,
  type FormState,
  type Notice,
} from '../../engine';

/** What the renderer reads: the engine's state plus whether messages are shown yet (spec 1 §5: after the first submit). */
export interface FormView {
  state: FormState;
  isShowingMessages: boolean;
}

/** Why the data changed: a dealer's edit, or a load (draft restore, reset) that must not be saved back as an edit. */
export type ChangeCause = 'edit' | 'load';

/**
 * A small external store around one engine FormSession: each edit runs the engine once, then listeners read the
 * slices they care about (useSyncExternalStore), so only fields whose slice changed re-render.
 */
export interface FormStore {
  readonly session: FormSession;
  readonly definition: CompiledDefinition;
  getView(): FormView;
  getState(): FormState;
  /** Called after every change of the view (a whole-page slice such as the price). */
  subscribe(listener: () => void): () => void;
  /**
   * Called only when what `key` names changed: a field's dot path (its value, hidden, disabled, options or message; a
   * hidden parent counts) or `computed:<name>`. Keeps a keystroke from re-running every field's selector.
   */
  subscribeTo(key: string, listener: () => void): () => void;
  /** A dealer's edit of one field (normalised and checked by the engine). */
  set(path: string, value: unknown): FormState;
  /**
   * An edit kept only when `accept(before, after)` says so; otherwise the session goes back to `before` and nothing is
   * published (no render of a state the page takes back). Returns the state shown afterwards.
   */
  trySet(path: string, value: unknown, accept: (before: FormState, after: FormState) => boolean): FormState;
  /** The dealer leaves a field: clamps, rounding, empty defaults. */
  blur(path: string): FormState;
  /** Replace the data without firing change rules (a draft). */
  load(data: Record<string, unknown>): FormState;
  setContext(context: FormContext): FormState;
  /** The first submit attempt turns messages on; they stay live afterwards. */
  showMessages(): void;
  /** A new order starts quiet again: messages wait for its first submit. */
  hideMessages(): void;
  /** Called after every change of data with its cause (drafts, lookups). */
  onDataChange(listener: (state: FormState, cause: ChangeCause, path?: string) => void): () => void;
  /** Called with the toasts an edit produced. */
  onNotices(listener: (notices: Notice[]) => void): () => void;
}

/** Creates the store over a new engine session. */
export function createFormStore(
  definition: CompiledDefinition,
  options: { context?: FormContext; start?: Record<string, unknown> } = {},
): FormStore {
  const session = createSession(definition, { context: options.context, start: options.start });
  let view: FormView = { state: session.state, isShowingMessages: false };
  const listeners = new Set<() => void>();
  const keyed = new Map<string, Set<() => void>>();
  const dataListeners = new Set<(state: FormState, cause: ChangeCause, path?: string) => void>();
  const noticeListeners = new Set<(notices: Notice[]) => void>();

  // Every field's message turns on or off at once.
  const notifyAll = () => {
    for (const listener of listeners) listener();
    for (const set of [...keyed.values()]) for (const listener of [...set]) listener();
  };

  const publish = (state: FormState, cause: ChangeCause, path?: string): FormState => {
    const previous = view.state;
    if (state === previous) return state;
    view = { ...view, state };
    for (const listener of listeners) listener();
    if (keyed.size > 0) notifyKeyed(keyed, changedKeys(previous, state, view.isShowingMessages));
    if (state.data !== previous.data) for (const listener of dataListeners) listener(state, cause, path);
    if (state.notices.length > 0) for (const listener of noticeListeners) listener(state.notices);
    return state;
  };

  return {
    session,
    definition,
    getView: () => view,
    getState: () => view.state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeTo(key, listener) {
      let set = keyed.get(key);
      if (!set) keyed.set(key, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && keyed.get(key) === set) keyed.delete(key);
      };
    },
    set: (path, value) => publish(session.set(path, value), 'edit', path),
    trySet(path, value, accept) {
      const before = view.state;
      const after = session.set(path, value);
      if (accept(before, after)) return publish(after, 'edit', path);
      // The engine fires no rules on load: the session holds the answers shown again.
      session.load(before.data);
      return before;
    },
    blur: (path) => publish(session.blur(path), 'edit', path),
    load: (data) => publish(session.load(data), 'load'),
    setContext: (context) => publish(session.setContext(context), 'load'),
    showMessages() {
      if (view.isShowingMessages) return;
      view = { ...view, isShowingMessages: true };
      notifyAll();
    },
    hideMessages() {
      if (!view.isShowingMessages) return;
      view = { ...view, isShowingMessages: false };
      notifyAll();
    },
    onDataChange(listener) {
      dataListeners.add(listener);
      return () => dataListeners.delete(listener);
    },
    onNotices(listener) {
      noticeListeners.add(listener);
      return () => noticeListeners.delete(listener);
    },
  };
}

/** Whether `path` is hidden now (a hidden parent hides its children). */
export function isPathHidden(state: FormState, path: string): boolean {
  const hidden = hiddenSetOf(state);
  if (hidden.size === 0) return false;
  if (hidden.has(path)) return true;
  // Walk up the parents: a few Set lookups, where scanning every hidden path cost each field O(hidden).
  for (let dot = path.lastIndexOf('.'); dot > 0; dot = path.lastIndexOf('.', dot - 1)) {
    if (hidden.has(path.slice(0, dot))) return true;
  }
  return false;
}

/**
 * The keys (`subscribeTo`) whose slice may differ between two states: every data path whose value changed (and its
 * parents), paths hidden, shown, enabled or disabled, paths whose options or message changed, and `computed:<name>`.
 * Paths whose hidden state flipped are returned apart: their children flip with them.
 */
export function changedKeys(
  before: FormState,
  after: FormState,
  isShowingMessages: boolean,
): { keys: Set<string>; hiddenFlipped: string[] } {
  const keys = new Set<string>();
  collectDataChanges(before.data, after.data, '', keys);
  const hiddenFlipped = before.hidden === after.hidden ? [] : symmetricDifference(before.hidden, after.hidden);
  for (const path of hiddenFlipped) keys.add(path);
  if (before.disabled !== after.disabled) {
    for (const path of symmetricDifference(before.disabled, after.disabled)) keys.add(path);
  }
  if (before.options !== after.options) {
    for (const path of unionKeys(before.options, after.options)) {
      if (before.options[path] !== after.options[path]) keys.add(path);
    }
  }
  if (isShowingMessages && before.errors !== after.errors) {
    for (const path of unionKeys(before.errors, after.errors)) {
      if (before.errors[path] !== after.errors[path]) keys.add(path);
    }
  }
  if (before.computed !== after.computed) {
    for (const name of unionKeys(before.computed, after.computed)) {
      if (before.computed[name] !== after.computed[name]) keys.add(`computed:${name}`);
    }
  }
  return { keys, hiddenFlipped };
}

function notifyKeyed(
  keyed: Map<string, Set<() => void>>,
  { keys, hiddenFlipped }: { keys: Set<string>; hiddenFlipped: string[] },
): void {
  const called = new Set<() => void>();
  const call = (set: Set<() => void> | undefined) => {
    if (!set) return;
    for (const listener of [...set]) {
      if (called.has(listener)) continue;
      called.add(listener);
      listener();
    }
  };
  for (const key of keys) call(keyed.get(key));
  if (hiddenFlipped.length === 0) return;
  // A parent hidden or shown hides or shows its children too.
  for (const [key, set] of [...keyed]) {
    if (hiddenFlipped.some((parent) => key.startsWith(`${parent}.`))) call(set);
  }
}

// Data is immutable (setIn copies the path it changes): only branches whose identity changed are walked.
function collectDataChanges(before: unknown, after: unknown, path: string, keys: Set<string>): void {
  if (before === after) return;
  if (path !== '') keys.add(path);
  const beforeObject = isObjectLike(before) ? before : undefined;
  const afterObject = isObjectLike(after) ? after : undefined;
  if (!beforeObject && !afterObject) return;
  for (const key of unionKeys(beforeObject ?? {}, afterObject ?? {})) {
    collectDataChanges(beforeObject?.[key], afterObject?.[key], path === '' ? key : `${path}.${key}`, keys);
  }
}

function isObjectLike(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object';
}

function unionKeys(a: object, b: object): Set<string> {
  const keys = new Set(Object.keys(a));
  for (const key of Object.keys(b)) keys.add(key);
  return keys;
}

function symmetricDifference(a: readonly string[], b: readonly string[]): string[] {
  const inA = new Set(a);
  const inB = new Set(b);
  return [...a.filter((path) => !inB.has(path)), ...b.filter((path) => !inA.has(path))];
}

/** Whether `path` is disabled now. */
export function isPathDisabled(state: FormState, path: string): boolean {
  return disabledSetOf(state).has(path);
}

/** The value at `path` in the current data. */
export function valueAt(state: FormState, path: string): unknown {
  return getIn(state.data, path);
}

const hiddenSets = new WeakMap<FormState, Set<string>>();
const disabledSets = new WeakMap<FormState, Set<string>>();

// One Set per derived state, shared by every field's selector.
function hiddenSetOf(state: FormState): Set<string> {
  let set = hiddenSets.get(state);
  if (!set) hiddenSets.set(state, (set = new Set(state.hidden)));
  return set;
}

function disabledSetOf(state: FormState): Set<string> {
  let set = disabledSets.get(state);
  if (!set) disabledSets.set(state, (set = new Set(state.disabled)));
  return set;
}
