import { describe, expect, it } from 'vitest';
import { createSession } from '../../../../engine';
import { readDefinitionFolder } from '../../../../server/definitions';
import { readRoomFields } from '../room-fields';
import { listWallSlots, readAngledLayouts } from './wall-slots';

const { compiled } = readDefinitionFolder('definitions/sunroom');
if (!compiled) throw new Error('definitions/sunroom does not compile');
// The page's fields as the ui schema names them: the test names no form field either.
const fields = readRoomFields(compiled);
const cavities = (side: string) => fields.groups.find((group) => group.side === side)!.cavitiesField!;

function sessionWith(steps: [string, unknown][]) {
  const session = createSession(compiled!, { context: { locations: {} } });
  for (const [path, value] of steps) session.set(path, value);
  return session.state;
}

describe('listWallSlots', () => {
  it('names the walls of a new roof by layout', () => {
    const base: [string, unknown][] = [
      [fields.type, 'Vista View'],
      [fields.roofStyle, 'STUDIO'],
      [fields.angled, 'No'],
    ];
    expect(listWallSlots(sessionWith([...base, [fields.layout, '1']]), fields).map((slot) => slot.name)).toEqual([
      'Left Projection',
      'Front',
      'Right Projection',
    ]);
    expect(
      listWallSlots(sessionWith([...base, [fields.layout, '3']]), fields).map((slot) => [slot.name, slot.isFront]),
    ).toEqual([['Front', true]]);
    expect(listWallSlots(sessionWith(base), fields)).toEqual([]);
  });

  it('captions the walls as the definition words them per layout, and places them by position, not by words', () => {
    const base: [string, unknown][] = [
      [fields.type, 'Vista View'],
      [fields.roofStyle, 'STUDIO'],
      [fields.angled, 'No'],
      [fields.layout, '2'],
    ];
    expect(listWallSlots(sessionWith(base), fields).map((slot) => `${slot.side}:${slot.name}`)).toEqual([
      'left:Projection',
      'front:Front',
    ]);
    // Staff reword the captions (ui.json wallGroups captionsByLayout): the page follows, the sides stay.
    const reworded = {
      ...fields,
      groups: fields.groups.map((group) =>
        group.side === null ? { ...group, captionsByLayout: { '2': ['Side Wall', 'Front Wall'] } } : group,
      ),
    };
    expect(listWallSlots(sessionWith(base), reworded).map((slot) => `${slot.side}:${slot.name}`)).toEqual([
      'left:Side Wall',
      'front:Front Wall',
    ]);
  });

  it('lists the angled walls a layout uses, in the order of its picture', () => {
    const state = sessionWith([
      [fields.type, 'Vista View'],
      [fields.roofStyle, 'STUDIO'],
      [fields.angled, 'Yes'],
      [fields.angle, '2'],
    ]);
    const layouts = readAngledLayouts(compiled!.bundle.data);
    expect(listWallSlots(state, fields, layouts).map((slot) => slot.name)).toEqual(layouts?.layouts['2'].walls);
  });

  it('groups Existing Roof walls by side, one per cavity', () => {
    const state = sessionWith([
      [fields.type, 'Vista View'],
      [fields.roofStyle, 'Existing Roof'],
      [fields.layout, '1'],
      [cavities('left'), '2'],
      [cavities('front'), '1'],
      [cavities('right'), '1'],
    ]);
    expect(listWallSlots(state, fields).map((slot) => `${slot.side}:${slot.name}`)).toEqual([
      'left:Left Wall 1',
      'left:Left Wall 2',
      'front:Front Wall 1',
      'right:Right Wall 1',
    ]);
  });
});
