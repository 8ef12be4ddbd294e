/**
 * Price tables (definitions/prices/**): prices keyed by "<length>x<width>", with the rounding each table needs
 * (spec 1 §9: even or odd sizes, deck width to a multiple of 4 and length to a multiple of 2). Pure data in,
 * numbers out: the `priceTable` operator and the static checks both use these functions.
 */

/** How one dimension is rounded up before the lookup: to an even or odd whole number, to a whole number, or to a multiple. */
export type RoundUpTo = 'even' | 'odd' | 'whole' | number;

/** One price table file (`"kind": "price-table"`). */
export interface PriceTable {
  kind: 'price-table';
  description?: string;
  /** True while the table is demo data, not the manufacturer's price book. */
  isDemoData?: boolean;
  /** Unit of the dimensions and keys: feet (default) or inches (the Solarium). */
  unit?: 'feet' | 'inches';
  length: { roundUpTo: RoundUpTo };
  width: { roundUpTo: RoundUpTo };
  /** Roof density the prices include (the roof density adjustment is counted from it). */
  baseDensity?: string;
  /** US dollars by "<length>x<width>" in the table's unit, after rounding. */
  prices: Record<string, number>;
}

/** What a lookup finds: the price and the rounded size it was found under (in the table's unit). */
export interface PriceLookup {
  price: number;
  length: number;
  width: number;
  /** Rounded length in feet and area in square feet, whatever the table's unit. */
  lengthFeet: number;
  areaSquareFeet: number;
}

const KEY = /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)$/;

/** Whether a data file is a price table (it says `"kind": "price-table"`). */
export function isPriceTable(value: unknown): value is PriceTable {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    (value as { kind?: unknown }).kind === 'price-table'
  );
}

/**
 * Round a dimension up as the table asks: 'even' 10.2 -> 12, 'odd' 10.2 -> 11, 'whole' 10.2 -> 11, 4 -> next multiple of 4.
 * Float noise from inches / 12 is ignored (120 in / 12 stays 10). Null for no positive number.
 */
export function roundDimensionUp(value: number, rule: RoundUpTo): number | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  const clean = Math.round(value * 1e6) / 1e6;
  if (typeof rule === 'number') return Math.ceil(clean / rule) * rule;
  const whole = Math.ceil(clean);
  if (rule === 'even') return whole % 2 === 0 ? whole : whole + 1;
  if (rule === 'odd') return whole % 2 === 1 ? whole : whole + 1;
  return whole;
}

/** Look a size up in a table: null when a dimension is missing or the rounded size is not in the table (outside the price book). */
export function lookupPrice(table: PriceTable, length: unknown, width: unknown): PriceLookup | null {
  const l =
    typeof length === 'number' ? length : typeof length === 'string' && length.trim() !== '' ? Number(length) : NaN;
  const w = typeof width === 'number' ? width : typeof width === 'string' && width.trim() !== '' ? Number(width) : NaN;
  const roundedLength = roundDimensionUp(l, table.length?.roundUpTo ?? 'whole');
  const roundedWidth = roundDimensionUp(w, table.width?.roundUpTo ?? 'whole');
  if (roundedLength === null || roundedWidth === null) return null;
  const price = table.prices?.[`${roundedLength}x${roundedWidth}`];
  if (typeof price !== 'number' || !Number.isFinite(price)) return null;
  const toFeet = table.unit === 'inches' ? 1 / 12 : 1;
  return {
    price,
    length: roundedLength,
    width: roundedWidth,
    lengthFeet: roundedLength * toFeet,
    areaSquareFeet: roundedLength * toFeet * roundedWidth * toFeet,
  };
}

function isValidRounding(rule: unknown): boolean {
  return (
    rule === 'even' ||
    rule === 'odd' ||
    rule === 'whole' ||
    (typeof rule === 'number' && Number.isFinite(rule) && rule > 0)
  );
}

/** Whether a rounded size can ever land on this key (an odd length in an 'even' table never can). */
function isReachable(value: number, rule: RoundUpTo): boolean {
  return roundDimensionUp(value, rule) === value;
}

/**
 * Everything wrong with a price table, as JSON paths inside its file and reasons: the kind, unit and rounding keys,
 * keys that are not "<length>x<width>", keys no rounded size can reach, and prices that are not non-negative numbers.
 */
export function findPriceTableProblems(table: unknown): { path: string; reason: string }[] {
  const problems: { path: string; reason: string }[] = [];
  if (table === null || typeof table !== 'object' || Array.isArray(table))
    return [{ path: '/', reason: 'a price table must be a JSON object' }];
  const t = table as Record<string, unknown>;
  if (t.kind !== 'price-table') problems.push({ path: '/kind', reason: 'must be "price-table"' });
  if (t.unit !== undefined && t.unit !== 'feet' && t.unit !== 'inches')
    problems.push({ path: '/unit', reason: 'must be "feet" or "inches"' });
  if (t.baseDensity !== undefined && typeof t.baseDensity !== 'string')
    problems.push({ path: '/baseDensity', reason: 'must be a roof density text' });
  const rounding: Partial<Record<'length' | 'width', RoundUpTo>> = {};
  for (const axis of ['length', 'width'] as const) {
    const spec = t[axis] as { roundUpTo?: unknown } | undefined;
    if (spec === null || typeof spec !== 'object' || Array.isArray(spec))
      problems.push({
        path: `/${axis}`,
        reason: 'must be an object {"roundUpTo": "even" | "odd" | "whole" | a positive number}',
      });
    else if (!isValidRounding(spec.roundUpTo))
      problems.push({
        path: `/${axis}/roundUpTo`,
        reason: 'must be "even", "odd", "whole" or a positive number (a multiple)',
      });
    else rounding[axis] = spec.roundUpTo as RoundUpTo;
  }
  const prices = t.prices;
  if (prices === null || typeof prices !== 'object' || Array.isArray(prices)) {
    problems.push({ path: '/prices', reason: 'must be an object of "<length>x<width>": price' });
    return problems;
  }
  const entries = Object.entries(prices as Record<string, unknown>);
  if (entries.length === 0) problems.push({ path: '/prices', reason: 'has no prices' });
  for (const [key, price] of entries) {
    const at = `/prices/${key}`;
    const match = KEY.exec(key);
    if (!match) {
      problems.push({ path: at, reason: `key "${key}" is not "<length>x<width>" (e.g. "12x16")` });
      continue;
    }
    if (typeof price !== 'number' || !Number.isFinite(price) || price < 0)
      problems.push({
        path: at,
        reason: `price must be a number of dollars, at least 0 (got ${JSON.stringify(price)})`,
      });
    if (rounding.length !== undefined && !isReachable(Number(match[1]), rounding.length))
      problems.push({
        path: at,
        reason: `length ${match[1]} is never looked up: lengths are rounded up to ${describeRounding(rounding.length)}`,
      });
    if (rounding.width !== undefined && !isReachable(Number(match[2]), rounding.width))
      problems.push({
        path: at,
        reason: `width ${match[2]} is never looked up: widths are rounded up to ${describeRounding(rounding.width)}`,
      });
  }
  return problems;
}

function describeRounding(rule: RoundUpTo): string {
  return typeof rule === 'number' ? `a multiple of ${rule}` : rule === 'whole' ? 'a whole number' : `an ${rule} number`;
}
