/** A calendar day, month 1-12. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const isoDatePattern = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/;
const slashDatePattern = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:\s.*)?$/;
const compactStampPattern = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?$/;

/** Spec 1 §5: two-digit years below 50 are 20xx, the others 19xx. */
export function expandTwoDigitYear(year: number): number {
  if (year >= 100) return year;
  return year < 50 ? 2000 + year : 1900 + year;
}

/**
 * Reads an order date as the server sends it: yyyy-mm-dd (optionally with a time), m/d/yy or m/d/yyyy,
 * or any other text the browser's Date can read. Null when it is empty or not a real day.
 */
export function parseOrderDate(value: unknown): CalendarDay | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  const iso = isoDatePattern.exec(text);
  if (iso) return toCalendarDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const slash = slashDatePattern.exec(text);
  if (slash) return toCalendarDay(expandTwoDigitYear(Number(slash[3])), Number(slash[1]), Number(slash[2]));
  const compact = compactStampPattern.exec(text);
  if (compact) return toCalendarDay(Number(compact[1]), Number(compact[2]), Number(compact[3]));
  // V8 reads almost anything ("TBD 2" is a 2001 date): other text must name a month and a 4-digit year.
  if (!/[a-z]{3}/i.test(text) || !/\b\d{4}\b/.test(text)) return null;
  const parsed = new Date(text);
  if (Number.isNaN(parsed.getTime())) return null;
  return { year: parsed.getFullYear(), month: parsed.getMonth() + 1, day: parsed.getDate() };
}

/** A number that sorts days in order (yyyymmdd), or null for an undated value. */
export function toDateSortKey(value: unknown): number | null {
  const day = parseOrderDate(value);
  return day ? day.year * 10_000 + day.month * 100 + day.day : null;
}

/** Whole days from `value` to `now` (local calendar days); null when the value is not a date. */
export function daysSince(value: unknown, now: Date): number | null {
  const day = parseOrderDate(value);
  if (!day) return null;
  const then = Date.UTC(day.year, day.month - 1, day.day);
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((today - then) / 86_400_000);
}

function toCalendarDay(year: number, month: number, day: number): CalendarDay | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return { year, month, day };
}
