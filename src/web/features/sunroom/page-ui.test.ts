import { describe, expect, it } from 'vitest';
import { readDefinitionFolder } from '../../../server/definitions';
import { withPageOwnedFields } from './page-ui';

const { compiled } = readDefinitionFolder('definitions/sunroom');
if (!compiled) throw new Error('definitions/sunroom does not compile');

describe('withPageOwnedFields', () => {
  it('leaves wall arrays, layouts and wall set-up to the page, keeping the rest of the ui schema and the rules', () => {
    const bundle = withPageOwnedFields(compiled.bundle);
    for (const name of ['wallLengthsFeet', 'doorOptionERL', 'selectedCodesERF', 'selectedPavilionLayoutOption', 'selectedAngleOption', 'cavitiesERR', 'selectedBreezeWay']) {
      expect(bundle.ui[name], name).toMatchObject({ 'ui:field': 'pageOwned', 'ui:widget': 'hidden' });
    }
    expect(bundle.ui.selectedSunRoomType).toEqual(compiled.bundle.ui.selectedSunRoomType);
    expect(bundle.ui['ui:options']).toBe(compiled.bundle.ui['ui:options']);
    expect(bundle.rules).toBe(compiled.bundle.rules);
    expect(bundle.schema).toBe(compiled.bundle.schema);
  });
});
