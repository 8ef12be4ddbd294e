import { describe, expect, it } from 'vitest';
import { formatOrderDate, formatOrderStamp, toIsoDay } from './format-order-date';

describe('order dates in the dealer locale', () => {
  it('shows yyyy-mm-dd and m/d/yy alike', () => {
    expect(formatOrderDate('2026-10-24', 'en-US')).toBe('Oct 24, 2026');
    expect(formatOrderDate('10/24/26', 'en-US')).toBe('Oct 24, 2026');
    expect(formatOrderDate('10/24/2026', 'en-GB')).toBe('24 Oct 2026');
    expect(formatOrderDate('12/31/99', 'en-US')).toBe('Dec 31, 1999');
  });

  it('keeps text that is not a date, and empty stays empty', () => {
    expect(formatOrderDate(' TBD ', 'en-US')).toBe('TBD');
    expect(formatOrderDate(null, 'en-US')).toBe('');
  });

  it('shows a compact stamp as day and time, never shifted by the time zone', () => {
    expect(formatOrderStamp('20261119143500', 'en-US')).toBe('Nov 19, 2026, 2:35 PM');
    expect(formatOrderStamp('202611190005', 'en-GB')).toBe('19 Nov 2026, 0:05');
  });

  it('gives spreadsheets yyyy-mm-dd', () => {
    expect(toIsoDay('6/2/23')).toBe('2023-06-02');
    expect(toIsoDay('unknown')).toBe('unknown');
  });
});
