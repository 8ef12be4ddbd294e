/**
 * CSV for spreadsheets, shared by every export (the order history's, the workbench's price tables): a cell that a
 * spreadsheet would run as a formula when the file is opened (`=HYPERLINK(...)`, `+cmd|...`, `@SUM(...)`) is written as
 * text with a leading apostrophe, then quoted as RFC 4180 needs.
 */

/**
 * Text a spreadsheet would run as a formula: `=`, `+`, `-` or `@` first (also after leading spaces, which some imports
 * trim), or a tab or carriage return first.
 */
const formulaStart = /^(?:[\t\r]|\s*[=+\-@])/;

/** A plain decimal number as a spreadsheet reads it (`-5`, `1234.50`, `1e+21`): never a formula. */
const plainNumber = /^\s*-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

export interface CsvCellOptions {
  /**
   * Write plain numbers as numbers, a negative one too (`-5` stays `-5`, where text cells get `'-5`): for columns of
   * numbers that must read back as the same numbers (a price table). A plain number cannot carry a formula; anything
   * more after its minus (`-5+cmd|...`) is not a plain number and is neutralised.
   */
  keepNumbers?: boolean;
}

/** The cell as a spreadsheet should take it: formula-looking text gets a leading apostrophe (text, never run). */
export function neutraliseFormula(value: string, options: CsvCellOptions = {}): string {
  if (options.keepNumbers && plainNumber.test(value)) return value;
  return formulaStart.test(value) ? `'${value}` : value;
}

/** One cell for a spreadsheet: formula-looking text neutralised, then quoted when CSV needs it (RFC 4180). */
export function toCsvCell(value: string, options: CsvCellOptions = {}): string {
  const safe = neutraliseFormula(value, options);
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows as CSV: every cell through toCsvCell, CRLF line ends, a CRLF after the last line. */
export function toCsv(rows: readonly (readonly string[])[], options: CsvCellOptions = {}): string {
  return rows.map((row) => row.map((cell) => toCsvCell(cell, options)).join(',')).join('\r\n') + '\r\n';
}
