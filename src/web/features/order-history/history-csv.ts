import { toCsv } from '../../shared/csv';
import { historyColumnLabels, historyColumns, type HistoryColumn, type HistoryRow } from './history-rows';

/** A cell as a spreadsheet should read it: the ship date as yyyy-mm-dd, which Excel takes for a date in any locale. */
function csvValue(row: HistoryRow, column: HistoryColumn): string {
  if (column === 'dateShipped' && row.dateKey !== null) {
    const key = String(row.dateKey);
    return `${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}`;
  }
  return row[column];
}

/**
 * The order history as CSV: a header row, then the rows as given, CRLF line ends. Every cell is text (job names,
 * addresses), so one starting like a formula, `-2` too, gets a leading apostrophe (shared/csv.ts).
 */
export function toHistoryCsv(rows: readonly HistoryRow[]): string {
  return toCsv([
    historyColumns.map((column) => historyColumnLabels[column]),
    ...rows.map((row) => historyColumns.map((column) => csvValue(row, column))),
  ]);
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
