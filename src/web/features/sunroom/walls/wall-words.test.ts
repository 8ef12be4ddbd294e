import { describe, expect, it } from 'vitest';
import { readDefinitionFolder } from '../../../../server/definitions';
import { readRoomFields } from '../room-fields';
import { fillWords, missingWallWords, readWallWords } from './wall-words';

function compiledForm(form: string) {
  const { compiled } = readDefinitionFolder(`definitions/${form}`);
  if (!compiled) throw new Error(`definitions/${form} does not compile`);
  return compiled;
}

describe('the wall editor words', () => {
  it.each(['sunroom', 'screenroom', 'impact'])('%s gives every word of the Wall Choices modal', (form) => {
    const compiled = compiledForm(form);
    expect(missingWallWords(compiled)).toEqual([]);
    const words = readWallWords(compiled, readRoomFields(compiled));
    expect(words.modalTitle).toBe('Wall Choices');
    expect(words.labels.patioOrientation).toBe('Patio Door Orientation');
    expect(words.summary.parts.map((part) => part.title)).toEqual(['Length', 'Door', 'Width', 'Orientation', 'Code']);
    expect(words.picker.noDoorNote).toBe('RECOMMENDED IS ALL GLASS');
  });

  it('reads what staff write in ui.json: a reworded label, button and summary part reach the editor', () => {
    const compiled = compiledForm('sunroom');
    const options = compiled.bundle.ui['ui:options'] as Record<string, unknown>;
    const wallEditor = options.wallEditor as Record<string, unknown>;
    const edited = {
      ...compiled,
      bundle: {
        ...compiled.bundle,
        ui: {
          ...compiled.bundle.ui,
          'ui:options': {
            ...options,
            wallEditor: {
              ...wallEditor,
              viewDrawings: 'Choose a Wall Drawing',
              labels: { ...(wallEditor.labels as object), doorSize: 'Door Size' },
              summary: {
                ...(wallEditor.summary as object),
                parts: [{ title: 'Size', fields: ['wallFeet', 'wallInches'] }],
              },
            },
          },
        },
      },
    };
    const words = readWallWords(edited, readRoomFields(edited));
    expect(words.viewDrawings).toBe('Choose a Wall Drawing');
    expect(words.labels.doorSize).toBe('Door Size');
    expect(words.summary.parts).toEqual([{ title: 'Size', fields: ['wallFeet', 'wallInches'] }]);
  });

  it('shows a word a definition leaves out by its name, and a label left out by the field title', () => {
    const compiled = compiledForm('sunroom');
    const options = { ...(compiled.bundle.ui['ui:options'] as Record<string, unknown>) };
    delete options.wallEditor;
    const bare = { ...compiled, bundle: { ...compiled.bundle, ui: { ...compiled.bundle.ui, 'ui:options': options } } };
    expect(missingWallWords(bare)).toContain('viewDrawings');
    const words = readWallWords(bare, readRoomFields(bare));
    expect(words.viewDrawings).toBe('viewDrawings');
    expect(words.labels.swingOrientation).toBe(compiled.labelOf('selectedSwingDoorOrientation'));
  });

  it('fills {wall} and {code}', () => {
    expect(fillWords('Wall Code: {wall}', { wall: 'Front' })).toBe('Wall Code: Front');
    expect(fillWords('Chosen wall drawing {code}', { code: 'CSD-12' })).toBe('Chosen wall drawing CSD-12');
  });

  it('labels the rail amount boxes by their schema titles', () => {
    const compiled = compiledForm('sunroom');
    const { railAmount } = readRoomFields(compiled);
    expect(compiled.labelOf(`${railAmount}.feet`)).toBe('Rail Amount Feet');
    expect(compiled.labelOf(`${railAmount}.inches`)).toBe('Rail Amount Inches');
  });
});
