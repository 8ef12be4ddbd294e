import { describe, expect, it } from 'vitest';
import { createLogicEngine, prepareExpression } from './operators';

describe('floor and round operators', () => {
  const engine = createLogicEngine();
  const run = (logic: unknown, data: object = {}) => prepareExpression(engine, logic, 'compiled')(data);

  it('floor turns a length in inches into whole feet', () => {
    expect(run({ floor: { '/': [{ var: 'inches' }, 12] } }, { inches: 203.6 })).toBe(16);
    expect(run({ floor: { var: 'missing' } })).toBeNull();
  });

  it('round keeps the asked decimals (angled wall inches to 3 decimals)', () => {
    expect(run({ round: [11.31370849, 3] })).toBe(11.314);
    expect(run({ round: ['7.5'] })).toBe(8);
    expect(run({ round: [{ var: 'x' }, 2] }, { x: '' })).toBeNull();
  });
});

describe('compiled operators take their arguments as parameters', () => {
  const engine = createLogicEngine();
  const scope = {
    a: 'YES',
    n: '12',
    empty: '',
    list: [],
    pair: ['7', 3],
    walls: ['Yes', 'No'],
    $index: 1,
    mail: 'a@b.co, c@d.org',
    $context: { prices: { RENDERING: 990 } },
    $data: {
      table: {
        kind: 'price-table',
        length: { roundUpTo: 'even' },
        width: { roundUpTo: 'whole' },
        prices: { '12x8': 4100 },
      },
    },
  };
  // Each operator written as an argument array, as one expression (whose value may be an array) and with constants.
  const cases: unknown[] = [
    { '==': [{ var: 'a' }, 'YES'] },
    { '==': [{ var: 'n' }, 12] },
    { '==': [{ var: 'empty' }, null] },
    { '!=': [{ var: 'a' }, 'NO'] },
    { '<': [{ var: 'n' }, 13] },
    { '<': [{ var: 'empty' }, 4] },
    { '<=': [{ var: 'n' }, '12'] },
    { '>': [{ var: 'n' }, 12] },
    { '>=': [{ var: 'n' }, 12] },
    { '<': [1, { var: 'n' }, 20] },
    { item: 'walls' },
    { item: ['walls'] },
    { '==': [{ item: 'walls' }, 'No'] },
    { isEmpty: { var: 'empty' } },
    { isEmpty: { var: 'list' } },
    { isEmpty: [{ var: 'list' }] },
    { isEmpty: { var: 'pair' } },
    { num: { var: 'n' } },
    { num: { var: 'pair' } },
    { num: [{ var: 'pair' }] },
    { floor: { '/': [{ var: 'n' }, 5] } },
    { round: [{ '/': [{ var: 'n' }, 7] }, 2] },
    { round: [{ var: 'n' }] },
    { round: { var: 'pair' } },
    { fill: [{ var: 'n' }, 'x'] },
    { fill: [2] },
    { matches: [{ var: 'n' }, '^\\d+$'] },
    { matches: [{ var: 'a' }, '^yes$', 'i'] },
    { emailList: { var: 'mail' } },
    { price: ['RENDERING', 950] },
    { price: ['OTHER', 950] },
    { priceTable: ['table', { var: 'n' }, 8, 'price'] },
    { priceTable: ['table', 10, 8] },
    { priceTable: ['table', 11, 7.5, 'areaSquareFeet'] },
    { entries: { var: '$context.prices' } },
    { length: { '??': [{ var: 'walls' }, []] } },
    { length: [{ var: 'a' }] },
    { length: { var: '$context.prices' } },
    { '+': [{ length: { var: 'missing' } }, 1] },
    { substr: [{ var: 'a' }, 0, -1] },
    { substr: [{ var: 'a' }, 1] },
    { num: { substr: [{ var: 'missing' }, 0, -4] } },
  ];
  it.each(cases.map((logic) => [JSON.stringify(logic), logic]))('%s gives what the interpreter gives', (_, logic) => {
    const compiled = prepareExpression(engine, logic, 'compiled')(scope);
    expect(compiled).toEqual(prepareExpression(engine, logic, 'interpreted')(scope));
  });

  it('looks up a price table and a live price as the rules read them', () => {
    const run = (logic: unknown) => prepareExpression(engine, logic, 'compiled')(scope);
    expect(run({ priceTable: ['table', { var: 'n' }, 8, 'price'] })).toBe(4100);
    expect(run({ priceTable: ['table', 11, 7.5, 'lengthFeet'] })).toBe(12);
    expect(run({ price: ['RENDERING', 950] })).toBe(990);
    expect(run({ item: 'walls' })).toBe('No');
  });

  it('calls no operator through an argument array in the common forms', () => {
    const built = String(
      engine.build({ and: [{ '==': [{ var: 'a' }, 'YES'] }, { num: { var: 'n' } }, { item: 'walls' }] }),
    );
    expect(built).not.toContain('engine.methods');
  });
});
