import { describe, expect, it } from 'vitest';
import { InputValues, type RoundInputs } from './rule-inputs';

/** Two keys, `a` and `b`; one force rule reading `a`, one show/hide rule reading `a` and `b`. */
function twoRules(): RoundInputs {
  const keys = ['a', 'b'];
  return {
    keys,
    startKeys: 2,
    idOf: new Map(keys.map((key, id) => [key, id])),
    force: [Int32Array.of(0)],
    options: [],
    compute: [],
    visibility: [Int32Array.of(0, 1)],
    required: [],
    computeIds: [],
    hidingRuns: [],
    first: { force: 0, options: 1, compute: 1, visibility: 1, required: 2 },
    readers: [Int32Array.of(0, 1), Int32Array.of(1)],
    ruleCount: 2,
    readsComputedEarly: false,
  };
}

describe('InputValues.find', () => {
  it('finds the run that started from the current values, and none once a value it read changed', () => {
    const index = twoRules();
    const current = new InputValues(index);
    const runs: ({ seen: unknown[]; did: string } | undefined)[] = [];
    current.sync({ a: 1, b: 'x' });
    expect(current.find(index.force[0], runs, 0)).toBeUndefined();
    runs.unshift({ seen: current.snapshot(index.force[0]), did: 'with a=1' });
    expect(current.find(index.force[0], runs, 0)?.did).toBe('with a=1');

    current.noteKey('b', 'y'); // not read by the force
    expect(current.find(index.force[0], runs, 0)?.did).toBe('with a=1');

    current.noteKey('a', 2);
    expect(current.find(index.force[0], runs, 0)).toBeUndefined();
    runs.unshift({ seen: current.snapshot(index.force[0]), did: 'with a=2' });

    current.noteKey('a', 1); // back to the older run's value: it is found again and moved first
    expect(current.find(index.force[0], runs, 0)?.did).toBe('with a=1');
    expect(runs[0]?.did).toBe('with a=1');
  });

  it("looks again after a write during the rule's own run", () => {
    const index = twoRules();
    const current = new InputValues(index);
    const runs: ({ seen: unknown[] } | undefined)[] = [];
    current.sync({ a: [], b: 'x' });
    expect(current.find(index.visibility[0], runs, 1)).toBeUndefined();
    runs.unshift({ seen: current.snapshot(index.visibility[0]) });
    current.noteKey('a', [null]); // e.g. a force sizing the array it reads
    expect(current.find(index.visibility[0], runs, 1)).toBeUndefined();
  });
});
