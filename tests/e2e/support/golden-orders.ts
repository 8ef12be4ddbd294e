/** Golden orders (docs/golden-orders.md) as the browser tests read them: the file format, where they live, how shown values compare. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface GoldenOrder {
  title: string;
  form: string;
  context?: { locations?: Record<string, string>; productLine?: string; prices?: Record<string, number> };
  start?: Record<string, unknown>;
  steps?: ({ set: Record<string, unknown> } | { blur: string })[];
  expect: {
    data?: Record<string, unknown>;
    missing?: string[];
    missingIncludes?: string[];
    missingExcludes?: string[];
    labels?: Record<string, string>;
    errors?: Record<string, string | null>;
    hidden?: string[];
    shown?: string[];
    price?: number | string;
    submit?: { allowed?: boolean };
  };
}

const goldenRoot = path.resolve(import.meta.dirname, '../../golden');

export function readGoldenOrder(file: string): GoldenOrder {
  return JSON.parse(readFileSync(file, 'utf8')) as GoldenOrder;
}

/** A golden order of tests/golden/<folder>/ by file name. */
export function readGolden(folder: string, file: string): GoldenOrder {
  return readGoldenOrder(path.join(goldenRoot, folder, file));
}

/** Golden-order equality: empty is absent/null/"", a number equals its string. */
export function isSameShownValue(shown: unknown, expected: unknown): boolean {
  const isEmpty = (v: unknown) => v === undefined || v === null || v === '';
  if (isEmpty(shown) || isEmpty(expected)) return isEmpty(shown) && isEmpty(expected);
  if (typeof expected === 'boolean' || typeof shown === 'boolean') return String(shown) === String(expected);
  const a = Number(shown);
  const b = Number(expected);
  if (Number.isFinite(a) && Number.isFinite(b) && String(shown).trim() !== '' && String(expected).trim() !== '')
    return a === b;
  return String(shown) === String(expected);
}

/** The differences between a missing list the page shows (path -> label) and the order's missing, missingIncludes, missingExcludes and labels. */
export function diffMissingList(expected: GoldenOrder['expect'], missing: Record<string, string>): string[] {
  const differences: string[] = [];
  if (expected.missing) {
    const shown = Object.keys(missing).sort();
    if (JSON.stringify(shown) !== JSON.stringify([...expected.missing].sort()))
      differences.push(`missing: shows ${JSON.stringify(shown)}, expected ${JSON.stringify(expected.missing)}`);
  }
  for (const fieldPath of expected.missingIncludes ?? [])
    if (!(fieldPath in missing)) differences.push(`missingIncludes: ${fieldPath} not listed`);
  for (const fieldPath of expected.missingExcludes ?? [])
    if (fieldPath in missing) differences.push(`missingExcludes: ${fieldPath} listed`);
  for (const [fieldPath, label] of Object.entries(expected.labels ?? {})) {
    if (missing[fieldPath] !== label)
      differences.push(
        `labels.${fieldPath}: shows ${JSON.stringify(missing[fieldPath])}, expected ${JSON.stringify(label)}`,
      );
  }
  return differences;
}
