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
  subscribe(listener: () => void): () => void;
  /** A dealer's edit of one field (normalised and checked by the engine). */
  set(path: string, value: unknown): FormState;
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
  const dataListeners = new Set<(state: FormState, cause: ChangeCause, path?: string) => void>();
  const noticeListeners = new Set<(notices: Notice[]) => void>();

  const publish = (state: FormState, cause: ChangeCause, path?: string): FormState => {
    const previous = view.state;
    if (state === previous) return state;
    view = { ...view, state };
    for (const listener of listeners) listener();
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
    set: (path, value) => publish(session.set(path, value), 'edit', path),
    blur: (path) => publish(session.blur(path), 'edit', path),
    load: (data) => publish(session.load(data), 'load'),
    setContext: (context) => publish(session.setContext(context), 'load'),
    showMessages() {
      if (view.isShowingMessages) return;
      view = { ...view, isShowingMessages: true };
      for (const listener of listeners) listener();
    },
    hideMessages() {
      if (!view.isShowingMessages) return;
      view = { ...view, isShowingMessages: false };
      for (const listener of listeners) listener();
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
  return hiddenSetOf(state).has(path) || state.hidden.some((hidden) => path.startsWith(`${hidden}.`));
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
