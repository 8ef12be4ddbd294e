import { describe, expect, it } from 'vitest';
import { RULE_BUDGET, spentInPass, withinBudget } from './budget';
import { PROBE_TOTAL } from './budget-probe';
import { meterLogic } from './metered-logic';
import { checkDefinition, checkSubmission, compileDefinition, createSession } from './index';
import { makeWallsBundle } from './test-fixtures';
import type { Rule } from './types';

const n = { var: 'windLoad' };
/** Cubic in the Wind Load a dealer types: three nested loops over lists of that many items (the probe's rule). */
const cubicRule: Rule = {
  kind: 'validate',
  id: 'wind-load-cubed',
  path: 'windLoad',
  test: {
    '>=': [
      {
        reduce: [
          { fill: [n, { fill: [n, { fill: [n, 1] }] }] },
          {
            '+': [
              { var: 'accumulator' },
              {
                reduce: [
                  { var: 'current' },
                  {
                    '+': [
                      { var: 'accumulator' },
                      { reduce: [{ var: 'current' }, { '+': [{ var: 'accumulator' }, { var: 'current' }] }, 0] },
                    ],
                  },
                  0,
                ],
              },
            ],
          },
          0,
        ],
      },
      0,
    ],
  },
  message: 'Wind load check failed',
};

/** Doubles a list once per unit of Wind Load: 60 would be 2^60 items. */
const doublingRule: Rule = {
  kind: 'compute',
  id: 'doubling',
  name: 'doubled',
  value: {
    reduce: [{ fill: [n, 1] }, { merge: [{ var: 'accumulator' }, { var: 'accumulator' }] }, [1]],
  },
};

describe('the rule budget', () => {
  it('stops a pass whose work grows with an answer, naming the rule and the budget at the field edited', () => {
    const definition = compileDefinition(makeWallsBundle([cubicRule]));
    const session = createSession(definition);
    // Small values are checked as before: 10 -> 1,000 items of work.
    expect(session.set('windLoad', 10).errors.windLoad).toBeUndefined();
    const started = performance.now();
    const state = session.set('windLoad', 700);
    const took = performance.now() - started;
    expect(state.overBudget).toEqual({ ruleId: 'wind-load-cubed', path: 'windLoad', limit: RULE_BUDGET });
    expect(state.errors.windLoad).toContain('"wind-load-cubed"');
    expect(state.errors.windLoad).toContain('1,000,000 steps');
    expect(state.isSubmittable).toBe(false);
    expect(state.data.windLoad).toBe(700);
    // 700 cubed is 343 million items: unbudgeted this took about a minute.
    expect(took).toBeLessThan(5_000);
    // Back to a small value, the form derives afresh and the message goes.
    const again = session.set('windLoad', 12);
    expect(again.overBudget).toBeUndefined();
    expect(again.errors.windLoad).toBeUndefined();
  });

  it('refuses a submitted body that sends the rule over its budget, with the message at the field', () => {
    const definition = compileDefinition(makeWallsBundle([cubicRule]));
    const check = checkSubmission(definition, { windLoad: 700 });
    expect(check.ok).toBe(false);
    expect(check.errors.windLoad).toContain('"wind-load-cubed"');
  });

  it('names the rule when a saved form loads over the budget, at the answer the rule reads', () => {
    const definition = compileDefinition(makeWallsBundle([cubicRule]));
    const state = createSession(definition, { start: { windLoad: 700 } }).state;
    expect(state.overBudget?.ruleId).toBe('wind-load-cubed');
    expect(state.overBudget?.path).toBe('windLoad');
  });

  it('counts a doubling merge by what it builds, so it stops long before the memory runs out', () => {
    const session = createSession(compileDefinition(makeWallsBundle([doublingRule])));
    expect(session.set('windLoad', 10).overBudget).toBeUndefined();
    expect(session.set('windLoad', 60).overBudget?.ruleId).toBe('doubling');
  });

  it('counts every evaluation by its operators, loops by their lists, and nothing outside a pass', () => {
    expect(meterLogic({ '==': [{ var: 'a' }, 1] }).weight).toBe(2);
    expect(meterLogic({ map: [{ var: 'list' }, { '+': [{ var: '' }, 1] }] }).logic).toEqual({
      map: [{ $each: [{ var: 'list' }, 2] }, { '+': [{ var: '' }, 1] }],
    });
    // A literal list costs its place in the expression only.
    expect(meterLogic({ in: [{ var: 'a' }, ['X', 'Y']] }).logic).toEqual({ in: [{ var: 'a' }, ['X', 'Y']] });
    expect(meterLogic({ in: [{ var: 'a' }, { var: 'b' }] }).logic).toEqual({
      in: [{ var: 'a' }, { $size: [{ var: 'b' }] }],
    });
    expect(spentInPass()).toBe(0);
    expect(withinBudget(() => spentInPass())).toBe(0);
  });
});

describe('check:definitions probes the rule budget at the extremes of the answers', () => {
  it('refuses a rule an answer at its maximum sends over the budget, naming the rule and the answer', () => {
    const problems = checkDefinition(makeWallsBundle([cubicRule])).filter((p) => p.check === 'budget');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ severity: 'error', file: 'definitions/walls/rules.json' });
    expect(problems[0].path).toMatch(/^\/rules\/\d+$/);
    expect(problems[0].reason).toContain('rule "wind-load-cubed"');
    expect(problems[0].reason).toContain('"windLoad" is 1000000 (it has no maximum)');
  });

  it('tries a change rule at the extremes of the answer it is told of ($value)', () => {
    const count = { var: '$value' };
    const onChange: Rule = {
      kind: 'onChange',
      id: 'wind-load-changed',
      of: 'windLoad',
      set: {
        chairRailFeet: {
          reduce: [
            { fill: [count, { fill: [count, 1] }] },
            { merge: [{ var: 'accumulator' }, { var: 'current' }] },
            [],
          ],
        },
      },
    } as Rule;
    const problems = checkDefinition(makeWallsBundle([onChange])).filter((p) => p.check === 'budget');
    expect(problems.map((p) => p.reason)).toEqual([expect.stringContaining('the changed "windLoad" is 1000000')]);
  });

  it('stops probing a form whose growing rules together need more than the probe may spend, and says so', () => {
    // Each about 500,000 units at a Wind Load of 400 (inside the budget); 30 of them are past what the probe spends.
    const inner = { reduce: [{ var: 'current' }, { '+': [{ var: 'accumulator' }, { var: 'current' }] }, 0] };
    const quadratic = { reduce: [{ fill: [n, { fill: [n, 1] }] }, { '+': [{ var: 'accumulator' }, inner] }, 0] };
    const rules = Array.from({ length: 30 }, (_, i): Rule => ({
      kind: 'validate',
      id: `heavy-${i}`,
      path: 'windLoad',
      test: { '>=': [quadratic, 0] },
      message: 'Wind load check failed',
    }));
    const bundle = makeWallsBundle(rules);
    (bundle.schema.properties as Record<string, Record<string, unknown>>).windLoad.maximum = 400;
    const problems = checkDefinition(bundle).filter((p) => p.check === 'budget');
    expect(problems).toHaveLength(1);
    expect(problems[0].reason).toContain(`more than ${PROBE_TOTAL.toLocaleString('en-US')} steps together`);
    // One such rule alone passes.
    const one = makeWallsBundle(rules.slice(0, 1));
    (one.schema.properties as Record<string, Record<string, unknown>>).windLoad.maximum = 400;
    expect(checkDefinition(one).filter((p) => p.check === 'budget')).toEqual([]);
  });

  it('passes the same rule once the schema bounds the answer to what the budget allows', () => {
    const bundle = makeWallsBundle([cubicRule]);
    (bundle.schema.properties as Record<string, Record<string, unknown>>).windLoad.maximum = 60;
    expect(checkDefinition(bundle).filter((p) => p.check === 'budget')).toEqual([]);
  });
});
