import { parseOrderDate } from './parse-order-date';

const compactStampPattern = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?$/;

// One formatter per locale: building an Intl formatter is far slower than using one (100,000 history rows).
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const stampFormats = new Map<string, Intl.DateTimeFormat>();

function cached(
  cache: Map<string, Intl.DateTimeFormat>,
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
) {
  const key = locale ?? '';
  let format = cache.get(key);
  if (!format) {
    // Days are wall-clock days: formatting them in UTC never shifts one across midnight.
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    cache.set(key, format);
  }
  return format;
}

/**
 * An order date in the dealer's locale with the month in words ("Oct 24, 2026" in en-US, "24 Oct 2026" in en-GB), so
 * yyyy-mm-dd and m/d/yy dates read alike and no day/month order is ambiguous. Text that is not a date is shown as it is.
 */
export function formatOrderDate(value: unknown, locale?: string): string {
  const day = parseOrderDate(value);
  if (!day) return typeof value === 'string' ? value.trim() : '';
  const format = cached(dayFormats, locale, { year: 'numeric', month: 'short', day: 'numeric' });
  return format.format(Date.UTC(day.year, day.month - 1, day.day));
}

/** A compact stamp (yyyymmddHHMM[SS], the sender's wall clock) as a day and time in the dealer's locale. */
export function formatOrderStamp(stamp: string, locale?: string): string {
  const match = compactStampPattern.exec(stamp.trim());
  if (!match) return formatOrderDate(stamp, locale);
  const [, year, month, day, hour, minute] = match.map(Number);
  const format = cached(stampFormats, locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return format.format(Date.UTC(year, month - 1, day, hour, minute));
}

/** yyyy-mm-dd for a date (what a spreadsheet reads as a date in any locale); other text as it is. */
export function toIsoDay(value: unknown): string {
  const day = parseOrderDate(value);
  if (!day) return typeof value === 'string' ? value.trim() : '';
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${day.year}-${pad(day.month)}-${pad(day.day)}`;
}
