import os from 'node:os';

/** p50 / p95 / mean of one figure over every key of every run. */
export interface Summary {
  p50: number;
  p95: number;
  mean: number;
  max: number;
  count: number;
}

/** Nearest-rank quantiles (the value at ceil(q·n)), so p95 of 200 keys is the 190th smallest. */
export function summarise(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  const mean = sorted.reduce((sum, v) => sum + v, 0) / (sorted.length || NaN);
  return { p50: at(0.5), p95: at(0.95), mean, max: sorted.at(-1) ?? NaN, count: sorted.length };
}

/** `28.1 / 44.0 / 29.3` (p50 / p95 / mean, ms). */
export function formatSummary(summary: Summary): string {
  if (summary.count === 0) return '—';
  return `${summary.p50.toFixed(1)} / ${summary.p95.toFixed(1)} / ${summary.mean.toFixed(1)}`;
}

/**
 * Event Timing reports only events of 16 ms or more (its lowest threshold), so a key without an entry took less.
 * Quantiles count such keys as 0 and show them as `<16`; the mean counts them as 16, so it is an upper bound (≤).
 */
export function formatEventTiming(perKey: readonly (number | null)[]): string {
  if (perKey.length === 0) return '—';
  const reported = perKey.filter((value): value is number => value !== null);
  const quantiles = summarise(perKey.map((value) => value ?? -1));
  const show = (value: number) => (value < 0 ? '<16' : value.toFixed(1));
  const mean = summarise(perKey.map((value) => value ?? 16)).mean;
  const bound = reported.length < perKey.length ? '≤' : '';
  return `${show(quantiles.p50)} / ${show(quantiles.p95)} / ${bound}${mean.toFixed(1)} (${reported.length}/${perKey.length} ≥16)`;
}

/** The 1, 5 and 15 minute load averages, as `uptime` prints them. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

/** Lays rows out in aligned columns (the first row is the header). */
export function formatTable(rows: readonly (readonly string[])[]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ')).join('\n');
}
