import { describe, expect, it } from 'vitest';
import { checkSubmission, createSession } from '../../src/engine/index';
import { loadAllDefinitions } from '../../src/server/definitions/index';

const { definitions } = loadAllDefinitions('definitions');
const sunroom = definitions.get('sunroom')!.compiled;
const missingWalls = (missing: { path: string }[], list: string) =>
  missing.map((m) => m.path).filter((path) => path.startsWith(`${list}.`));

// The wall groups' size rule pads every list to the group's wall count; the per-wall rules walk the padded lists.
describe('the sunroom wall groups hold as many walls as the layout gives, whatever a body held', () => {
  it('a body without wall lists lists each wall of a 3-wall layout as missing, and posts three empty walls', () => {
    const result = checkSubmission(sunroom, { selectedRoomStyle: 'STUDIO', selectedPavilionLayoutOption: '1' }, {});
    expect(missingWalls(result.missing, 'wallLengthsFeet')).toEqual([
      'wallLengthsFeet.0',
      'wallLengthsFeet.1',
      'wallLengthsFeet.2',
    ]);
    expect(result.payload.doorOption).toEqual([null, null, null]);
  });

  it('a draft with one wall typed grows to the five angled slots, keeping what was typed', () => {
    const session = createSession(sunroom, { start: { selectedPavilionLayoutOption: '2', wallLengthsFeet: ['12'] } });
    expect(session.state.data.wallLengthsFeet).toEqual(['12', null]);
    session.set('selectedAngled', 'Yes');
    expect(session.state.data.wallLengthsFeet).toHaveLength(5);
  });

  it('an Existing Roof side holds its cavity count, and lists walls of the new count when it changes', () => {
    const session = createSession(sunroom, {
      start: { selectedRoomStyle: 'Existing Roof', selectedPavilionLayoutOption: '1', cavitiesERL: '3' },
    });
    expect(session.state.data.wallLengthsFeetERL).toEqual([null, null, null]);
    expect(missingWalls(session.state.missing, 'wallLengthsFeetERL')).toHaveLength(3);
    session.set('cavitiesERL', '2');
    expect(session.state.data.wallLengthsFeetERL).toEqual([null, null]);
    expect(missingWalls(session.state.missing, 'wallLengthsFeetERL')).toEqual([
      'wallLengthsFeetERL.0',
      'wallLengthsFeetERL.1',
    ]);
  });
});
