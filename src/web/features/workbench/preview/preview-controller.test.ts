import { describe, expect, it, vi } from 'vitest';
import { compileDefinition, type CompiledDefinition, type DefinitionBundle } from '../../../../engine';
import { readDefinitionFolder } from '../../../../server/definitions';
import { createPreviewController } from './preview-controller';

const pergola = compiledForm('pergola');

function compiledForm(form: string): CompiledDefinition {
  const { compiled } = readDefinitionFolder(`definitions/${form}`);
  if (!compiled) throw new Error(`definitions/${form} does not compile`);
  return compiled;
}

/** The pergola with one more rule: Motor City also hides the drawing package question. */
function withExtraHide(): CompiledDefinition {
  const bundle = structuredClone(pergola.bundle) as DefinitionBundle;
  bundle.rules.rules.push({
    kind: 'hide',
    id: 'hide:test-permit',
    description: 'test: Motor City hides the drawing package',
    paths: ['selectedPermitOption'],
    when: { '==': [{ var: 'operableOption' }, 'MOTOR CITY'] },
  } as DefinitionBundle['rules']['rules'][number]);
  return compileDefinition(bundle);
}

describe('the preview controller', () => {
  it('keeps the answers when a new compiled definition arrives, and the new rules act on them', () => {
    const controller = createPreviewController();
    const first = controller.storeFor(pergola, { locations: {} });
    expect(controller.storeFor(pergola, { locations: {} })).toBe(first);
    first.set('operableOption', 'MOTOR CITY');
    first.set('lengthFeet', '14');
    first.set('selectedPermitOption', 'NO');
    const told = vi.fn();
    controller.onDataChange(told);

    const second = controller.storeFor(withExtraHide(), { locations: {} });
    expect(second).not.toBe(first);
    expect(second.getState().data).toMatchObject({
      operableOption: 'MOTOR CITY',
      lengthFeet: 14,
      selectedPermitOption: 'NO',
    });
    expect(second.getState().hidden).toContain('selectedPermitOption');
    expect(first.getState().hidden).not.toContain('selectedPermitOption');
    expect(controller.getSnapshot().store).toBe(second);
  });

  it('records each edit as a golden-order step, and a blur only when it changed the answer', () => {
    const controller = createPreviewController();
    const store = controller.storeFor(pergola, { locations: {} });
    store.set('operableOption', 'MOTOR CITY');
    controller.startRecording();
    store.set('lengthFeet', '1');
    store.set('lengthFeet', '13');
    store.blur('lengthFeet'); // Motor City lengths round to even feet: 14
    store.blur('lengthFeet'); // nothing left to change
    controller.stopRecording();
    store.set('widthFeet', '20'); // after Stop: not recorded
    const recording = controller.getSnapshot().recording!;
    expect(recording.start).toMatchObject({ operableOption: 'MOTOR CITY' });
    expect(recording.steps).toEqual([
      { set: { lengthFeet: '1' } },
      { set: { lengthFeet: '13' } },
      { blur: 'lengthFeet' },
    ]);
  });

  it('takes a step back when the page loads the answers from before it (a held-back wall length)', () => {
    const controller = createPreviewController();
    const store = controller.storeFor(pergola, { locations: {} });
    controller.startRecording();
    store.set('trim', 'BLACK');
    const before = store.getState().data;
    store.set('lengthFeet', '12');
    store.load(before);
    expect(controller.getSnapshot().recording!.steps).toEqual([{ set: { trim: 'BLACK' } }]);
    // Any other load (Reset, a golden order's start) starts the recording again from it.
    store.load({ trim: 'WHITE' });
    expect(controller.getSnapshot().recording).toMatchObject({ start: { trim: 'WHITE' }, steps: [] });
  });

  it("does not restart a recording when a new store is handed the page's same context", () => {
    const controller = createPreviewController();
    controller.storeFor(pergola, { locations: {} }).set('trim', 'BLACK');
    controller.startRecording();
    controller.getSnapshot().store!.set('rafterColor', 'BLACK');
    const swapped = controller.storeFor(withExtraHide(), { locations: {} });
    swapped.setContext({ locations: {} });
    expect(controller.getSnapshot().recording!.steps).toEqual([{ set: { rafterColor: 'BLACK' } }]);
    swapped.setContext({ locations: { L1: 'Main yard' } });
    expect(controller.getSnapshot().recording!.steps).toEqual([]);
    expect(swapped.getState().missing.map((field) => field.path)).toContain('selectedLocation');
  });

  it('applies golden-order steps as the page does and returns their toasts', () => {
    const controller = createPreviewController({ operableOption: 'MOTOR CITY' });
    const store = controller.storeFor(pergola, { locations: {} });
    expect(store.getState().data.operableOption).toBe('MOTOR CITY');
    controller.apply({ set: { lengthFeet: '13' } });
    controller.apply({ blur: 'lengthFeet' });
    expect(store.getState().data.lengthFeet).toBe(14);
    controller.load({});
    expect(store.getState().data.lengthFeet).toBeUndefined();
  });
});

describe('a golden order opened in the preview', () => {
  it("runs in the order's context, laid over the page's, before any step", () => {
    const controller = createPreviewController();
    const store = controller.storeFor(pergola, { locations: {} });
    controller.overrideContext({ locations: { L1: 'Main yard' }, productLine: 'PATIO COVERS' });
    expect(store.getState().missing.map((field) => field.path)).toContain('selectedLocation');
    // The page hands its own context again (a re-render): the order's stays.
    store.setContext({ locations: {} });
    expect(controller.context()).toEqual({ locations: { L1: 'Main yard' }, productLine: 'PATIO COVERS' });
    controller.overrideContext(null);
    expect(controller.context()).toEqual({ locations: {} });
    expect(store.getState().missing.map((field) => field.path)).not.toContain('selectedLocation');
  });
});
