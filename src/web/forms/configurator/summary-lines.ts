import type { CompiledDefinition } from '../../../engine';

/** One line of the summary: what the dealer reads and the chosen value. */
export interface SummaryLine {
  path: string;
  label: string;
  value: string;
}

// Page bookkeeping, and the special instructions (the summary shows them as their own five lines).
const notListed = /^(selectedImages|selectedButtonIndex)(ERL|ERR|ERF)?\.|^currentCADImagesFiles|^additionalInfo\./;

/**
 * The summary's 'These are your selections:' (spec 2 §2.4): every value of the payload that has one, labelled
 * and valued as the definition labels them (an enum value by its title: layout '1' is '1 Wall'), in the payload's order.
 */
export function listSummaryLines(definition: Pick<CompiledDefinition, 'labelOf' | 'valueLabelOf'>, payload: Record<string, unknown>): SummaryLine[] {
  const lines: SummaryLine[] = [];
  const visit = (value: unknown, path: string) => {
    if (value === null || value === undefined || value === '') return;
    if (Array.isArray(value)) return value.forEach((item, index) => visit(item, `${path}.${index}`));
    if (typeof value === 'object') {
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) visit(item, path ? `${path}.${key}` : key);
      return;
    }
    if (notListed.test(path)) return;
    lines.push({ path, label: definition.labelOf(path), value: definition.valueLabelOf(path, value) });
  };
  visit(payload, '');
  return lines;
}

/**
 * The definition's own summary (a computed `summarySelections` of [label, value] pairs, spec 3 §2), without empty
 * values; null when the definition computes none.
 */
export function readSummarySelections(selections: unknown): SummaryLine[] | null {
  if (!Array.isArray(selections)) return null;
  return selections
    .filter((pair): pair is [unknown, unknown] => Array.isArray(pair) && pair.length >= 2 && pair[1] !== null && pair[1] !== undefined && pair[1] !== '')
    .map(([label, value]) => ({ path: String(label), label: String(label), value: String(value) }));
}
