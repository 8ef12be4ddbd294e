import { describe, expect, it } from 'vitest';
import { readShippedDate } from './shipped-date';

describe('readShippedDate', () => {
  it.each([
    ['2024-03-05', '2024-03-05'],
    ['3/5/24', '2024-03-05'],
    ['12/31/99', '1999-12-31'],
    ['1/2/49', '2049-01-02'],
    ['1/2/50', '1950-01-02'],
    ['07/04/2021', '2021-07-04'],
    ['2023-11-02T10:00:00Z', '2023-11-02'],
  ])('reads %s as %s', (text, iso) => {
    expect(readShippedDate(text)).toBe(iso);
  });

  it.each(['', null, undefined, 'TBD', 'shipped w/ next load', '2/30/24', '2024-13-01', '.'])(
    'reads %j as no date',
    (text) => {
      expect(readShippedDate(text)).toBeUndefined();
    },
  );
});
