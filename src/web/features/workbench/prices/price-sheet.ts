/**
 * A price table (definitions/prices/**, "<length>x<width>": dollars) as staff see it in a price book: one row per
 * length, one column per width. The sheet holds what was typed (text), so a mistake can be shown where it is; the
 * checks name it by row (duplicate lengths or widths, prices that are not numbers, sizes no price covers, sizes the
 * rounding never looks up); and the row diff says what a draft changes against its base version.
 */
import { findPriceTableProblems, type PriceTable, type RoundUpTo } from '../../../../engine';
import { toCsv } from '../../../shared/csv';

export interface PriceSheet {
  /** Row headers as typed (a length in the table's unit). */
  lengths: string[];
  /** Column headers as typed (a width). */
  widths: string[];
  /** cells[row][column]: the price as typed; '' is no price. */
  cells: string[][];
}

export interface SheetProblem {
  /** The row it is about (index into lengths), or undefined for a column or the whole table. */
  row?: number;
  column?: number;
  message: string;
}

const NUMBER = /^\s*-?\d+(?:\.\d+)?\s*$/;
const KEY = /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)$/;

const byNumber = (a: string, b: string) => Number(a) - Number(b);

/** The table's rows and columns, sorted by size. */
export function sheetOf(table: PriceTable): PriceSheet {
  const lengths = new Set<string>();
  const widths = new Set<string>();
  for (const key of Object.keys(table.prices ?? {})) {
    const match = KEY.exec(key);
    if (!match) continue;
    lengths.add(match[1]);
    widths.add(match[2]);
  }
  const rows = [...lengths].sort(byNumber);
  const columns = [...widths].sort(byNumber);
  return {
    lengths: rows,
    widths: columns,
    cells: rows.map((length) =>
      columns.map((width) => {
        const price = (table.prices as Record<string, unknown>)[`${length}x${width}`];
        return price === undefined ? '' : String(price);
      }),
    ),
  };
}

/** Normalises a typed size ("12.0 " -> "12"); other text is kept as typed, for the checks to name. */
function sizeKey(text: string): string {
  const trimmed = text.trim();
  return NUMBER.test(trimmed) ? String(Number(trimmed)) : trimmed;
}

/**
 * The table with the sheet's prices (its other settings kept). A price that is not a number is kept as its text, so
 * the file says what was typed and the checks refuse it; an empty cell is no price.
 */
export function tableOf(base: PriceTable, sheet: PriceSheet): PriceTable {
  const prices: Record<string, number> = {};
  sheet.lengths.forEach((length, row) => {
    sheet.widths.forEach((width, column) => {
      const cell = (sheet.cells[row]?.[column] ?? '').trim();
      if (cell === '') return;
      (prices as Record<string, unknown>)[`${sizeKey(length)}x${sizeKey(width)}`] = NUMBER.test(cell)
        ? Number(cell)
        : cell;
    });
  });
  return { ...base, prices };
}

function stepOf(rule: RoundUpTo | undefined): number {
  if (typeof rule === 'number') return rule;
  return rule === 'whole' || rule === undefined ? 1 : 2;
}

function roundingWords(rule: RoundUpTo): string {
  if (typeof rule === 'number') return `a multiple of ${rule}`;
  return rule === 'whole' ? 'a whole number' : `an ${rule} number`;
}

function isReachable(value: number, rule: RoundUpTo): boolean {
  if (typeof rule === 'number') return Math.abs(value / rule - Math.round(value / rule)) < 1e-9;
  if (!Number.isInteger(value)) return false;
  if (rule === 'even') return value % 2 === 0;
  if (rule === 'odd') return value % 2 === 1;
  return true;
}

/**
 * Everything that keeps the sheet from being saved, at its row: a size that is not a number or appears twice, a size
 * the rounding never looks up, a missing size between two others (those orders would get "No Price Available"),
 * a price that is not a number of dollars, an empty cell inside the table.
 */
export function checkSheet(sheet: PriceSheet, table: Pick<PriceTable, 'length' | 'width' | 'unit'>): SheetProblem[] {
  const problems: SheetProblem[] = [];
  const unit = table.unit === 'inches' ? 'in' : 'ft';
  const axes = [
    { name: 'length', headers: sheet.lengths, rule: table.length?.roundUpTo ?? 'whole', isRow: true },
    { name: 'width', headers: sheet.widths, rule: table.width?.roundUpTo ?? 'whole', isRow: false },
  ] as const;
  for (const axis of axes) {
    const seen = new Map<string, number>();
    const numbers: number[] = [];
    axis.headers.forEach((header, index) => {
      const at = axis.isRow ? { row: index } : { column: index };
      const key = sizeKey(header);
      if (!NUMBER.test(header) || Number(header) <= 0) {
        problems.push({ ...at, message: `${capital(axis.name)} “${header}” is not a size: type a number of ${unit}` });
        return;
      }
      const first = seen.get(key);
      if (first !== undefined) {
        problems.push({
          ...at,
          message: `${capital(axis.name)} ${key} ${unit} appears twice (${axis.isRow ? 'rows' : 'columns'} ${first + 1} and ${index + 1}): keep one`,
        });
        return;
      }
      seen.set(key, index);
      numbers.push(Number(key));
      if (!isReachable(Number(key), axis.rule))
        problems.push({
          ...at,
          message: `${capital(axis.name)} ${key} ${unit} is never looked up: ${axis.name}s are rounded up to ${roundingWords(axis.rule)}`,
        });
    });
    const sorted = [...numbers].sort((a, b) => a - b);
    const step = stepOf(axis.rule);
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i] - sorted[i - 1] > step + 1e-9) {
        const missing = sorted[i - 1] + step;
        const index = axis.headers.findIndex((header) => sizeKey(header) === String(sorted[i]));
        problems.push({
          ...(axis.isRow ? { row: index } : { column: index }),
          message: `No ${axis.name} ${missing} ${unit} between ${sorted[i - 1]} and ${sorted[i]}: those sizes would show “No Price Available”`,
        });
      }
    }
  }
  sheet.cells.forEach((cells, row) => {
    const length = sizeKey(sheet.lengths[row] ?? '');
    cells.forEach((cell, column) => {
      const width = sizeKey(sheet.widths[column] ?? '');
      const text = cell.trim();
      const size = `${length} × ${width}`;
      if (text === '')
        problems.push({ row, column, message: `${size}: no price (a ${size} order would show “No Price Available”)` });
      else if (!NUMBER.test(text))
        problems.push({ row, column, message: `${size}: “${text}” is not a number of dollars` });
      else if (Number(text) < 0) problems.push({ row, column, message: `${size}: a price cannot be below 0` });
    });
  });
  return problems;
}

/** The checks of a table file's content (the engine's and the sheet's), as one list of messages. */
export function checkPriceTable(table: PriceTable): string[] {
  const engine = findPriceTableProblems(table).filter(
    // The sheet says these better (by size, not JSON path).
    (problem) => !problem.path.startsWith('/prices/'),
  );
  return [
    ...engine.map((problem) => `${problem.path}: ${problem.reason}`),
    ...checkSheet(sheetOf(table), table).map((problem) => problem.message),
    ...Object.keys(table.prices ?? {})
      .filter((key) => !KEY.test(key))
      .map((key) => `“${key}” is not a size: keys are <length>x<width>`),
  ];
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export interface RowDiff {
  added: { key: string; price: unknown }[];
  removed: { key: string; price: unknown }[];
  changed: { key: string; from: unknown; to: unknown }[];
}

const keyOrder = (a: string, b: string) => {
  const [al, aw] = a.split('x').map(Number);
  const [bl, bw] = b.split('x').map(Number);
  return al - bl || aw - bw || a.localeCompare(b);
};

/** What the draft's table changes against the base version's: sizes added, removed, and prices changed old → new. */
export function diffPrices(base: Record<string, unknown>, next: Record<string, unknown>): RowDiff {
  const diff: RowDiff = { added: [], removed: [], changed: [] };
  for (const key of [...new Set([...Object.keys(base), ...Object.keys(next)])].sort(keyOrder)) {
    if (!(key in base)) diff.added.push({ key, price: next[key] });
    else if (!(key in next)) diff.removed.push({ key, price: base[key] });
    else if (base[key] !== next[key]) diff.changed.push({ key, from: base[key], to: next[key] });
  }
  return diff;
}

// ---- CSV -----------------------------------------------------------------------------------------------------------

/** The sheet as CSV rows: a corner cell naming the axes, the widths across, one line per length. */
export function sheetToRows(sheet: PriceSheet, unit: PriceTable['unit']): string[][] {
  const corner = `length \\ width (${unit === 'inches' ? 'inches' : 'feet'})`;
  return [[corner, ...sheet.widths], ...sheet.lengths.map((length, row) => [length, ...sheet.cells[row]])];
}

/**
 * The sheet as a CSV file (the Export CSV button), through the same neutraliser as the order history's export: a cell
 * typed as `=HYPERLINK(...)` (kept as text in the file until the checks refuse it) is written as `'=HYPERLINK(...)`,
 * text a spreadsheet shows and never runs. Plain numbers are written as they are, a negative one too (a spreadsheet
 * reads `-5` as a number, not a formula), so sizes and prices read back by rowsToSheet as the same numbers.
 */
export function sheetToCsv(sheet: PriceSheet, unit: PriceTable['unit']): string {
  return toCsv(sheetToRows(sheet, unit), { keepNumbers: true });
}

export interface CsvImport {
  sheet?: PriceSheet;
  /** Why the file cannot be used, each at its line of the file. */
  problems: string[];
}

const isHeaderWord = (cell: string | undefined, word: string) => (cell ?? '').trim().toLowerCase().startsWith(word);

/**
 * A parsed CSV as a sheet: the layout this page exports (widths across, lengths down), or one price a line
 * (`length,width,price` with that header). Sizes that appear twice are refused here, naming the lines.
 */
export function rowsToSheet(rows: string[][]): CsvImport {
  const lines = rows.filter((row) => row.some((cell) => cell.trim() !== ''));
  if (lines.length < 2)
    return { problems: ['The file has no prices: it needs a header line and at least one line of prices.'] };
  const header = lines[0];
  if (isHeaderWord(header[0], 'length') && isHeaderWord(header[1], 'width') && isHeaderWord(header[2], 'price'))
    return longRowsToSheet(lines);
  const problems: string[] = [];
  const widths = header.slice(1).map((cell) => cell.trim());
  while (widths.length > 0 && widths[widths.length - 1] === '') widths.pop();
  const seenWidths = new Map<string, number>();
  widths.forEach((width, index) => {
    const key = sizeKey(width);
    if (seenWidths.has(key))
      problems.push(`Line 1: width ${key} appears twice (columns ${seenWidths.get(key)! + 2} and ${index + 2})`);
    else seenWidths.set(key, index);
  });
  const seenLengths = new Map<string, number>();
  const lengths: string[] = [];
  const cells: string[][] = [];
  lines.slice(1).forEach((line, index) => {
    const lineNumber = index + 2;
    const length = (line[0] ?? '').trim();
    const key = sizeKey(length);
    if (seenLengths.has(key)) {
      problems.push(
        `Line ${lineNumber}: length ${key} appears twice (lines ${seenLengths.get(key)} and ${lineNumber})`,
      );
      return;
    }
    seenLengths.set(key, lineNumber);
    const extra = line.slice(widths.length + 1).filter((cell) => cell.trim() !== '');
    if (extra.length > 0) problems.push(`Line ${lineNumber}: ${extra.length} price(s) beyond the last width column`);
    lengths.push(length);
    cells.push(widths.map((_, column) => (line[column + 1] ?? '').trim()));
  });
  return problems.length > 0 ? { problems } : { sheet: { lengths, widths, cells }, problems };
}

function longRowsToSheet(lines: string[][]): CsvImport {
  const problems: string[] = [];
  const prices = new Map<string, { price: string; line: number }>();
  lines.slice(1).forEach((line, index) => {
    const lineNumber = index + 2;
    const [length = '', width = '', price = ''] = line.map((cell) => cell.trim());
    const key = `${sizeKey(length)}x${sizeKey(width)}`;
    const earlier = prices.get(key);
    if (earlier)
      problems.push(`Line ${lineNumber}: ${length} × ${width} appears twice (lines ${earlier.line} and ${lineNumber})`);
    else prices.set(key, { price, line: lineNumber });
  });
  if (problems.length > 0) return { problems };
  const lengths = [...new Set([...prices.keys()].map((key) => key.split('x')[0]))].sort(byNumber);
  const widths = [...new Set([...prices.keys()].map((key) => key.split('x')[1]))].sort(byNumber);
  return {
    sheet: {
      lengths,
      widths,
      cells: lengths.map((length) => widths.map((width) => prices.get(`${length}x${width}`)?.price ?? '')),
    },
    problems,
  };
}
