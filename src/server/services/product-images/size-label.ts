/** A part's size as a dealer reads it on its picture: `36" x 80"`, `16 ft`, `1 3/4"`, from the catalogue's size text. */

/** One length: 36IN / 36 Inch / 36 -> 36", 16FT -> 16 ft, 1 3/4IN -> 1 3/4". */
function lengthWords(text: string, unitWhenBare: 'in' | 'ft'): string {
  const match = /^(\d+(?:\s+\d+\/\d+|\/\d+|\.\d+)?)\s*(IN|INCH|INCHES|"|FT|FEET|')?$/i.exec(text.trim());
  if (!match) return text.trim();
  const [, amount, unit] = match;
  const isFeet = unit ? /^(FT|FEET|')$/i.test(unit) : unitWhenBare === 'ft';
  return isFeet ? `${amount} ft` : `${amount}"`;
}

/**
 * The size label of a part, or undefined when it has none. Width x height pairs ("36x80", "36IN X 100FT") are read as
 * inches unless a unit says otherwise.
 */
export function sizeLabel(size: string | null | undefined): string | undefined {
  const text = size?.trim();
  if (!text) return undefined;
  const pair = text.split(/\s*[xX]\s*/);
  if (pair.length === 2 && pair.every((part) => /^\d/.test(part)))
    return pair.map((part) => lengthWords(part, 'in')).join(' x ');
  return lengthWords(text, 'in');
}
