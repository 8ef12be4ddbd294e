import { describe, expect, it } from 'vitest';
import { formatFeetInches, toInches } from './feet-inches';

describe('feet-inches', () => {
  it('writes lengths the way a drawing does', () => {
    expect(formatFeetInches(150)).toBe(`12'-6"`);
    expect(formatFeetInches(150.5)).toBe(`12'-6 1/2"`);
    expect(formatFeetInches(8)).toBe(`0'-8"`);
    expect(formatFeetInches(143.999)).toBe(`12'-0"`);
    expect(formatFeetInches(36.375)).toBe(`3'-0 3/8"`);
  });

  it('adds feet and inches from numbers or numeric strings', () => {
    expect(toInches(12, 6)).toBe(150);
    expect(toInches('10', '')).toBe(120);
    expect(toInches(undefined, null)).toBeUndefined();
  });

  it('treats a length too large for inches as none, and never recurses for ever on one', () => {
    expect(toInches(1e308, 0)).toBeUndefined();
    expect(formatFeetInches(Infinity)).toBe('-');
    expect(formatFeetInches(Number.NaN)).toBe('-');
  });
});
