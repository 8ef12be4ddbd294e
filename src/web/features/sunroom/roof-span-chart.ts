/** Roof load (lb/sq ft) -> maximum spans in inches of the first and second 4 1/4" options (the definition's spanLimits). */
export type SpanLimits = Record<string, [number, number]>;

export interface RoofSpanRow {
  load: number;
  /** 4 1/4" 0.024 1 pound, 4 1/4" 0.032 1 pound, as feet-inches text. */
  spans: [string, string];
}

/** 203 -> 16'-11". */
export function formatFeetInches(inches: number): string {
  return `${Math.floor(inches / 12)}'-${inches % 12}"`;
}

/**
 * The Roof Span Chart (spec 2 §9): snow loads 10 to 40, lightest first, with each option's maximum span; screen
 * rooms span 1 inch less.
 */
export function buildRoofSpanChart(limits: SpanLimits | undefined, isScreenRoom: boolean): RoofSpanRow[] {
  const less = isScreenRoom ? 1 : 0;
  return Object.entries(limits ?? {})
    .map(([load, [first, second]]) => ({ load: Number(load), spans: [formatFeetInches(first - less), formatFeetInches(second - less)] as [string, string] }))
    .filter((row) => Number.isFinite(row.load))
    .sort((a, b) => a.load - b.load);
}
