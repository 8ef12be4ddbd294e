import { describe, expect, it } from 'vitest';
import { describeOptionPrice } from './radio-widget';

describe('describeOptionPrice', () => {
  it("shows each option's live price, 'Error fetching price' when the prices failed, nothing while loading", () => {
    expect(describeOptionPrice({ status: 'ok', prices: { GROUND: 15 } }, 'GROUND')).toBe('$15.00');
    expect(describeOptionPrice({ status: 'ok', prices: {} }, 'NEXT DAY')).toBe('');
    expect(describeOptionPrice({ status: 'error', prices: {} }, 'GROUND')).toBe('Error fetching price');
    expect(describeOptionPrice({ status: 'loading', prices: {} }, 'GROUND')).toBe('');
  });
});
