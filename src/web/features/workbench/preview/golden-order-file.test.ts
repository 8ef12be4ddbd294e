import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CompiledDefinition } from '../../../../engine';
import { readDefinitionFolder } from '../../../../server/definitions';
import { runGoldenOrders } from '../../../../../scripts/lib/golden-orders';
import {
  buildGoldenOrder,
  coalesceSteps,
  expectationKinds,
  nextGoldenOrderPath,
  slugOf,
  type ExpectationKind,
} from './golden-order-file';
import { createPreviewController } from './preview-controller';

const pergola = compiledForm('pergola');

function compiledForm(form: string): CompiledDefinition {
  const { compiled } = readDefinitionFolder(`definitions/${form}`);
  if (!compiled) throw new Error(`definitions/${form} does not compile`);
  return compiled;
}
const everything = Object.fromEntries(expectationKinds.map((kind) => [kind, true])) as Record<ExpectationKind, boolean>;
const pergolaPaths = readdirSync('tests/golden/pergola').map((name) => `tests/golden/pergola/${name}`);
/** The number after the highest the pergola's golden orders use now (the folder grows as orders are added). */
const nextPergola = String(Math.max(...pergolaPaths.map((p) => Number(/\/(\d+)-/.exec(p)?.[1] ?? 0))) + 1).padStart(
  3,
  '0',
);
const temporary: string[] = [];
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('a golden order recorded in the preview', () => {
  it('is named by the next free number of its form and the words of its title', () => {
    expect(slugOf('Motor City 13 ft → rounds to 14, café!')).toBe('motor-city-13-ft-rounds-to-14-cafe');
    expect(slugOf('x'.repeat(100))).toHaveLength(72);
    expect(slugOf('!!!')).toBe('golden-order');
    expect(nextGoldenOrderPath('pergola', pergolaPaths, 'a-b')).toBe(`tests/golden/pergola/${nextPergola}-a-b.json`);
    expect(nextGoldenOrderPath('pavilion', pergolaPaths, 'a-b')).toBe('tests/golden/pavilion/001-a-b.json');
  });

  it('keeps the last of consecutive edits of one field', () => {
    expect(
      coalesceSteps([
        { set: { lengthFeet: '1' } },
        { set: { lengthFeet: '13' } },
        { blur: 'lengthFeet' },
        { set: { lengthFeet: '1' } },
        { set: { widthFeet: '2' } },
        { set: { widthFeet: '20' } },
      ]),
    ).toEqual([
      { set: { lengthFeet: '13' } },
      { blur: 'lengthFeet' },
      { set: { lengthFeet: '1' } },
      { set: { widthFeet: '20' } },
    ]);
  });

  it('passes npm run check:orders beside the golden orders of its form', () => {
    // Recorded by driving the store the preview hands the configurator, as its widgets do.
    const controller = createPreviewController();
    const store = controller.storeFor(pergola, { locations: {} });
    store.set('personalInfo.lastName', 'Rivera');
    controller.startRecording();
    for (const [field, value] of [
      ['trim', 'BLACK'],
      ['rafterColor', 'BLACK'],
      ['operableOption', 'MOTOR CITY'],
      ['lengthFeet', '1'],
      ['lengthFeet', '13'],
      ['widthFeet', '2'],
      ['widthFeet', '20'],
      ['selectedPermitOption', 'NO'],
    ])
      store.set(field, value);
    store.blur('lengthFeet');
    controller.stopRecording();

    const built = buildGoldenOrder({
      form: 'pergola',
      definition: pergola,
      recording: controller.getSnapshot().recording!,
      title: 'Motor City 13 x 20 rounds the length to 14 when left',
      include: everything,
      existingPaths: pergolaPaths,
      shownData: store.getState().data,
    });
    expect(built.path).toBe(
      `tests/golden/pergola/${nextPergola}-motor-city-13-x-20-rounds-the-length-to-14-when-left.json`,
    );
    expect(built.notes).toEqual([]);
    expect(built.outcome.status).toBe('pass');
    expect(built.order).toMatchObject({
      form: 'pergola',
      context: { locations: {}, productLine: 'PATIO COVERS' },
      start: { personalInfo: { lastName: 'Rivera' } },
      steps: [
        { set: { trim: 'BLACK' } },
        { set: { rafterColor: 'BLACK' } },
        { set: { operableOption: 'MOTOR CITY' } },
        { set: { lengthFeet: '13' } },
        { set: { widthFeet: '20' } },
        { set: { selectedPermitOption: 'NO' } },
        { blur: 'lengthFeet' },
      ],
      expect: {
        data: { operableOption: 'MOTOR CITY', lengthFeet: 14, widthFeet: 20 },
        missing: expect.arrayContaining(['personalInfo.address', 'selectedRoofLoadChange']),
        notices: [],
        submit: { allowed: false },
      },
    });
    expect(built.content.endsWith('}\n')).toBe(true);

    const copy = mkdtempSync(path.join(os.tmpdir(), 'golden-'));
    temporary.push(copy);
    cpSync('tests/golden/pergola', path.join(copy, 'pergola'), { recursive: true });
    writeFileSync(path.join(copy, built.path.replace('tests/golden/', '')), built.content);
    const run = runGoldenOrders([copy]);
    const result = run.results.find((r) => r.file.endsWith(path.basename(built.path)));
    expect(result).toMatchObject({ status: 'pass', title: 'Motor City 13 x 20 rounds the length to 14 when left' });
    expect(run.exitCode).toBe(0);
    expect(run.passed).toBe(pergolaPaths.length + 1);
  });

  it('includes only the expectations asked for, and says when the steps no longer reach what the preview shows', () => {
    const controller = createPreviewController();
    const store = controller.storeFor(pergola, { locations: {} });
    controller.startRecording();
    store.set('operableOption', 'PERGOLA FIXED');
    const built = buildGoldenOrder({
      form: 'pergola',
      definition: pergola,
      recording: controller.getSnapshot().recording!,
      title: 'Fixed',
      include: { data: true, missing: false, messages: false, price: true, submit: false },
      existingPaths: [],
      shownData: { operableOption: 'PERGOLA OPERABLE' },
    });
    expect(Object.keys(built.order.expect ?? {})).toEqual(['data']);
    expect(built.order.expect?.data).toMatchObject({ operableOption: 'PERGOLA FIXED' });
    expect(built.notes).toHaveLength(1);
    expect(built.outcome.status).toBe('pass');
  });
});
