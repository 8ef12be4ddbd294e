import { describe, expect, it } from 'vitest';
import { addLine, countItems, removeLine, type GlassLine, type PartLine } from './cart-lines';

const hinge: PartLine = { partNumber: 'HW-560-WH', quantity: 1, partDescription: 'continuous hinge', price: 47 };
const screw: PartLine = { partNumber: 'FA-100', quantity: 2, partDescription: 'screws', price: 9 };

describe('cart lines', () => {
  it('adds a new part as a line and raises the quantity of a part already in the cart', () => {
    const once = addLine([], hinge);
    expect(once).toEqual([hinge]);
    const twice = addLine(addLine(once, screw), { ...hinge, quantity: 3 });
    expect(twice.map((line) => [line.partNumber, line.quantity])).toEqual([
      ['HW-560-WH', 4],
      ['FA-100', 2],
    ]);
    expect(countItems(twice)).toBe(6);
  });

  it('removes the chosen line only', () => {
    expect(removeLine([hinge, screw], 0)).toEqual([screw]);
  });

  it('merges identical glass pieces; a rectangle ignores the right side', () => {
    const piece: GlassLine = {
      glassShape: 'Left High',
      leftSideInches: 31,
      bottomSideInches: 41,
      rightSideInches: 20,
      quantity: 1,
    };
    expect(addLine([piece], { ...piece })[0].quantity).toBe(2);
    expect(addLine([piece], { ...piece, rightSideInches: 21 })).toHaveLength(2);
    const square: GlassLine = {
      glassShape: 'Rectangular',
      leftSideInches: 12,
      bottomSideInches: 16,
      rightSideInches: 12,
      quantity: 1,
    };
    expect(addLine([square], { ...square, rightSideInches: 0 })).toHaveLength(1);
  });
});
