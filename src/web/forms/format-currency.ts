const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** $1,234.00 for a number; text (such as 'No Price Available') as it is; an em dash for nothing. */
export function formatCurrency(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return dollars.format(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? dollars.format(number) : value;
  }
  return '—';
}
