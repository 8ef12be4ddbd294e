/** Lengths in drawings: inches inside, feet-inches (12'-6 1/2") on paper. */

/** Feet plus inches as inches; undefined when neither is a number. */
export function toInches(feet: unknown, inches: unknown): number | undefined {
  const f = toNumberOrUndefined(feet);
  const i = toNumberOrUndefined(inches);
  if (f === undefined && i === undefined) return undefined;
  const total = (f ?? 0) * 12 + (i ?? 0);
  // 1e308 feet is a finite number but not in inches: treat it as no length rather than draw Infinity.
  return Number.isFinite(total) ? total : undefined;
}

/** A number from a number or a numeric string; undefined otherwise. */
export function toNumberOrUndefined(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** 150 -> 12'-6", 150.5 -> 12'-6 1/2", 8 -> 0'-8"; rounded to the nearest 1/8 inch. */
export function formatFeetInches(totalInches: number): string {
  if (!Number.isFinite(totalInches)) return '-'; // gcd below would recurse for ever on NaN
  const eighths = Math.round(Math.max(0, totalInches) * 8);
  const feet = Math.floor(eighths / 96);
  const restEighths = eighths - feet * 96;
  const wholeInches = Math.floor(restEighths / 8);
  const fraction = restEighths % 8;
  const divisor = fraction === 0 ? 1 : gcd(fraction, 8);
  const fractionText = fraction === 0 ? '' : ` ${fraction / divisor}/${8 / divisor}`;
  return `${feet}'-${wholeInches}${fractionText}"`;
}
