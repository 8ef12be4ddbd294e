import { describe, expect, it } from 'vitest';
import {
  initialOrderStatus,
  isDateCreatedOverdue,
  isEmailed,
  listInitialOrders,
  previewsNote,
  stripJobNamePrefix,
} from './order-display';

describe('stripJobNamePrefix', () => {
  it('drops leading bracketed single letters, one or several', () => {
    expect(stripJobNamePrefix('(C) Miller Sunroom')).toBe('Miller Sunroom');
    expect(stripJobNamePrefix('(C)(R) Miller')).toBe('Miller');
    expect(stripJobNamePrefix('[x]Miller')).toBe('Miller');
  });

  it('keeps longer brackets, brackets later in the name and empty names', () => {
    expect(stripJobNamePrefix('(CA) Miller')).toBe('(CA) Miller');
    expect(stripJobNamePrefix('Miller (C)')).toBe('Miller (C)');
    expect(stripJobNamePrefix(null)).toBe('');
  });
});

describe('isDateCreatedOverdue', () => {
  const now = new Date(2024, 2, 20, 12, 0);

  it('is red when older than 7 days and not emailed', () => {
    expect(isDateCreatedOverdue({ dateCreated: '2024-03-12', emailedOn: null }, now)).toBe(true);
    expect(isDateCreatedOverdue({ dateCreated: '3/1/24', emailedOn: '' }, now)).toBe(true);
  });

  it('is not red at 7 days or less, once emailed, or without a date', () => {
    expect(isDateCreatedOverdue({ dateCreated: '2024-03-13', emailedOn: null }, now)).toBe(false);
    expect(isDateCreatedOverdue({ dateCreated: '2024-01-01', emailedOn: '2024-01-03' }, now)).toBe(false);
    expect(isDateCreatedOverdue({ dateCreated: null, emailedOn: null }, now)).toBe(false);
  });

  it('counts only an emailed-on value with text', () => {
    expect(isEmailed('  ')).toBe(false);
    expect(isEmailed('2024-01-01')).toBe(true);
  });
});

describe('Initial Orders: previews apart from orders sent', () => {
  const rows = [
    { fileName: 'A', isPreview: true },
    { fileName: 'B', isPreview: false },
    { fileName: 'C', isPreview: true },
  ];

  it('lists the orders sent and counts the previews left out', () => {
    const listed = listInitialOrders(rows, false);
    expect(listed.rows?.map((row) => row.fileName)).toEqual(['B']);
    expect(listed.previews).toBe(2);
  });

  it('lists everything when previews are asked for, and says which is which', () => {
    expect(listInitialOrders(rows, true).rows?.map((row) => row.fileName)).toEqual(['A', 'B', 'C']);
    expect(rows.map(initialOrderStatus)).toEqual(['Preview, not sent', 'Sent', 'Preview, not sent']);
  });

  it('passes a list still loading through', () => {
    expect(listInitialOrders(undefined, false)).toEqual({ rows: undefined, previews: 0 });
  });
});

describe('the line under the previews switch', () => {
  it('counts the previews left out in words that agree with the number', () => {
    expect(previewsNote(1, false, false)).toBe(
      '1 preview (a drawing package looked at, never sent) is not listed: it is not an order.',
    );
    expect(previewsNote(3, false, false)).toMatch(
      /^3 previews \(drawing packages .*\) are not listed: they are not orders\.$/,
    );
    expect(previewsNote(0, false, false)).toMatch(/^Previews .* are listed only when you ask/);
    expect(previewsNote(2, true, false)).toMatch(/^A preview is a drawing package you looked at and did not send/);
  });
});
