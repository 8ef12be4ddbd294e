import { describe, expect, it } from 'vitest';
import { readLocalDraft, type DraftStorage } from './draft-storage';
import { createLocalDraftWriter, type IdleScheduler } from './local-draft-writer';

function memoryStorage(): DraftStorage & { writes: number } {
  const items = new Map<string, string>();
  const storage = {
    writes: 0,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      storage.writes++;
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
  };
  return storage;
}

/** Idle callbacks that run when the test says the browser is idle. */
function manualScheduler(): IdleScheduler & { runIdle(): void; waiting(): number } {
  const queued = new Set<() => void>();
  const scheduler = (run: () => void) => {
    const entry = () => run();
    queued.add(entry);
    return () => void queued.delete(entry);
  };
  return Object.assign(scheduler, {
    runIdle() {
      const runs = [...queued];
      queued.clear();
      for (const run of runs) run();
    },
    waiting: () => queued.size,
  });
}

function pageGoingAway(hidden: { value: boolean }) {
  const target = new EventTarget();
  return { target, isHidden: () => hidden.value };
}

const key = 'sunroom:summit';
const draft = (length: string) => ({ data: { wallLength: length }, updatedAt: '2026-11-28T10:00:00.000Z' });

describe('the draft kept in the browser while typing', () => {
  it('is written once when the page is idle, with the last of the keys typed before', () => {
    const storage = memoryStorage();
    const scheduler = manualScheduler();
    const writer = createLocalDraftWriter(storage, key, scheduler, undefined);
    writer.schedule(draft('1'));
    writer.schedule(draft('12'));
    writer.schedule(draft('120'));
    expect(readLocalDraft(storage, key)).toBeNull();
    expect(scheduler.waiting()).toBe(1);
    scheduler.runIdle();
    expect(storage.writes).toBe(1);
    expect(readLocalDraft(storage, key)?.data).toEqual({ wallLength: '120' });
  });

  it('is written at once when the page is left or hidden, so a reload or a closed tab keeps the last key', () => {
    const storage = memoryStorage();
    const hidden = { value: false };
    const lifecycle = pageGoingAway(hidden);
    const writer = createLocalDraftWriter(storage, key, manualScheduler(), lifecycle);
    writer.schedule(draft('9'));
    lifecycle.target.dispatchEvent(new Event('pagehide'));
    expect(readLocalDraft(storage, key)?.data).toEqual({ wallLength: '9' });

    writer.schedule(draft('98'));
    lifecycle.target.dispatchEvent(new Event('visibilitychange'));
    expect(readLocalDraft(storage, key)?.data).toEqual({ wallLength: '9' }); // still visible: nothing yet
    hidden.value = true;
    lifecycle.target.dispatchEvent(new Event('visibilitychange'));
    expect(readLocalDraft(storage, key)?.data).toEqual({ wallLength: '98' });
  });

  it('is not written after it was cancelled (a submitted form must not come back)', () => {
    const storage = memoryStorage();
    const scheduler = manualScheduler();
    const writer = createLocalDraftWriter(storage, key, scheduler, undefined);
    writer.schedule(draft('7'));
    writer.cancel();
    scheduler.runIdle();
    writer.flush();
    expect(storage.writes).toBe(0);
  });

  it('is written when the form closes, and then no longer listens to the page', () => {
    const storage = memoryStorage();
    const lifecycle = pageGoingAway({ value: true });
    const writer = createLocalDraftWriter(storage, key, manualScheduler(), lifecycle);
    writer.schedule(draft('5'));
    writer.dispose();
    expect(storage.writes).toBe(1);
    // A late edit after the form closed: leaving the page writes nothing (the page is no longer listened to).
    writer.schedule(draft('56'));
    lifecycle.target.dispatchEvent(new Event('pagehide'));
    lifecycle.target.dispatchEvent(new Event('visibilitychange'));
    expect(storage.writes).toBe(1);
  });
});
