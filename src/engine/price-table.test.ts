import { describe, expect, it } from 'vitest';
import {
  checkDefinition,
  findPriceTableProblems,
  lookupPrice,
  roundDimensionUp,
  type DefinitionBundle,
  type PriceTable,
} from './index';
import { createLogicEngine, prepareExpression } from './operators';

const table: PriceTable = {
  kind: 'price-table',
  isDemoData: true,
  length: { roundUpTo: 'odd' },
  width: { roundUpTo: 'even' },
  prices: { '9x10': 5000, '9x12': 5400, '11x12': 6100 },
};

describe('roundDimensionUp', () => {
  it('rounds up to even, odd, whole or a multiple, ignoring float noise from inches / 12', () => {
    expect(roundDimensionUp(10.2, 'even')).toBe(12);
    expect(roundDimensionUp(10, 'even')).toBe(10);
    expect(roundDimensionUp(10, 'odd')).toBe(11);
    expect(roundDimensionUp(9.01, 'odd')).toBe(11);
    expect(roundDimensionUp(10.2, 'whole')).toBe(11);
    expect(roundDimensionUp(13, 4)).toBe(16);
    expect(roundDimensionUp(120 / 12, 2)).toBe(10);
    expect(roundDimensionUp(0, 'even')).toBeNull();
  });
});

describe('lookupPrice', () => {
  it('finds the price under the rounded size, with the rounded length and area in feet', () => {
    expect(lookupPrice(table, 8.5, 11)).toEqual({
      price: 5400,
      length: 9,
      width: 12,
      lengthFeet: 9,
      areaSquareFeet: 108,
    });
  });

  it('answers null outside the table and for a missing dimension', () => {
    expect(lookupPrice(table, 13, 12)).toBeNull();
    expect(lookupPrice(table, null, 12)).toBeNull();
  });

  it('converts an inch table to feet for the length and area', () => {
    const inches: PriceTable = {
      kind: 'price-table',
      unit: 'inches',
      length: { roundUpTo: 6 },
      width: { roundUpTo: 'whole' },
      prices: { '120x91': 9000 },
    };
    expect(lookupPrice(inches, 117, 91)).toMatchObject({ price: 9000, lengthFeet: 10 });
  });
});

describe('priceTable operator', () => {
  const engine = createLogicEngine();
  const run = (logic: unknown, scope: object) => prepareExpression(engine, logic, 'compiled')(scope);

  it('looks a table up by its $data name, and returns the rounded length or area on request', () => {
    const scope = { $data: { 'demo-table': table }, l: 8.5, w: '11' };
    expect(run({ priceTable: ['demo-table', { var: 'l' }, { var: 'w' }] }, scope)).toBe(5400);
    expect(run({ priceTable: ['demo-table', { var: 'l' }, { var: 'w' }, 'lengthFeet'] }, scope)).toBe(9);
    expect(run({ priceTable: ['demo-table', { var: 'l' }, { var: 'w' }, 'areaSquareFeet'] }, scope)).toBe(108);
    expect(run({ priceTable: ['no-such-table', 9, 10] }, scope)).toBeNull();
    expect(run({ priceTable: ['demo-table', 30, 10] }, scope)).toBeNull();
  });
});

describe('price table checks', () => {
  it('finds nothing wrong in a sound table', () => {
    expect(findPriceTableProblems(table)).toEqual([]);
  });

  it('names the JSON path and reason of each malformed entry', () => {
    const broken = {
      kind: 'price-table',
      length: { roundUpTo: 'even' },
      width: { roundUpTo: 'sideways' },
      prices: { '10x10': 'a lot', '11x12': 100, 'ten by ten': 5, '12x12': -4 },
    };
    expect(findPriceTableProblems(broken)).toEqual([
      { path: '/width/roundUpTo', reason: 'must be "even", "odd", "whole" or a positive number (a multiple)' },
      { path: '/prices/10x10', reason: 'price must be a number of dollars, at least 0 (got "a lot")' },
      { path: '/prices/11x12', reason: 'length 11 is never looked up: lengths are rounded up to an even number' },
      { path: '/prices/ten by ten', reason: 'key "ten by ten" is not "<length>x<width>" (e.g. "12x16")' },
      { path: '/prices/12x12', reason: 'price must be a number of dollars, at least 0 (got -4)' },
    ]);
  });

  it('checkDefinition rejects a malformed table in a definition with its own file, the path and the reason', () => {
    const bundle: DefinitionBundle = {
      form: 'demo',
      schema: { type: 'object', properties: { lengthFeet: { type: 'integer' }, widthFeet: { type: 'integer' } } },
      ui: {},
      rules: {
        form: 'demo',
        price: 'total',
        rules: [
          {
            kind: 'compute',
            name: 'total',
            value: { priceTable: ['demo-prices', { var: 'lengthFeet' }, { var: 'widthFeet' }] },
          },
          { kind: 'compute', name: 'other', value: { priceTable: ['missing-prices', 1, 1] } },
        ],
      },
      data: { 'demo-prices': { ...table, prices: { '9x10': '5000' } } },
      files: { rules: 'definitions/demo/rules.json', 'demo-prices': 'definitions/prices/demo/demo-prices.json' },
    };
    const problems = checkDefinition(bundle);
    expect(problems).toContainEqual(
      expect.objectContaining({
        file: 'definitions/prices/demo/demo-prices.json',
        path: '/prices/9x10',
        severity: 'error',
        reason: 'price table "demo-prices": price must be a number of dollars, at least 0 (got "5000")',
      }),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({
        file: 'definitions/demo/rules.json',
        path: '/rules/1/value',
        reason: 'priceTable names "missing-prices", which is not a price table of this definition',
      }),
    );
  });
});
