import { describe, expect, it } from 'vitest';
import { createSession } from '../../../../engine';
import { readDefinitionFolder } from '../../../../server/definitions';
import { listWallSlots, readAngledLayouts } from './wall-slots';

const { compiled } = readDefinitionFolder('definitions/sunroom');
if (!compiled) throw new Error('definitions/sunroom does not compile');

function sessionWith(steps: [string, unknown][]) {
  const session = createSession(compiled!, { context: { locations: {} } });
  for (const [path, value] of steps) session.set(path, value);
  return session.state;
}

describe('listWallSlots', () => {
  it('names the walls of a new roof by layout', () => {
    const base: [string, unknown][] = [['selectedSunRoomType', 'Vista View'], ['selectedRoomStyle', 'STUDIO'], ['selectedAngled', 'No']];
    expect(listWallSlots(sessionWith([...base, ['selectedPavilionLayoutOption', '1']])).map((slot) => slot.name)).toEqual(['Left Projection', 'Front', 'Right Projection']);
    expect(listWallSlots(sessionWith([...base, ['selectedPavilionLayoutOption', '3']])).map((slot) => [slot.name, slot.isFront])).toEqual([['Front', true]]);
    expect(listWallSlots(sessionWith(base))).toEqual([]);
  });

  it('lists the angled walls a layout uses, in the order of its picture', () => {
    const state = sessionWith([['selectedSunRoomType', 'Vista View'], ['selectedRoomStyle', 'STUDIO'], ['selectedAngled', 'Yes'], ['selectedAngleOption', '2']]);
    const layouts = readAngledLayouts(compiled!.bundle.data);
    expect(listWallSlots(state, layouts).map((slot) => slot.name)).toEqual(layouts?.layouts['2'].walls);
  });

  it('groups Existing Roof walls by side, one per cavity', () => {
    const state = sessionWith([['selectedSunRoomType', 'Vista View'], ['selectedRoomStyle', 'Existing Roof'], ['selectedPavilionLayoutOption', '1'], ['cavitiesERL', '2'], ['cavitiesERF', '1'], ['cavitiesERR', '1']]);
    expect(listWallSlots(state).map((slot) => `${slot.side}:${slot.name}`)).toEqual(['left:Left Wall 1', 'left:Left Wall 2', 'front:Front Wall 1', 'right:Right Wall 1']);
  });
});
