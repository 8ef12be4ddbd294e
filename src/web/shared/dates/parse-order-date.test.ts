import { describe, expect, it } from 'vitest';
import { daysSince, expandTwoDigitYear, parseOrderDate, toDateSortKey } from './parse-order-date';

describe('parseOrderDate', () => {
  it('reads yyyy-mm-dd, with or without a time', () => {
    expect(parseOrderDate('2024-03-07')).toEqual({ year: 2024, month: 3, day: 7 });
    expect(parseOrderDate('2024-03-07T10:11:12Z')).toEqual({ year: 2024, month: 3, day: 7 });
  });

  it('reads m/d/yy with two-digit years below 50 as 20xx and the others as 19xx', () => {
    expect(parseOrderDate('3/7/24')).toEqual({ year: 2024, month: 3, day: 7 });
    expect(parseOrderDate('12/31/49')).toEqual({ year: 2049, month: 12, day: 31 });
    expect(parseOrderDate('1/1/50')).toEqual({ year: 1950, month: 1, day: 1 });
    expect(parseOrderDate('01/02/99')).toEqual({ year: 1999, month: 1, day: 2 });
    expect(parseOrderDate('3/7/2024')).toEqual({ year: 2024, month: 3, day: 7 });
  });

  it('reads other date text the browser understands', () => {
    expect(parseOrderDate('March 7, 2024')).toEqual({ year: 2024, month: 3, day: 7 });
  });

  it('gives null for empty, non-text, impossible days and words', () => {
    for (const value of ['', '   ', null, undefined, 42, {}, '2024-02-30', '13/1/24', 'pending', 'TBD 2']) {
      expect(parseOrderDate(value)).toBeNull();
    }
  });

  it('reads a compact stamp yyyymmddHHMMSS', () => {
    expect(parseOrderDate('20240307101112')).toEqual({ year: 2024, month: 3, day: 7 });
  });
});

describe('date helpers', () => {
  it('expands two-digit years and leaves four-digit years', () => {
    expect(expandTwoDigitYear(0)).toBe(2000);
    expect(expandTwoDigitYear(49)).toBe(2049);
    expect(expandTwoDigitYear(50)).toBe(1950);
    expect(expandTwoDigitYear(2024)).toBe(2024);
  });

  it('sorts the formats together by day', () => {
    const keys = ['1/2/99', '2024-03-07', '3/6/24'].map(toDateSortKey);
    expect(keys).toEqual([19990102, 20240307, 20240306]);
    expect(toDateSortKey('n/a')).toBeNull();
  });

  it('counts calendar days since a date', () => {
    const now = new Date(2024, 2, 15, 9, 30);
    expect(daysSince('2024-03-07', now)).toBe(8);
    expect(daysSince('3/15/24', now)).toBe(0);
    expect(daysSince('', now)).toBeNull();
  });
});
