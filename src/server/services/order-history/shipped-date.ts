/** Reading history's dateShipped, which comes as yyyy-mm-dd, m/d/yy (or m/d/yyyy) or other text (spec 1 §3). */

function toIso(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/**
 * The date as yyyy-mm-dd, or undefined when the text is no date (those rows sort last). Two-digit years below 50
 * are 20xx, the others 19xx (spec 1 §5).
 */
export function readShippedDate(text: string | null | undefined): string | undefined {
  const value = text?.trim() ?? '';
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(value);
  if (match) return toIso(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(value);
  if (match) {
    const raw = Number(match[3]);
    const year = match[3].length === 4 ? raw : raw < 50 ? 2000 + raw : 1900 + raw;
    return toIso(year, Number(match[1]), Number(match[2]));
  }
  return undefined;
}
