import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileDefinition, type CompiledDefinition, type DefinitionBundle } from '../../../../engine';
import { readDefinitionFolder } from '../../../../server/definitions';
import { describeStep, expectationRows, readGoldenOrder, showStep } from './golden-order-steps';
import { createPreviewController } from './preview-controller';

function compiledForm(form: string): CompiledDefinition {
  const { compiled } = readDefinitionFolder(`definitions/${form}`);
  if (!compiled) throw new Error(`definitions/${form} does not compile`);
  return compiled;
}

const pergola = compiledForm('pergola');
const rounding = readFileSync(
  'tests/golden/pergola/011-leaving-a-motor-city-length-of-13-rounds-it-to-14-a-width-of-25-become.json',
  'utf8',
);

/** The pergola with Motor City widths kept at most 22 instead of 24. */
function withNarrowerMotorCity(): CompiledDefinition {
  const bundle = structuredClone(pergola.bundle) as DefinitionBundle;
  const clamp = bundle.rules.rules.find((rule) => rule.id === 'clamp:motorCityWidth') as { max?: unknown };
  clamp.max = 22;
  return compileDefinition(bundle);
}

describe('a golden order step by step in the preview', () => {
  it('reads the file, and says why one cannot be opened', () => {
    expect(readGoldenOrder(rounding, pergola).order?.steps).toHaveLength(6);
    expect(readGoldenOrder('{', pergola).error).toMatch(/^It is not JSON/);
    expect(readGoldenOrder('{"form": "sunroom"}', pergola).error).toBe('It is an order of “sunroom”, not of pergola.');
    expect(readGoldenOrder('{"form": "pergola", "start": {"nope": 1}}', pergola).error).toMatch(/unknown path "nope"/);
  });

  it('moves to any step, and at the end meets every expectation of a passing order', () => {
    const { order } = readGoldenOrder(rounding, pergola);
    const controller = createPreviewController();
    const store = controller.storeFor(pergola, { locations: {} });
    expect(describeStep(order!.steps![0], pergola)).toBe(`Set ${pergola.labelOf('lengthFeet')} (lengthFeet) to "13"`);
    expect(describeStep(order!.steps![1], pergola)).toBe(`Leave ${pergola.labelOf('lengthFeet')} (lengthFeet)`);

    showStep(controller, order!, 2);
    expect(store.getState().data).toMatchObject({ lengthFeet: 14, widthFeet: 20 });
    showStep(controller, order!, 1);
    expect(store.getState().data.lengthFeet).toBe(13); // typed, not yet left: not rounded
    const notices = showStep(controller, order!, order!.steps!.length);
    const rows = expectationRows(order!, store.getState(), notices);
    expect(rows.map((row) => row.key)).toEqual([
      'expect.data.lengthFeet',
      'expect.data.widthFeet',
      'expect.errors.lengthFeet',
      'expect.errors.widthFeet',
    ]);
    expect(rows.every((row) => row.isMet)).toBe(true);
  });

  it('shows the expected and actual value of what a changed definition breaks', () => {
    const { order } = readGoldenOrder(rounding, pergola);
    const controller = createPreviewController();
    const narrower = withNarrowerMotorCity();
    const store = controller.storeFor(narrower, { locations: {} });
    showStep(controller, order!, 4); // widthFeet 25, left: at most 22 now
    expect(store.getState().data.widthFeet).toBe(22);
    // Midway the preview is not where the order ends: its width is still the clamped one.
    expect(expectationRows(order!, store.getState(), []).filter((row) => !row.isMet)).toEqual([
      {
        key: 'expect.data.widthFeet',
        expected: 10,
        actual: 22,
        isMet: false,
        message: 'expect.data.widthFeet: expected 10, got 22',
      },
    ]);
    showStep(controller, order!, order!.steps!.length);
    expect(expectationRows(order!, store.getState(), []).every((row) => row.isMet)).toBe(true);
    showStep(controller, order!, 4);
    order!.expect = { data: { widthFeet: 24 } };
    expect(expectationRows(order!, store.getState(), [])).toEqual([
      {
        key: 'expect.data.widthFeet',
        expected: 24,
        actual: 22,
        isMet: false,
        message: 'expect.data.widthFeet: expected 24, got 22',
      },
    ]);
  });
});
