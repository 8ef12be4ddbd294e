/** Input normalisation applied when the dealer types (`normalize` rules): upper-casing, stripping, truncation, postal codes. */
import { MAX_PATTERN_INPUT, safeRegExp } from './safe-pattern';
import type { NormalizeStep } from './types';

const CHARACTER_CLASSES: Record<string, string> = {
  letters: 'A-Za-z',
  digits: '0-9',
  spaces: ' ',
  commas: ',',
  dot: '.',
  dash: '\\-',
};

const keepCache = new Map<string, RegExp>();

/** A regex removing everything but the named classes, e.g. 'letters spaces commas' or 'digits dot'. */
export function keepPattern(spec: string): RegExp {
  let regex = keepCache.get(spec);
  if (!regex) {
    const classes = spec
      .split(/[\s,+]+/)
      .filter(Boolean)
      .map((name) => CHARACTER_CLASSES[name] ?? name.replace(/[\]\\^]/g, '\\$&'));
    regex = new RegExp(`[^${classes.join('')}]`, 'g');
    keepCache.set(spec, regex);
  }
  return regex;
}

/** US zip: digits cut to 5; Canadian (contains a letter): 'A1A 1A1' form, cut to 7. Assumes upper-case, no spaces. */
export function formatPostalCode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  if (/[A-Z]/.test(compact)) {
    const code = compact.replace(/[^A-Z0-9]/g, '').slice(0, 6);
    return code.length > 3 ? `${code.slice(0, 3)} ${code.slice(3)}` : code;
  }
  // US zip: digits only, at most 5 (spec 2 §5.1).
  return compact.replace(/\D/g, '').slice(0, 5);
}

/** The names `keep` accepts, for the docs and the meta-schema. */
export const KEEP_CLASSES = Object.keys(CHARACTER_CLASSES);

/** A replace step through the gate (issue 43): a refused pattern, or a text too long to scan, leaves the text as it is. */
function replaced(text: string, pattern: string, flags: string, replacement: string): string {
  const regex = safeRegExp(pattern, flags);
  if (regex === undefined || text.length > MAX_PATTERN_INPUT) return text;
  regex.lastIndex = 0; // a cached sticky pattern must start at the beginning
  return text.replace(regex, replacement);
}

/** Apply the steps in order to a string value; other values pass through. */
export function applyNormalizeSteps(value: unknown, steps: readonly NormalizeStep[]): unknown {
  if (typeof value !== 'string') return value;
  let text = value;
  for (const step of steps) {
    if (step === 'upper') text = text.toUpperCase();
    else if (step === 'lower') text = text.toLowerCase();
    else if (step === 'trim') text = text.trim();
    else if (step === 'stripSpaces') text = text.replace(/\s+/g, '');
    else if (step === 'postalCode') text = formatPostalCode(text);
    else if ('keep' in step) text = text.replace(keepPattern(step.keep), '');
    else if ('maxLength' in step) text = text.slice(0, step.maxLength);
    else if ('replace' in step) text = replaced(text, step.replace, step.flags ?? 'g', step.with);
  }
  return text;
}
