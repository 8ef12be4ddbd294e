/**
 * What is wrong with a price table file (check:definitions, the workbench's price sheet): apart from price-table.ts so
 * the configurator pages, which only look prices up, carry none of it.
 */
import { roundDimensionUp, type RoundUpTo } from './price-table';

const KEY = /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)$/;

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
