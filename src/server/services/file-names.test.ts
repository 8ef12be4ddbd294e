import { describe, expect, it } from 'vitest';
import { makeOrderFileName, randomSuffix, toCompactStamp } from './file-names';

describe('order file names', () => {
  it('reads as form, dealer, UTC date and time, and a suffix', () => {
    const at = new Date('2025-03-14T15:30:05.123Z');
    expect(makeOrderFileName('ENG', 1001, at, 'K7QX')).toBe('ENG-1001-20250314-153005-K7QX');
    expect(toCompactStamp(at)).toBe('20250314153005');
  });

  it('uses only unambiguous characters in the suffix, so names made in the same second differ', () => {
    const suffixes = new Set(Array.from({ length: 200 }, () => randomSuffix()));
    for (const suffix of suffixes) expect(suffix).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(suffixes.size).toBeGreaterThan(190);
  });
});
