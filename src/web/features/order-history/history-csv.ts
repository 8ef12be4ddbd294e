import { historyColumnLabels, historyColumns, type HistoryColumn, type HistoryRow } from './history-rows';

/** Cells a spreadsheet would run as a formula; a leading quote makes them plain text. */
const formulaStart = /^[=+\-@\t\r]/;

/** One cell for a spreadsheet: formula-looking text neutralised, then quoted when CSV needs it (RFC 4180). */
export function toCsvCell(value: string): string {
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A cell as a spreadsheet should read it: the ship date as yyyy-mm-dd, which Excel takes for a date in any locale. */
function csvValue(row: HistoryRow, column: HistoryColumn): string {
  if (column === 'dateShipped' && row.dateKey !== null) {
    const key = String(row.dateKey);
    return `${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}`;
  }
  return row[column];
}

/** The order history as CSV: a header row, then the rows as given, CRLF line ends. */
export function toHistoryCsv(rows: readonly HistoryRow[]): string {
  const lines = [historyColumns.map((column) => toCsvCell(historyColumnLabels[column])).join(',')];
  for (const row of rows) lines.push(historyColumns.map((column) => toCsvCell(csvValue(row, column))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Hands the CSV to the browser as a download named orderhistory.csv (a BOM so Excel reads it as UTF-8). */
export function downloadHistoryCsv(rows: readonly HistoryRow[], fileName = 'orderhistory.csv'): void {
  const blob = new Blob(['\uFEFF', toHistoryCsv(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
