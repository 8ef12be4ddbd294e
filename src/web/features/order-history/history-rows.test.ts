import { describe, expect, it } from 'vitest';
import { sortByDateShipped, toCellText, toHistoryRow } from './history-rows';

describe('toCellText', () => {
  it('flattens address objects and ignores empty, null, {} and "."', () => {
    expect(toCellText({ line1: '12 Main St', line2: '.', unit: '' })).toBe('12 Main St');
    expect(toCellText({ zip: '62701', city: 'Springfield', state: 'IL' })).toBe('Springfield, IL 62701');
    expect(toCellText({ Street: '1 Elm St', City: 'Erie', Zip: '.' })).toBe('1 Elm St, Erie');
    expect(toCellText({})).toBe('');
    expect(toCellText(null)).toBe('');
    expect(toCellText('.')).toBe('');
    expect(toCellText('  ')).toBe('');
    expect(toCellText({ nested: { city: 'Oslo' }, n: 7 })).toBe('Oslo, 7');
  });
});

describe('history rows', () => {
  const rows = [
    toHistoryRow({
      folder: 'A',
      fileName: 'f1',
      jobName: 'Smith',
      dateShipped: '2023-05-01',
      streetAddress: '1 Elm',
      cityStateZip: 'Dayton, OH',
    }),
    toHistoryRow({
      folder: 'B',
      fileName: 'f2',
      jobName: 'Jones',
      dateShipped: 'unknown',
      streetAddress: {},
      cityStateZip: null,
    }),
    toHistoryRow({
      folder: 'C',
      fileName: 'f3',
      jobName: 'SMITHERS',
      dateShipped: '6/2/23',
      streetAddress: '2 Oak',
      cityStateZip: { city: 'Akron', st: 'OH' },
    }),
    toHistoryRow({
      folder: 'D',
      fileName: 'f4',
      jobName: 'Old',
      dateShipped: '12/31/99',
      streetAddress: '.',
      cityStateZip: 'Erie, PA',
    }),
  ];

  it('sorts newest ship date first across formats, undated last', () => {
    expect(sortByDateShipped(rows).map((row) => row.fileName)).toEqual(['f3', 'f1', 'f4', 'f2']);
  });
});

describe('ship dates', () => {
  it('are shown in one format, whatever format the server sent', () => {
    const iso = toHistoryRow({ fileName: 'a', dateShipped: '2026-10-24' }, 'en-US');
    const slash = toHistoryRow({ fileName: 'b', dateShipped: '10/24/26' }, 'en-US');
    expect([iso.dateShipped, slash.dateShipped]).toEqual(['Oct 24, 2026', 'Oct 24, 2026']);
    expect(iso.dateKey).toBe(slash.dateKey);
  });
});
