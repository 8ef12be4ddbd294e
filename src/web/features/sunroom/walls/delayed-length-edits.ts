import { createSession, getIn, type FormContext, type FormSession } from '../../../../engine';
import type { FormStore } from '../../../forms';

/** Spec 2 §4.1/§9: a wall length forces the door option only once its last edit is this old. */
export const DOOR_FORCING_DELAY_MS = 500;

const wallLengthPattern = /^wallLengthsFeet(ERL|ERR|ERF)?\.(\d+)$/;

/**
 * Wall-length edits that would force a door option to No wait until the dealer has stopped typing for 500 ms;
 * other edits go to the engine at once. The engine itself has no clock: the page decides when an edit happens,
 * and a probe session (the same definition) tells whether an edit would force.
 */
export interface DelayedLengthEdits {
  /** A typed wall length: applied now, or held while it would force the door. */
  edit(path: string, text: string): void;
  /** The held text of a path, if any (the input shows it). */
  pendingText(path: string): string | undefined;
  subscribe(listener: () => void): () => void;
  /** Applies every held edit now (before a submit). */
  flush(): void;
  dispose(): void;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Whether setting `path` to `value` on `data` turns that wall's door option to No (the forcing rule fires). */
export function wouldForceDoor(probe: FormSession, data: Record<string, unknown>, path: string, value: unknown): boolean {
  const match = wallLengthPattern.exec(path);
  if (!match) return false;
  const doorPath = `doorOption${match[1] ?? ''}.${match[2]}`;
  if (getIn(data, doorPath) === 'No') return false;
  probe.load(data);
  return getIn(probe.set(path, value).data, doorPath) === 'No';
}

export function createDelayedLengthEdits(store: FormStore, context: () => FormContext, timers: Timers = browserTimers): DelayedLengthEdits {
  let probe: FormSession | null = null;
  let probeContext: FormContext | null = null;
  const pending = new Map<string, { text: string; handle: unknown }>();
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const apply = (path: string) => {
    const held = pending.get(path);
    if (!held) return;
    pending.delete(path);
    store.set(path, held.text);
    notify();
  };

  return {
    edit(path, text) {
      const held = pending.get(path);
      if (held) timers.clearTimeout(held.handle);
      const current = context();
      if (!probe) probe = createSession(store.definition, { context: current });
      else if (probeContext !== current) probe.setContext(current);
      probeContext = current;
      if (wouldForceDoor(probe, store.getState().data, path, text)) {
        pending.set(path, { text, handle: timers.setTimeout(() => apply(path), DOOR_FORCING_DELAY_MS) });
        notify();
        return;
      }
      if (held) {
        pending.delete(path);
        notify();
      }
      store.set(path, text);
    },
    pendingText: (path) => pending.get(path)?.text,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush() {
      for (const [path, held] of [...pending]) {
        timers.clearTimeout(held.handle);
        apply(path);
      }
    },
    dispose() {
      for (const held of pending.values()) timers.clearTimeout(held.handle);
      pending.clear();
    },
  };
}
