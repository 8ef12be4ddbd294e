import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSession, getIn } from '../../src/engine/index';
import { loadAllDefinitions } from '../../src/server/definitions/index';
import { collectFiles, type GoldenOrder } from './golden-orders';
import { buildRealisticScenario, measureRealistic, pickBaseStates } from './realistic-edits';

const { definitions } = loadAllDefinitions('definitions');
const definition = definitions.get('engineering')!.compiled;
const orders = collectFiles(['tests/golden/engineering']).files.map(
  (file) => JSON.parse(readFileSync(file, 'utf8')) as GoldenOrder,
);

describe('realistic bench scenarios', () => {
  it('starts from complete orders, the one holding the most fields first', () => {
    const bases = pickBaseStates(definition, orders, 2);
    expect(bases).toHaveLength(2);
    for (const base of bases)
      expect(createSession(definition, { context: base.context, start: base.data }).state.isSubmittable).toBe(true);
  });

  it('types into visible fields and switches choices, each pair leaving the field as it was', () => {
    const { bases } = buildRealisticScenario(definition, orders, 1);
    const { base, edits } = bases[0];
    expect(edits.some((e) => e.kind === 'typing')).toBe(true);
    expect(edits.some((e) => e.kind === 'choice')).toBe(true);
    const session = createSession(definition, { context: base.context, start: base.data });
    for (const edit of edits) {
      expect(String(getIn(session.state.data, edit.path))).toBe(String(edit.values[1]));
      expect(session.state.hidden).not.toContain(edit.path);
    }
  });

  it('times one sample per set() until enough were taken', () => {
    const scenario = buildRealisticScenario(definition, orders, 1);
    let clock = 0;
    const samples = measureRealistic(definition, scenario, 10, () => clock++);
    expect(samples.length).toBeGreaterThanOrEqual(10);
    expect(samples.every((s) => s.ms === 1)).toBe(true);
  });
});
