import { describe, expect, it } from 'vitest';
import { schemaAt } from '../../../engine';
import { readDefinitionFolder } from '../../../server/definitions';
import { fieldsDrawnBy } from '../../forms';
import { pageParts, readRoomFields } from './room-fields';

describe.each(['sunroom', 'screenroom', 'impact'])('the %s page reads its fields from the ui schema', (form) => {
  const { compiled } = readDefinitionFolder(`definitions/${form}`);
  if (!compiled) throw new Error(`definitions/${form} does not compile`);
  const fields = readRoomFields(compiled);
  const { wallChoices, groups, ...room } = fields;
  const wallFields = groups.flatMap((group) => [
    ...Object.values(group.fields),
    ...(group.cavitiesField ? [group.cavitiesField] : []),
  ]);

  it('names a field of the schema for every role', () => {
    for (const [role, field] of Object.entries(room))
      expect(schemaAt(compiled.bundle.schema, field), `${role}: ${field}`).toBeDefined();
    for (const field of [...wallFields, ...wallChoices])
      expect(schemaAt(compiled.bundle.schema, field), field).toBeDefined();
    expect(groups.map((group) => group.side)).toEqual([null, 'left', 'front', 'right']);
  });

  it('gives every wall field and every wall set-up field to the Wall Choices modal (ui:field wallChoices), hidden from the generic form', () => {
    for (const field of [...wallFields, room.breezeWay, room.railSide, room.railAmount]) {
      expect(wallChoices.has(field), field).toBe(true);
      expect(compiled.bundle.ui[field], field).toMatchObject({ 'ui:field': 'wallChoices', 'ui:widget': 'hidden' });
    }
  });

  it('names each page part it draws by ui:field, once per layout chooser', () => {
    for (const part of pageParts) expect(fieldsDrawnBy(compiled.bundle.ui, part).length, part).toBeGreaterThan(0);
    expect(fieldsDrawnBy(compiled.bundle.ui, 'structureLayout')).toEqual([room.layout]);
    expect(fieldsDrawnBy(compiled.bundle.ui, 'angledLayout')).toEqual([room.angle]);
  });
});
