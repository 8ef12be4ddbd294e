/**
 * The preview's session keeper, without React: it makes the store the dealers' configurator components run on
 * (DefinitionSource.storeFor), keeps the answers when a new compiled definition arrives (a new session loads them and
 * re-applies every rule), applies golden-order steps, and records the staff member's edits as golden-order steps.
 */
import type { CompiledDefinition, FormContext, FormState, Notice } from '../../../../engine';
import { createFormStore, type ChangeCause, type FormStore } from '../../../forms/form-store';

/** A golden-order step (schemas/golden-order.schema.json): an edit of one field, or leaving it. */
export type PreviewStep = { set: Record<string, unknown> } | { blur: string };

/** What was recorded: the answers it started from, the context and each step in order. */
export interface PreviewRecording {
  /** The answers when recording began, loaded as a saved draft is (no change rules). */
  start: Record<string, unknown>;
  /** The context the session ran with (locations). */
  context: FormContext;
  steps: PreviewStep[];
}

/** Why the preview's answers changed: an edit or step, a load (Reset, a golden order's start), a new definition. */
export type PreviewDataCause = ChangeCause | 'definition';

export interface PreviewSnapshot {
  /** The store shown now (undefined before the first definition). */
  store: FormStore | undefined;
  isRecording: boolean;
  /** The current or last recording (kept after it stops, for saving). */
  recording: PreviewRecording | null;
}

export interface PreviewController {
  /** One store per definition; a new definition's session starts from the answers of the store before it. */
  storeFor(definition: CompiledDefinition, context: FormContext): FormStore;
  getSnapshot(): PreviewSnapshot;
  /** Called when the store is replaced or the recording starts, stops or gains a step. */
  subscribe(listener: () => void): () => void;
  /** Called after each change of the answers, with its cause. */
  onDataChange(listener: (data: Record<string, unknown>, cause: PreviewDataCause) => void): () => void;
  /** The answers now (those handed in before the first store). */
  data(): Record<string, unknown>;
  /** Replaces the answers as a saved draft is loaded (no change rules fire); a recording restarts from them. */
  load(data: Record<string, unknown>): void;
  /**
   * A context that wins over the page's (a golden order's locations, product line and prices) while it is open;
   * null gives the page's back. The answers are re-derived at once, before any step is applied.
   */
  overrideContext(context: FormContext | null): void;
  /** The context the session runs with now. */
  context(): FormContext;
  /** Applies a golden-order step as the page would (each `set` path in turn); returns the toasts it raised. */
  apply(step: PreviewStep): Notice[];
  startRecording(): void;
  stopRecording(): void;
  discardRecording(): void;
}

interface RecordedStep {
  step: PreviewStep;
  /** The answers before it: a load of exactly these takes the step back (the sunroom holds some wall lengths back). */
  before: Record<string, unknown>;
}

/** A controller starting from `data` (e.g. what was typed before the pane was closed). */
export function createPreviewController(data: Record<string, unknown> = {}): PreviewController {
  let initialData = data;
  let current: { definition: CompiledDefinition; store: FormStore; inner: FormStore } | null = null;
  // What the page hands the session (its dealer's locations), and what the controller lays over it.
  let pageContext: FormContext | null = null;
  let override: FormContext | null = null;
  let context: FormContext = {};
  let unsubscribeInner: (() => void) | null = null;
  let isRecording = false;
  let recording: { start: Record<string, unknown>; context: FormContext; steps: RecordedStep[] } | null = null;
  let snapshot: PreviewSnapshot = { store: undefined, isRecording: false, recording: null };
  const listeners = new Set<() => void>();
  const dataListeners = new Set<(data: Record<string, unknown>, cause: PreviewDataCause) => void>();

  const publish = () => {
    snapshot = {
      store: current?.store,
      isRecording,
      recording: recording
        ? { start: recording.start, context: recording.context, steps: recording.steps.map((entry) => entry.step) }
        : null,
    };
    for (const listener of listeners) listener();
  };
  const tellData = (state: FormState, cause: PreviewDataCause) => {
    for (const listener of dataListeners) listener(state.data, cause);
  };
  const currentData = () => current?.inner.getState().data ?? initialData;

  const record = (step: PreviewStep, before: Record<string, unknown>) => {
    if (!isRecording || !recording) return;
    recording.steps.push({ step, before });
    publish();
  };
  const restartRecording = (start: Record<string, unknown>) => {
    if (!isRecording || !current) return;
    recording = { start, context, steps: [] };
    publish();
  };
  /** Runs the session in the page's context with the override laid over it; nothing when that is the same. */
  const applyContext = (): FormState | undefined => {
    const next = { ...(pageContext ?? {}), ...(override ?? {}) };
    if (isSameContext(next, context)) return undefined;
    context = next;
    const state = current?.inner.setContext(next);
    // A recording runs in one context: another one starts it again from the answers now.
    if (state) restartRecording(state.data);
    return state;
  };

  /** The store the page gets: the session's, with each edit recorded and each load understood. */
  const wrap = (inner: FormStore, definition: CompiledDefinition): FormStore => ({
    get session() {
      return inner.session;
    },
    definition,
    getView: () => inner.getView(),
    getState: () => inner.getState(),
    subscribe: (listener) => inner.subscribe(listener),
    subscribeTo: (key, listener) => inner.subscribeTo(key, listener),
    trySet(path, value, accept) {
      const before = inner.getState();
      const state = inner.trySet(path, value, accept);
      // An edit the page took back (a held wall length) is no step.
      if (state !== before) record({ set: { [path]: value } }, before.data);
      return state;
    },
    set(path, value) {
      const before = inner.getState().data;
      const state = inner.set(path, value);
      record({ set: { [path]: value } }, before);
      return state;
    },
    blur(path) {
      const before = inner.getState();
      const state = inner.blur(path);
      // Leaving a field that changes nothing (no clamp, no rounding) is no step.
      if (state.data !== before.data) record({ blur: path }, before.data);
      return state;
    },
    load(loaded) {
      const last = recording?.steps.at(-1);
      const state = inner.load(loaded);
      if (isRecording && last && last.before === loaded) {
        recording!.steps.pop();
        publish();
      } else restartRecording(state.data);
      return state;
    },
    setContext(given) {
      if (current?.inner !== inner) return inner.setContext(given);
      // The page hands each new store its context again: the same context changes nothing.
      pageContext = given;
      return applyContext() ?? inner.getState();
    },
    showMessages: () => inner.showMessages(),
    hideMessages: () => inner.hideMessages(),
    onDataChange: (listener) => inner.onDataChange(listener),
    onNotices: (listener) => inner.onNotices(listener),
  });

  return {
    storeFor(definition, given) {
      if (current?.definition === definition) return current.store;
      const previous = current;
      pageContext ??= given;
      context = { ...pageContext, ...(override ?? {}) };
      const inner = createFormStore(definition, { context, start: currentData() });
      const store = wrap(inner, definition);
      current = { definition, store, inner };
      unsubscribeInner?.();
      unsubscribeInner = inner.onDataChange((state, cause) => tellData(state, cause));
      if (previous && previous.inner.getState().data !== inner.getState().data)
        tellData(inner.getState(), 'definition');
      publish();
      return store;
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onDataChange(listener) {
      dataListeners.add(listener);
      return () => dataListeners.delete(listener);
    },
    data: currentData,
    load(loaded) {
      if (!current) {
        initialData = loaded;
        return;
      }
      current.store.load(loaded);
    },
    overrideContext(laid) {
      override = laid;
      applyContext();
    },
    context: () => context,
    apply(step) {
      const store = current?.store;
      if (!store) return [];
      if ('blur' in step) return store.blur(step.blur).notices;
      return Object.entries(step.set).flatMap(([path, value]) => store.set(path, value).notices);
    },
    startRecording() {
      isRecording = true;
      recording = { start: currentData(), context, steps: [] };
      publish();
    },
    stopRecording() {
      isRecording = false;
      publish();
    },
    discardRecording() {
      isRecording = false;
      recording = null;
      publish();
    },
  };
}

function isSameContext(a: FormContext, b: FormContext): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
