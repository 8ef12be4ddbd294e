import { whenIdle } from '../shared/when-idle';
import { writeLocalDraft, type Draft, type DraftStorage } from './draft-storage';

/** When to run a write (in the page, when the browser is idle; in tests, by hand); returns what cancels it. */
export type IdleScheduler = (run: () => void) => () => void;

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

// An idle callback waits at most 500 ms: a dealer typing without pause still has the draft kept.
const browserIdleScheduler: IdleScheduler = (run) => whenIdle(run, { timeoutMs: 500, fallbackMs: 200 });

function browserPageLifecycle(): PageLifecycle | undefined {
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
  scheduler: IdleScheduler = browserIdleScheduler,
  lifecycle: PageLifecycle | undefined = browserPageLifecycle(),
): LocalDraftWriter {
  let pending: Draft | null = null;
  let cancelScheduled: (() => void) | null = null;

  const unschedule = () => {
    cancelScheduled?.();
    cancelScheduled = null;
  };
  const flush = () => {
    unschedule();
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
      cancelScheduled ??= scheduler(flush);
    },
    flush,
    cancel() {
      pending = null;
      unschedule();
    },
    dispose() {
      flush();
      lifecycle?.target.removeEventListener('pagehide', flush);
      lifecycle?.target.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
