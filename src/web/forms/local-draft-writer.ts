import { writeLocalDraft, type Draft, type DraftStorage } from './draft-storage';

/** When to run a write: in the page, when the browser is idle; in tests, by hand. */
export interface IdleScheduler {
  request(run: () => void): unknown;
  cancel(handle: unknown): void;
}

/** What tells the writer the page is going away (window in the page): `pagehide`, and `visibilitychange` to hidden. */
export interface PageLifecycle {
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  isHidden(): boolean;
}

export interface LocalDraftWriter {
  /** Keeps this draft in the browser soon (the newest of several scheduled is the one written). */
  schedule(draft: Draft): void;
  /** Writes the scheduled draft now. */
  flush(): void;
  /** Forgets the scheduled draft (the draft was removed or replaced: a late write must not bring it back). */
  cancel(): void;
  /** Flushes and stops listening to the page. */
  dispose(): void;
}

// An idle callback waits at most this long: a dealer typing without pause still has the draft kept.
const idleTimeoutMs = 500;

/** requestIdleCallback where the browser has it (not Safari), else a short timer. */
export function browserIdleScheduler(): IdleScheduler {
  if (typeof requestIdleCallback === 'function') {
    return {
      request: (run) => requestIdleCallback(run, { timeout: idleTimeoutMs }),
      cancel: (handle) => cancelIdleCallback(handle as number),
    };
  }
  return { request: (run) => setTimeout(run, 200), cancel: (handle) => clearTimeout(handle as number) };
}

export function browserPageLifecycle(): PageLifecycle | undefined {
  if (typeof window === 'undefined' || typeof document === 'undefined') return undefined;
  return { target: window, isHidden: () => document.visibilityState === 'hidden' };
}

/**
 * Keeps the form's draft in the browser off the keystroke's path: the JSON of the whole draft is written when the page
 * is idle, at once when the page is hidden or left (a reload, a closed tab), and on dispose.
 */
export function createLocalDraftWriter(
  storage: DraftStorage | undefined,
  draftKey: string,
  scheduler: IdleScheduler = browserIdleScheduler(),
  lifecycle: PageLifecycle | undefined = browserPageLifecycle(),
): LocalDraftWriter {
  let pending: Draft | null = null;
  let handle: unknown = null;

  const flush = () => {
    if (handle !== null) scheduler.cancel(handle);
    handle = null;
    if (!pending) return;
    const draft = pending;
    pending = null;
    writeLocalDraft(storage, draftKey, draft);
  };
  const onVisibility = () => {
    if (lifecycle?.isHidden()) flush();
  };
  lifecycle?.target.addEventListener('pagehide', flush);
  lifecycle?.target.addEventListener('visibilitychange', onVisibility);

  return {
    schedule(draft) {
      pending = draft;
      handle ??= scheduler.request(flush);
    },
    flush,
    cancel() {
      pending = null;
      if (handle !== null) scheduler.cancel(handle);
      handle = null;
    },
    dispose() {
      flush();
      lifecycle?.target.removeEventListener('pagehide', flush);
      lifecycle?.target.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
