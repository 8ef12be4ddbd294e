/**
 * The semantic diff (GET .../diff) in words a product person reads: "rule validate:skyviewLength: message changed",
 * "price pergola-fixed-attached 12x14: $8,830 → $8,900". Pure, so the overview, the publish tab and a unit test share it.
 */
import type { FormDiff, TreeDiff } from '../../../../contracts/definition-versions';

export interface DiffLine {
  text: string;
  tone: 'added' | 'removed' | 'changed';
}

export interface PriceRowChange {
  table: string;
  /** "<length>x<width>" */
  row: string;
  from: number | null;
  to: number | null;
}

export interface FormChanges {
  form: string;
  status: FormDiff['status'];
  lines: DiffLine[];
  prices: PriceRowChange[];
}

/** A rule key as staff call it. */
const ruleKeyNames: Record<string, string> = {
  when: 'condition',
  test: 'test',
  message: 'message',
  value: 'value',
  description: 'description',
  path: 'field',
  paths: 'fields',
  options: 'options',
  min: 'minimum',
  max: 'maximum',
  then: 'actions',
  spec: 'spec reference',
};

function listWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

function quoted(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  return typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** A price as the price book shows it: $8,830. */
export function formatPrice(value: number | null | undefined): string {
  return typeof value === 'number' ? usd.format(value) : '(none)';
}

/** Each change of one form, in words; price rows kept apart for a table. */
export function describeFormDiff(diff: FormDiff): FormChanges {
  const lines: DiffLine[] = [];
  const kindOf = (kind?: string) => (kind ? ` (${kind})` : '');
  for (const rule of diff.rules.added) lines.push({ text: `rule ${rule.id}${kindOf(rule.kind)} added`, tone: 'added' });
  for (const rule of diff.rules.removed)
    lines.push({ text: `rule ${rule.id}${kindOf(rule.kind)} removed`, tone: 'removed' });
  for (const rule of diff.rules.changed) {
    const keys = rule.keys.map((key) => ruleKeyNames[key] ?? key);
    const what = keys.length > 0 ? `${listWords(keys)} changed` : 'changed';
    lines.push({ text: `rule ${rule.id} ${what}`, tone: 'changed' });
  }
  for (const label of diff.labels) {
    const where = label.source === 'labels' ? 'label' : label.source === 'schema' ? 'title' : 'page title';
    lines.push({ text: `${where} of ${label.path}: ${quoted(label.from)} → ${quoted(label.to)}`, tone: 'changed' });
  }
  for (const option of diff.options) {
    const parts = [
      option.added.length > 0 ? `added ${listWords(option.added.map(quoted))}` : '',
      option.removed.length > 0 ? `removed ${listWords(option.removed.map(quoted))}` : '',
    ].filter(Boolean);
    lines.push({ text: `choices of ${option.path}: ${parts.join('; ')}`, tone: 'changed' });
  }
  for (const table of diff.priceTables) {
    const what =
      table.change === 'settings' ? 'rounding or unit changed' : table.change === 'added' ? 'added' : 'removed';
    lines.push({
      text: `price table ${table.table} ${what}`,
      tone: table.change === 'settings' ? 'changed' : table.change,
    });
  }
  for (const order of diff.goldenOrders.added)
    lines.push({ text: `golden order "${order.title}" added`, tone: 'added' });
  for (const order of diff.goldenOrders.changed)
    lines.push({ text: `golden order "${order.title}" changed`, tone: 'changed' });
  for (const order of diff.goldenOrders.removed)
    lines.push({ text: `golden order "${order.title}" removed`, tone: 'removed' });
  if (diff.other.length > 0) lines.push({ text: `also changed: ${listWords(diff.other)}`, tone: 'changed' });
  return { form: diff.form, status: diff.status, lines, prices: diff.prices };
}

/** How many changes a diff holds, in one line: "2 forms changed: 3 rules, 12 prices, 1 golden order". */
export function summarizeDiff(diff: TreeDiff): string {
  const count = (pick: (form: FormDiff) => number) => diff.forms.reduce((sum, form) => sum + pick(form), 0);
  const rules = count((f) => f.rules.added.length + f.rules.removed.length + f.rules.changed.length);
  const prices = count((f) => f.prices.length + f.priceTables.length);
  const labels = count((f) => f.labels.length + f.options.length);
  const golden = count(
    (f) => f.goldenOrders.added.length + f.goldenOrders.removed.length + f.goldenOrders.changed.length,
  );
  const parts = [
    rules ? `${rules} rule${rules === 1 ? '' : 's'}` : '',
    prices ? `${prices} price${prices === 1 ? '' : 's'}` : '',
    labels ? `${labels} label${labels === 1 ? '' : 's'} or choice${labels === 1 ? '' : 's'}` : '',
    golden ? `${golden} golden order${golden === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  const files = diff.files.added.length + diff.files.removed.length + diff.files.changed.length;
  if (diff.forms.length === 0)
    return files === 0 ? 'No changes' : `${files} file${files === 1 ? '' : 's'} changed, no form affected`;
  const forms = `${diff.forms.length} form${diff.forms.length === 1 ? '' : 's'} changed`;
  return parts.length > 0 ? `${forms}: ${parts.join(', ')}` : forms;
}
