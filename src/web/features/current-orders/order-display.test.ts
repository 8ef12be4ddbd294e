import { describe, expect, it } from 'vitest';
import { isDateCreatedOverdue, isEmailed, stripJobNamePrefix } from './order-display';

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
