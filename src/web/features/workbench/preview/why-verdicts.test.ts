import { describe, expect, it } from 'vitest';
import { explainField, type CompiledDefinition } from '../../../../engine';
import { readDefinitionFolder } from '../../../../server/definitions';
import { createPreviewController } from './preview-controller';
import { listPreviewFields } from './preview-fields';
import { verdictsOf } from './why-verdicts';

function compiledForm(form: string): CompiledDefinition {
  const { compiled } = readDefinitionFolder(`definitions/${form}`);
  if (!compiled) throw new Error(`definitions/${form} does not compile`);
  return compiled;
}

const pergola = compiledForm('pergola');

describe('why a field is as it is', () => {
  it('names the rule that hides a field, from the session the preview runs', () => {
    const controller = createPreviewController();
    const store = controller.storeFor(pergola, { locations: {} });
    store.set('operableOption', 'MOTOR CITY');
    const texts = verdictsOf(explainField(pergola, { session: store.session }, 'attachedOption')).map((v) => v.text);
    expect(texts[0]).toBe('Hidden now by hide:motorCity');

    store.set('operableOption', 'PERGOLA OPERABLE');
    const shown = verdictsOf(explainField(pergola, { session: store.session }, 'attachedOption'));
    expect(shown[0]).toMatchObject({ text: expect.stringMatching(/^Shown now: .*hide:motorCity/) });
  });

  it('says what a forced field is held at, and which rule asks for a missing one', () => {
    const controller = createPreviewController();
    const store = controller.storeFor(pergola, { locations: {} });
    store.set('operableOption', 'PERGOLA FIXED');
    const gutter = verdictsOf(explainField(pergola, { session: store.session }, 'gutterOption')).map((v) => v.text);
    expect(gutter).toContain('Set to "NO" by type:fixed-no-gutters on a change of operableOption');
    expect(gutter).toContain('Disabled by disable:gutterOption');
    const trim = verdictsOf(explainField(pergola, { session: store.session }, 'trim')).map((v) => v.text);
    expect(trim.some((text) => text.startsWith('Missing: required'))).toBe(true);
  });

  it("says how many walls a wall group's size rule holds a wall's field to, for the chosen layout", () => {
    const sunroom = compiledForm('sunroom');
    const controller = createPreviewController();
    const store = controller.storeFor(sunroom, { locations: {} });
    store.set('selectedPavilionLayoutOption', '2');
    const texts = verdictsOf(explainField(sunroom, { session: store.session }, 'doorOption.1')).map((v) => v.text);
    expect(texts).toContain('Padded to at least 2 entries by wall:size (it acts on doorOption)');
  });

  it('lists every field of the form, hidden ones too, with the labels the page shows', () => {
    const controller = createPreviewController();
    const store = controller.storeFor(pergola, { locations: {} });
    store.set('operableOption', 'MOTOR CITY');
    const fields = listPreviewFields(pergola, store.getState().data);
    expect(fields.map((field) => field.path)).toEqual(
      expect.arrayContaining(['attachedOption', 'lengthFeet', 'personalInfo.zip']),
    );
    expect(fields.find((field) => field.path === 'personalInfo.zip')?.label).toBe(pergola.labelOf('personalInfo.zip'));
    const sunroom = compiledForm('sunroom');
    const walls = listPreviewFields(sunroom, { wallLengthsFeet: ['10', '12', '10'] }).filter((field) =>
      field.path.startsWith('wallLengthsFeet.'),
    );
    expect(walls.map((field) => field.path)).toEqual(['wallLengthsFeet.0', 'wallLengthsFeet.1', 'wallLengthsFeet.2']);
  });
});
