import { describe, expect, it } from 'vitest';
import { describePrice } from './price-display';

describe('describePrice', () => {
  it('shows a number as US dollars', () => {
    expect(describePrice(14410)).toEqual({ text: '$14,410.00', isOutsidePriceBook: false });
    expect(describePrice(1234.5)).toEqual({ text: '$1,234.50', isOutsidePriceBook: false });
  });

  it('shows the outside-the-book answer as the definition words it', () => {
    expect(describePrice('No Price Available ... Outside Price Book')).toEqual({
      text: 'No Price Available ... Outside Price Book',
      isOutsidePriceBook: true,
    });
  });

  it('shows nothing until the order can be priced', () => {
    expect(describePrice(null)).toBeNull();
    expect(describePrice(undefined)).toBeNull();
  });
});
