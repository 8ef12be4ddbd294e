/** Order file names: plausible, unique, readable, safe in a URL path and a file system. */
import { randomInt } from 'node:crypto';

// Crockford-style alphabet: no I, L, O, U, so a name read aloud or retyped is not misread.
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Compact UTC stamp `yyyymmddHHMMSS` (spec 1 §3 dateTimeSent: year-month-day then time). */
export function toCompactStamp(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** Four random characters from the unambiguous alphabet. */
export function randomSuffix(length = 4): string {
  let suffix = '';
  for (let i = 0; i < length; i += 1) suffix += alphabet[randomInt(alphabet.length)];
  return suffix;
}

/**
 * `<PREFIX>-<dealer id>-<yyyymmdd>-<HHMMSS>-<4 chars>` in UTC, e.g. `ENG-1001-20250314-153005-K7QX`:
 * the form, who sent it and when are readable at a glance; the suffix keeps two orders in the same second apart.
 */
export function makeOrderFileName(
  prefix: string,
  dealerId: number,
  now: Date = new Date(),
  suffix: string = randomSuffix(),
): string {
  const stamp = toCompactStamp(now);
  return `${prefix}-${dealerId}-${stamp.slice(0, 8)}-${stamp.slice(8)}-${suffix}`;
}
