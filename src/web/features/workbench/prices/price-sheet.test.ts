import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { PriceTable } from '../../../../engine';
import { checkPriceTable, checkSheet, diffPrices, rowsToSheet, sheetOf, sheetToRows, tableOf } from './price-sheet';

const fixedAttached = JSON.parse(
  readFileSync('definitions/prices/pergola/pergola-fixed-attached.json', 'utf8'),
) as PriceTable;

const small: PriceTable = {
  kind: 'price-table',
  unit: 'feet',
  length: { roundUpTo: 'even' },
  width: { roundUpTo: 'even' },
  prices: { '8x8': 100, '8x10': 110, '10x8': 120, '10x10': 130 },
};

describe('a price table as a sheet', () => {
  it('has one row per length and one column per width, and gives the same table back', () => {
    const sheet = sheetOf(fixedAttached);
    expect(sheet.lengths).toEqual(['8', '10', '12', '14', '16', '18', '20']);
    expect(sheet.widths[0]).toBe('8');
    expect(sheet.cells[2][3]).toBe(String(fixedAttached.prices['12x14']));
    expect(tableOf(fixedAttached, sheet)).toEqual(fixedAttached);
    expect(checkSheet(sheet, fixedAttached)).toEqual([]);
    expect(checkPriceTable(fixedAttached)).toEqual([]);
  });

  it('names each problem at its row: a price that is not a number, an empty cell, a duplicate or unreachable size, a missing size', () => {
    const sheet = sheetOf(small);
    sheet.cells[0][1] = '11O';
    sheet.cells[1][0] = '';
    expect(checkSheet(sheet, small)).toEqual([
      { row: 0, column: 1, message: '8 × 10: “11O” is not a number of dollars' },
      { row: 1, column: 0, message: '10 × 8: no price (a 10 × 8 order would show “No Price Available”)' },
    ]);
    const twice = {
      ...sheet,
      lengths: ['8', '8'],
      cells: [
        ['1', '2'],
        ['3', '4'],
      ],
    };
    expect(checkSheet(twice, small)).toEqual([
      { row: 1, message: 'Length 8 ft appears twice (rows 1 and 2): keep one' },
    ]);
    const gap = { lengths: ['8', '12'], widths: ['8'], cells: [['1'], ['2']] };
    expect(checkSheet(gap, small)).toEqual([
      { row: 1, message: 'No length 10 ft between 8 and 12: those sizes would show “No Price Available”' },
    ]);
    const odd = { lengths: ['9'], widths: ['8'], cells: [['1']] };
    expect(checkSheet(odd, small)[0].message).toBe(
      'Length 9 ft is never looked up: lengths are rounded up to an even number',
    );
  });

  it('keeps what was typed in the file, so the checks refuse it there too', () => {
    const sheet = sheetOf(small);
    sheet.cells[0][0] = 'abc';
    const table = tableOf(small, sheet);
    expect(table.prices['8x8']).toBe('abc');
    expect(checkPriceTable(table)).toEqual(['8 × 8: “abc” is not a number of dollars']);
  });

  it('says which rows a draft adds, removes and changes', () => {
    expect(diffPrices({ '8x8': 1, '8x10': 2, '10x8': 3 }, { '8x8': 1, '8x10': 5, '12x8': 4 })).toEqual({
      added: [{ key: '12x8', price: 4 }],
      removed: [{ key: '10x8', price: 3 }],
      changed: [{ key: '8x10', from: 2, to: 5 }],
    });
  });
});

describe('CSV', () => {
  it('round-trips the exported layout through papaparse', () => {
    const csv = Papa.unparse(sheetToRows(sheetOf(fixedAttached), 'feet'));
    expect(csv.split('\r\n')[0]).toMatch(/^length \\ width \(feet\),8,10,12/);
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: 'greedy' }).data;
    const imported = rowsToSheet(parsed);
    expect(imported.problems).toEqual([]);
    expect(tableOf(fixedAttached, imported.sheet!)).toEqual(fixedAttached);
  });

  it('reads one price a line too, and refuses a size that appears twice, naming the lines', () => {
    const long = rowsToSheet([
      ['length', 'width', 'price'],
      ['8', '8', '100'],
      ['8', '10', '110'],
    ]);
    expect(long.sheet).toEqual({ lengths: ['8'], widths: ['8', '10'], cells: [['100', '110']] });
    expect(
      rowsToSheet([
        ['length', 'width', 'price'],
        ['8', '8', '1'],
        ['8', '8', '2'],
      ]).problems,
    ).toEqual(['Line 3: 8 × 8 appears twice (lines 2 and 3)']);
    expect(
      rowsToSheet([
        ['x', '8', '10'],
        ['12', '1', '2'],
        ['12', '3', '4'],
      ]).problems,
    ).toEqual(['Line 3: length 12 appears twice (lines 2 and 3)']);
    expect(
      rowsToSheet([
        ['x', '8', '8'],
        ['12', '1', '2'],
      ]).problems,
    ).toEqual(['Line 1: width 8 appears twice (columns 2 and 3)']);
  });
});
