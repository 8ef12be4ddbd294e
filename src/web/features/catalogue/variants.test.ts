import { describe, expect, it } from 'vitest';
import type { CataloguePart } from './api/catalogue-parts';
import {
  chooseVariant,
  findVariant,
  groupVariants,
  optionsOf,
  showDoorIdentifier,
  showTransomCategory,
  swatchName,
} from './variants';

const door = (partNumber: string, identifier: string, lockset: string, color: string, style = '2 Inch') =>
  ({ partNumber, identifier, lockset, color, secondCategory: style }) as CataloguePart;

const doors = [
  door('A', '35inx80in', 'Standard Lockset', 'WHITE'),
  door('B', '35inx80in', 'Keyed Deadbolt', 'WHITE'),
  door('C', '43inx86in', 'Keyed Deadbolt', 'BRONZE'),
  door('D', '36inx80in', 'Standard Lockset', 'WHITE', '206'),
];
const fields = ['identifier', 'lockset', 'color'] as const;

describe('catalogue variants', () => {
  it('shows door identifiers 35inx80in and 43inx86in as 36inx80in and 42inx86in, 406 Temp as 406 IG, swatches in lowercase', () => {
    expect(['35inx80in', '43inx86in', '36inx80in'].map(showDoorIdentifier)).toEqual([
      '36inx80in',
      '42inx86in',
      '36inx80in',
    ]);
    expect(showTransomCategory('406 Temp')).toBe('406 IG');
    expect(showTransomCategory('206 Temp')).toBe('206 Temp');
    expect(swatchName('Sand Stone-2')).toBe('sandstone2');
  });

  it('groups cards, offers the values present and finds the chosen variant', () => {
    const groups = groupVariants(doors, (part) => String(part.secondCategory));
    expect(groups.map((group) => [group.key, group.variants.length])).toEqual([
      ['2 Inch', 3],
      ['206', 1],
    ]);
    const inch2 = groups[0].variants;
    expect(optionsOf(inch2, 'lockset')).toEqual(['Standard Lockset', 'Keyed Deadbolt']);
    expect(
      findVariant(inch2, fields, { identifier: '35inx80in', lockset: 'Keyed Deadbolt', color: 'WHITE' })?.partNumber,
    ).toBe('B');
  });

  it('moves to the closest existing variant when a choice has no exact match', () => {
    const inch2 = doors.slice(0, 3);
    expect(
      chooseVariant(
        inch2,
        fields,
        { identifier: '35inx80in', lockset: 'Keyed Deadbolt', color: 'WHITE' },
        'identifier',
        '43inx86in',
      ),
    ).toEqual({
      identifier: '43inx86in',
      lockset: 'Keyed Deadbolt',
      color: 'BRONZE',
    });
  });
});
