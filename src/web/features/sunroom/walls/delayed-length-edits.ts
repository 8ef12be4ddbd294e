import { getIn } from '../../../../engine';
import type { FormStore } from '../../../forms';
import { readRoomFields, type RoomFields } from '../room-fields';

/** Spec 2 §4.1/§9: a wall length forces the door option only once its last edit is this old. */
export const DOOR_FORCING_DELAY_MS = 500;

/**
 * Wall-length edits that would force a door option to No wait until the dealer has stopped typing for 500 ms;
 * other edits go to the engine at once. The engine itself has no clock: the page decides when an edit happens.
 * An edit that would force is not published (store.trySet takes it back inside the store, with no render) and held.
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

/** The door path of a wall-length path, by the wall groups of the page's ui ('<wallFeet>.1' -> '<door>.1'), or null. */
export function doorPathOf(fields: RoomFields, path: string): string | null {
  const [field, index, ...rest] = path.split('.');
  if (rest.length > 0 || !/^\d+$/.test(index ?? '')) return null;
  const group = fields.groups.find((candidate) => candidate.fields.wallFeet === field);
  return group ? `${group.fields.door}.${index}` : null;
}

export function createDelayedLengthEdits(store: FormStore, timers: Timers = browserTimers): DelayedLengthEdits {
  const fields = readRoomFields(store.definition);
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
      const doorPath = doorPathOf(fields, path);
      // An edit that forces the door to No is never shown: it is held and applied once the length has stood 500 ms.
      let isForcing = false;
      store.trySet(path, text, (before, after) => {
        isForcing = doorPath !== null && getIn(before.data, doorPath) !== 'No' && getIn(after.data, doorPath) === 'No';
        return !isForcing;
      });
      if (isForcing) {
        pending.set(path, { text, handle: timers.setTimeout(() => apply(path), DOOR_FORCING_DELAY_MS) });
        notify();
      } else if (held) {
        pending.delete(path);
        notify();
      }
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
