import { describe, expect, it } from 'vitest';
import { formatCurrency } from './format-currency';

describe('formatCurrency', () => {
  it('shows dollars and cents, text as it is, and a dash for nothing', () => {
    expect(formatCurrency(1234)).toBe('$1,234.00');
    expect(formatCurrency('149')).toBe('$149.00');
    expect(formatCurrency('No Price Available')).toBe('No Price Available');
    expect(formatCurrency(null)).toBe('—');
  });
});
