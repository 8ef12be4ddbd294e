import { describe, expect, it } from 'vitest';
import { historyColumns, toHistoryRow, type HistoryFilters, type HistoryRow } from './history-rows';
import {
  buildHistorySearch,
  filterHistoryRows,
  historySearchOf,
  searchHistory,
  shownRowAt,
  type HistoryMatches,
} from './history-search-index';

const rows = [
  toHistoryRow(
    {
      folder: 'A',
      fileName: 'f1',
      jobName: 'Smith',
      dateShipped: '2023-05-01',
      streetAddress: '1 Elm',
      cityStateZip: 'Dayton, OH',
    },
    'en-US',
  ),
  toHistoryRow(
    { folder: 'B', fileName: 'f2', jobName: 'Jones', dateShipped: 'unknown', streetAddress: {}, cityStateZip: null },
    'en-US',
  ),
  toHistoryRow(
    {
      folder: 'C',
      fileName: 'f3',
      jobName: 'SMITHERS',
      dateShipped: '6/2/23',
      streetAddress: '2 Oak',
      cityStateZip: { city: 'Akron', st: 'OH' },
    },
    'en-US',
  ),
  toHistoryRow(
    {
      folder: 'D',
      fileName: 'f4',
      jobName: 'Old',
      dateShipped: '12/31/99',
      streetAddress: '.',
      cityStateZip: 'Erie, PA',
    },
    'en-US',
  ),
];

const shownFiles = (matches: HistoryMatches) =>
  matches.rowIndexes ? Array.from(matches.rowIndexes, (i) => matches.search.rows[i].fileName) : 'all';

// What a dealer sees: a row shows when each searched cell, as shown, contains the search, ignoring case.
const shownByEye = (list: HistoryRow[], filters: HistoryFilters) =>
  list
    .filter((row) =>
      historyColumns.every((column) =>
        row[column].toLowerCase().includes((filters[column] ?? '').trim().toLowerCase()),
      ),
    )
    .map((row) => row.fileName);

describe('the history search index', () => {
  it('holds each cell as shown, lower-cased, ship dates in the shown format', () => {
    const search = buildHistorySearch(rows);
    expect(search.cells[historyColumns.indexOf('dateShipped')]).toEqual(rows.map((r) => r.dateShipped.toLowerCase()));
    expect(rows[0].dateShipped).toBe('May 1, 2023');
    expect(search.cells[historyColumns.indexOf('cityStateZip')][2]).toBe('akron, oh');
  });

  it('finds ship dates as shown, whatever format the server sent', () => {
    const iso = toHistoryRow({ fileName: 'a', dateShipped: '2026-10-24' }, 'en-US');
    const slash = toHistoryRow({ fileName: 'b', dateShipped: '10/24/26' }, 'en-US');
    expect(filterHistoryRows([iso, slash], { dateShipped: 'oct 24, 2026' })).toEqual([iso, slash]);
    expect(filterHistoryRows([iso, slash], { dateShipped: '2026-10' })).toEqual([]);
    expect(shownFiles(searchHistory(buildHistorySearch(rows), { dateShipped: 'may 1' }))).toEqual(['f1']);
  });

  it('is case-insensitive contains on several columns at once (AND)', () => {
    const search = buildHistorySearch(rows);
    expect(shownFiles(searchHistory(search, { jobName: 'smith' }))).toEqual(['f1', 'f3']);
    expect(shownFiles(searchHistory(search, { jobName: 'smith', cityStateZip: 'akron' }))).toEqual(['f3']);
    expect(shownFiles(searchHistory(search, { jobName: 'SMITH', streetAddress: 'nowhere' }))).toEqual([]);
    expect(searchHistory(search, { jobName: 'smith' }).count).toBe(2);
  });

  it('lets every row through when every search is blank', () => {
    const matches = searchHistory(buildHistorySearch(rows), { folder: '  ', jobName: '' });
    expect([matches.rowIndexes, matches.count]).toEqual([null, rows.length]);
    expect(filterHistoryRows(rows, {})).toBe(rows);
  });

  it('gives the row shown at each place of the table, as the grid reads them, and none past the last', () => {
    const search = buildHistorySearch(rows);
    const matches = searchHistory(search, { cityStateZip: 'oh' });
    expect([0, 1, 2].map((place) => shownRowAt(matches, place)?.fileName)).toEqual(['f1', 'f3', undefined]);
    const all = searchHistory(search, {});
    expect([0, 3, 4].map((place) => shownRowAt(all, place)?.fileName)).toEqual(['f1', 'f4', undefined]);
  });

  it('answers a key typed or deleted after another exactly as a fresh search', () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      toHistoryRow(
        {
          fileName: `f${i}`,
          jobName: ['Miller', 'Mills', 'Amil', 'Smith'][i % 4] + (i % 3 ? ', Ann' : ''),
          dateShipped: `2024-0${1 + (i % 9)}-1${i % 10}`,
          cityStateZip: i % 5 ? 'Green Bay, WI' : 'Erie, PA',
        },
        'en-US',
      ),
    );
    const search = buildHistorySearch(many);
    const steps: HistoryFilters[] = [
      { jobName: 'm' },
      { jobName: 'mi' },
      { jobName: 'mil' },
      { jobName: 'mill' },
      { jobName: 'mil' },
      { jobName: 'mil', cityStateZip: 'e' },
      { jobName: 'mil', cityStateZip: 'er' },
      { jobName: 'il', cityStateZip: 'er' },
      { jobName: 'il', dateShipped: 'mar' },
      { jobName: 'il, a', dateShipped: 'mar 1' },
      {},
      { dateShipped: '2024' },
    ];
    let previous: HistoryMatches | undefined;
    for (const filters of steps) {
      previous = searchHistory(search, filters, previous);
      expect(shownFiles(previous)).toEqual(Object.keys(filters).length ? shownByEye(many, filters) : 'all');
    }
  });

  it('is made once per list of rows', () => {
    expect(historySearchOf(rows)).toBe(historySearchOf(rows));
    expect(historySearchOf([...rows])).not.toBe(historySearchOf(rows));
  });
});

describe('a cell holding the index separator', () => {
  it('is still found as shown', () => {
    const odd = toHistoryRow({ fileName: 'x', jobName: 'A\u0000B Lake' }, 'en-US');
    const plain = toHistoryRow({ fileName: 'y', jobName: 'Lake' }, 'en-US');
    expect(filterHistoryRows([odd, plain], { jobName: 'b lake' })).toEqual([odd]);
    expect(filterHistoryRows([odd, plain], { jobName: 'lake' })).toEqual([odd, plain]);
  });
});
