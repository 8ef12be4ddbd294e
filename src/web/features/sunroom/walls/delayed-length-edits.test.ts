import { describe, expect, it } from 'vitest';
import { readDefinitionFolder } from '../../../../server/definitions';
import { createFormStore } from '../../../forms/form-store';
import { readRoomFields, wallPath } from '../room-fields';
import { createDelayedLengthEdits, DOOR_FORCING_DELAY_MS, type Timers } from './delayed-length-edits';

const { compiled } = readDefinitionFolder('definitions/sunroom');
if (!compiled) throw new Error('definitions/sunroom does not compile');
// The fields as the page reads them from the ui schema: the room's own walls (the first wall group).
const fields = readRoomFields(compiled);
const walls = fields.groups[0];
const feet = (index: number) => wallPath(walls, 'wallFeet', index);
const door = (index: number) => wallPath(walls, 'door', index);
const lengthsAndDoors = (lengths: unknown[] | undefined, doors: unknown[]) => ({
  ...(lengths ? { [walls.fields.wallFeet]: lengths } : {}),
  [walls.fields.door]: doors,
});

function manualTimers() {
  const queue: { callback: () => void; ms: number; isCleared: boolean }[] = [];
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      const timer = { callback, ms, isCleared: false };
      queue.push(timer);
      return timer;
    },
    clearTimeout: (handle) => void ((handle as { isCleared: boolean }).isCleared = true),
  };
  return {
    timers,
    runDue: () =>
      queue
        .filter((t) => !t.isCleared)
        .splice(0)
        .forEach((t) => ((t.isCleared = true), t.callback())),
    queue,
  };
}

function threeWallStudio() {
  const store = createFormStore(compiled!, { context: { locations: {} } });
  store.set(fields.type, 'Vista View');
  store.set(fields.roofStyle, 'STUDIO');
  store.set(fields.layout, '1');
  return store;
}

describe('wall lengths that would force the door option', () => {
  it('holds a short length for 500 ms, then applies it (the door turns No)', () => {
    const store = threeWallStudio();
    store.set(feet(0), '12');
    store.set(door(0), 'Yes');
    const { timers, runDue, queue } = manualTimers();
    const edits = createDelayedLengthEdits(store, timers);
    edits.edit(feet(0), '1');
    expect(edits.pendingText(feet(0))).toBe('1');
    expect(store.getState().data).toMatchObject(lengthsAndDoors([12, null, null], ['Yes', null, null]));
    expect(queue[0].ms).toBe(DOOR_FORCING_DELAY_MS);
    runDue();
    expect(edits.pendingText(feet(0))).toBeUndefined();
    expect(store.getState().data).toMatchObject(lengthsAndDoors(undefined, ['No', null, null]));
  });

  it('applies at once an edit that forces nothing, dropping a held one (typing on past the minimum)', () => {
    const store = threeWallStudio();
    store.set(door(0), 'Yes');
    const { timers, runDue } = manualTimers();
    const edits = createDelayedLengthEdits(store, timers);
    edits.edit(feet(0), '1');
    edits.edit(feet(0), '12');
    expect(edits.pendingText(feet(0))).toBeUndefined();
    runDue();
    expect(store.getState().data).toMatchObject(lengthsAndDoors([12, null, null], ['Yes', null, null]));
  });

  it('flushes held edits on demand', () => {
    const store = threeWallStudio();
    const { timers } = manualTimers();
    const edits = createDelayedLengthEdits(store, timers);
    edits.edit(feet(1), '2');
    edits.flush();
    expect(store.getState().data).toMatchObject(lengthsAndDoors([null, 2, null], [null, 'No', null]));
  });
});
