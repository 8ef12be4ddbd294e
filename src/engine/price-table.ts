/**
 * Price tables (definitions/prices/**): prices keyed by "<length>x<width>", with the rounding each table needs
 * (spec 1 §9: even or odd sizes, deck width to a multiple of 4 and length to a multiple of 2). Pure data in,
 * numbers out: the `priceTable` operator, the explanations and the static checks (price-table-problems.ts, a module of
 * its own so the pages that only price carry none of its messages) use these functions.
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
