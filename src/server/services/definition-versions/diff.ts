/**
 * Semantic diff between two definition trees, per form, on the merged bundles (what the page and the server run):
 * rules added/removed/changed by id (with the keys that changed), labels, options, price table rows, golden orders;
 * and the files added, removed and changed. `formatDiff` writes it as text for the CLI.
 */
import { isPriceTable } from '../../../engine/index';
import type { CompiledTree } from './compile';
import { goldenPrefix, type TreeFiles } from './tree';

export interface RuleChange {
  id: string;
  kind?: string;
  keys: string[];
}

export interface LabelChange {
  path: string;
  /** Where the label lives: rules.json `labels`, a schema `title`, a ui `ui:title`. */
  source: 'labels' | 'schema' | 'ui';
  from: string | null;
  to: string | null;
}

export interface OptionChange {
  path: string;
  added: unknown[];
  removed: unknown[];
}

export interface PriceChange {
  table: string;
  row: string;
  from: number | null;
  to: number | null;
}

export interface GoldenOrderChange {
  path: string;
  title: string;
}

export interface FormDiff {
  form: string;
  status: 'added' | 'removed' | 'changed';
  rules: { added: RuleChange[]; removed: RuleChange[]; changed: RuleChange[] };
  labels: LabelChange[];
  options: OptionChange[];
  prices: PriceChange[];
  /** Price tables added or removed as a whole, or whose settings (rounding, unit) changed. */
  priceTables: { table: string; change: 'added' | 'removed' | 'settings' }[];
  goldenOrders: { added: GoldenOrderChange[]; removed: GoldenOrderChange[]; changed: GoldenOrderChange[] };
  /** Other parts of the bundle that changed (schema, ui, constants, conditions, payload, price, submit, data). */
  other: string[];
}

export interface TreeDiff {
  files: { added: string[]; removed: string[]; changed: string[] };
  forms: FormDiff[];
}

interface Side {
  tree: TreeFiles;
  compiled: CompiledTree;
}

type Json = Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function ruleKey(rule: Json, index: number): string {
  return typeof rule.id === 'string' ? rule.id : `${String(rule.kind ?? 'rule')}#${index}`;
}

function diffRules(before: Json[], after: Json[]): FormDiff['rules'] {
  const a = new Map(before.map((rule, i) => [ruleKey(rule, i), rule]));
  const b = new Map(after.map((rule, i) => [ruleKey(rule, i), rule]));
  const info = (id: string, rule: Json, keys: string[] = []): RuleChange => ({
    id,
    ...(typeof rule.kind === 'string' ? { kind: rule.kind } : {}),
    keys,
  });
  const added = [...b].filter(([id]) => !a.has(id)).map(([id, rule]) => info(id, rule));
  const removed = [...a].filter(([id]) => !b.has(id)).map(([id, rule]) => info(id, rule));
  const changed: RuleChange[] = [];
  for (const [id, rule] of b) {
    const old = a.get(id);
    if (!old || same(old, rule)) continue;
    const keys = [...new Set([...Object.keys(old), ...Object.keys(rule)])]
      .filter((key) => !same(old[key], rule[key]))
      .sort();
    changed.push(info(id, rule, keys));
  }
  return { added, removed, changed };
}

/** Walks a JSON Schema: title and offered values per field path (array items as `path.*`). */
function walkSchema(schema: unknown, at: string, titles: Map<string, string>, options: Map<string, unknown[]>): void {
  if (!isObject(schema)) return;
  if (at && typeof schema.title === 'string') titles.set(at, schema.title);
  const values = Array.isArray(schema.enum)
    ? schema.enum
    : (
        [schema.oneOf, schema.anyOf].find(
          (list) => Array.isArray(list) && list.every((item) => isObject(item) && 'const' in item),
        ) as Json[] | undefined
      )?.map((item) => item.const);
  if (at && values) options.set(at, values);
  if (isObject(schema.properties))
    for (const [key, child] of Object.entries(schema.properties))
      walkSchema(child, at ? `${at}.${key}` : key, titles, options);
  if (schema.items) walkSchema(schema.items, `${at}.*`, titles, options);
  for (const key of ['definitions', '$defs'])
    if (isObject(schema[key]))
      for (const [name, child] of Object.entries(schema[key])) walkSchema(child, `#${name}`, titles, options);
}

function walkUi(ui: unknown, at: string, titles: Map<string, string>): void {
  if (!isObject(ui)) return;
  if (at && typeof ui['ui:title'] === 'string') titles.set(at, ui['ui:title']);
  for (const [key, child] of Object.entries(ui))
    if (!key.startsWith('ui:')) walkUi(child, at ? `${at}.${key}` : key, titles);
  if (isObject(ui.items)) walkUi(ui.items, `${at}.*`, titles);
}

function diffMaps(source: LabelChange['source'], a: Map<string, string>, b: Map<string, string>): LabelChange[] {
  const out: LabelChange[] = [];
  for (const key of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const from = a.get(key) ?? null;
    const to = b.get(key) ?? null;
    if (from !== to) out.push({ path: key, source, from, to });
  }
  return out;
}

function diffOptions(a: Map<string, unknown[]>, b: Map<string, unknown[]>): OptionChange[] {
  const out: OptionChange[] = [];
  for (const key of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const before = a.get(key) ?? [];
    const after = b.get(key) ?? [];
    const added = after.filter((v) => !before.some((w) => same(v, w)));
    const removed = before.filter((v) => !after.some((w) => same(v, w)));
    if (added.length > 0 || removed.length > 0) out.push({ path: key, added, removed });
  }
  return out;
}

function diffPrices(
  dataA: Json,
  dataB: Json,
): { prices: PriceChange[]; priceTables: FormDiff['priceTables']; otherData: string[] } {
  const prices: PriceChange[] = [];
  const priceTables: FormDiff['priceTables'] = [];
  const otherData: string[] = [];
  for (const name of [...new Set([...Object.keys(dataA), ...Object.keys(dataB)])].sort()) {
    const a = dataA[name];
    const b = dataB[name];
    if (same(a, b)) continue;
    const tableA = isPriceTable(a) ? a : undefined;
    const tableB = isPriceTable(b) ? b : undefined;
    if (!tableA && !tableB) {
      otherData.push(`data.${name}`);
      continue;
    }
    if (!tableA || !tableB) {
      priceTables.push({ table: name, change: tableA ? 'removed' : 'added' });
      continue;
    }
    const rowsA = tableA.prices;
    const rowsB = tableB.prices;
    for (const row of [...new Set([...Object.keys(rowsA), ...Object.keys(rowsB)])]) {
      const from = rowsA[row] ?? null;
      const to = rowsB[row] ?? null;
      if (from !== to) prices.push({ table: name, row, from, to });
    }
    const { prices: _a, description: _da, ...settingsA } = tableA as unknown as Json;
    const { prices: _b, description: _db, ...settingsB } = tableB as unknown as Json;
    if (!same(settingsA, settingsB)) priceTables.push({ table: name, change: 'settings' });
  }
  return { prices, priceTables, otherData };
}

function orderInfo(tree: TreeFiles, treePath: string): { form?: string; title: string } {
  try {
    const order = JSON.parse(tree.contents.get(tree.manifest[treePath]) ?? '') as { form?: unknown; title?: unknown };
    return {
      form: typeof order.form === 'string' ? order.form : undefined,
      title: typeof order.title === 'string' ? order.title : '',
    };
  } catch {
    return { title: '' };
  }
}

/** The golden-order folder's form when the file names none (not JSON): tests/golden/<form>/... */
function formFromPath(treePath: string): string {
  return treePath.slice(goldenPrefix.length).split('/')[0];
}

function emptyFormDiff(form: string, status: FormDiff['status']): FormDiff {
  return {
    form,
    status,
    rules: { added: [], removed: [], changed: [] },
    labels: [],
    options: [],
    prices: [],
    priceTables: [],
    goldenOrders: { added: [], removed: [], changed: [] },
    other: [],
  };
}

function isEmpty(diff: FormDiff): boolean {
  const { rules, goldenOrders } = diff;
  return (
    diff.status === 'changed' &&
    rules.added.length + rules.removed.length + rules.changed.length === 0 &&
    diff.labels.length + diff.options.length + diff.prices.length + diff.priceTables.length + diff.other.length === 0 &&
    goldenOrders.added.length + goldenOrders.removed.length + goldenOrders.changed.length === 0
  );
}

/** The semantic diff from one tree to another (both compiled; a form that does not compile is compared as absent). */
export function diffTrees(from: Side, to: Side): TreeDiff {
  const a = from.tree.manifest;
  const b = to.tree.manifest;
  const files = {
    added: Object.keys(b)
      .filter((p) => !(p in a))
      .sort(),
    removed: Object.keys(a)
      .filter((p) => !(p in b))
      .sort(),
    changed: Object.keys(b)
      .filter((p) => p in a && a[p] !== b[p])
      .sort(),
  };
  const forms = new Map<string, FormDiff>();
  const formNames = [...new Set([...from.compiled.forms.keys(), ...to.compiled.forms.keys()])].sort();
  for (const form of formNames) {
    const before = from.compiled.forms.get(form)?.bundle;
    const after = to.compiled.forms.get(form)?.bundle;
    if (!before && !after) continue;
    const diff = emptyFormDiff(form, !before ? 'added' : !after ? 'removed' : 'changed');
    if (before && after && from.compiled.forms.get(form)?.bundleHash !== to.compiled.forms.get(form)?.bundleHash) {
      diff.rules = diffRules(before.rules.rules as unknown as Json[], after.rules.rules as unknown as Json[]);
      const [titlesA, titlesB, optionsA, optionsB, uiA, uiB] = [
        new Map<string, string>(),
        new Map<string, string>(),
        new Map<string, unknown[]>(),
        new Map<string, unknown[]>(),
        new Map<string, string>(),
        new Map<string, string>(),
      ];
      walkSchema(before.schema, '', titlesA, optionsA);
      walkSchema(after.schema, '', titlesB, optionsB);
      walkUi(before.ui, '', uiA);
      walkUi(after.ui, '', uiB);
      diff.labels = [
        ...diffMaps(
          'labels',
          new Map(Object.entries(before.rules.labels ?? {})),
          new Map(Object.entries(after.rules.labels ?? {})),
        ),
        ...diffMaps('schema', titlesA, titlesB),
        ...diffMaps('ui', uiA, uiB),
      ];
      diff.options = diffOptions(optionsA, optionsB);
      const priceDiff = diffPrices((before.data ?? {}) as Json, (after.data ?? {}) as Json);
      diff.prices = priceDiff.prices;
      diff.priceTables = priceDiff.priceTables;
      const rulesA = before.rules as unknown as Json;
      const rulesB = after.rules as unknown as Json;
      for (const key of [...new Set([...Object.keys(rulesA), ...Object.keys(rulesB)])].sort()) {
        if (key !== 'rules' && key !== 'labels' && !same(rulesA[key], rulesB[key])) diff.other.push(`rules.${key}`);
      }
      if (
        !same(before.schema, after.schema) &&
        diff.labels.every((l) => l.source !== 'schema') &&
        diff.options.length === 0
      )
        diff.other.push('schema');
      if (!same(before.ui, after.ui) && diff.labels.every((l) => l.source !== 'ui')) diff.other.push('ui');
      diff.other.push(...priceDiff.otherData);
    }
    forms.set(form, diff);
  }
  const orderForm = (tree: TreeFiles, treePath: string) => orderInfo(tree, treePath).form ?? formFromPath(treePath);
  const addOrder = (form: string, list: 'added' | 'removed' | 'changed', change: GoldenOrderChange) => {
    const diff = forms.get(form) ?? emptyFormDiff(form, 'changed');
    forms.set(form, diff);
    diff.goldenOrders[list].push(change);
  };
  for (const p of files.added)
    if (p.startsWith(goldenPrefix))
      addOrder(orderForm(to.tree, p), 'added', { path: p, title: orderInfo(to.tree, p).title });
  for (const p of files.removed)
    if (p.startsWith(goldenPrefix))
      addOrder(orderForm(from.tree, p), 'removed', { path: p, title: orderInfo(from.tree, p).title });
  for (const p of files.changed)
    if (p.startsWith(goldenPrefix))
      addOrder(orderForm(to.tree, p), 'changed', { path: p, title: orderInfo(to.tree, p).title });
  return { files, forms: [...forms.values()].filter((d) => !isEmpty(d)).sort((x, y) => (x.form < y.form ? -1 : 1)) };
}

const showValue = (value: unknown) =>
  value === null ? '(none)' : typeof value === 'string' ? value : JSON.stringify(value);

/** The diff as text, one line per change, grouped by form. */
export function formatDiff(diff: TreeDiff): string[] {
  const lines: string[] = [];
  const { files } = diff;
  lines.push(`files: ${files.added.length} added, ${files.removed.length} removed, ${files.changed.length} changed`);
  for (const p of files.added) lines.push(`  + ${p}`);
  for (const p of files.removed) lines.push(`  - ${p}`);
  for (const p of files.changed) lines.push(`  ~ ${p}`);
  if (diff.forms.length === 0) lines.push('no form changed');
  for (const form of diff.forms) {
    lines.push(`form ${form.form}${form.status === 'changed' ? '' : ` (${form.status})`}`);
    for (const rule of form.rules.added) lines.push(`  rule added: ${rule.id}${rule.kind ? ` (${rule.kind})` : ''}`);
    for (const rule of form.rules.removed)
      lines.push(`  rule removed: ${rule.id}${rule.kind ? ` (${rule.kind})` : ''}`);
    for (const rule of form.rules.changed) lines.push(`  rule changed: ${rule.id} [${rule.keys.join(', ')}]`);
    for (const label of form.labels)
      lines.push(`  label ${label.path} (${label.source}): ${showValue(label.from)} → ${showValue(label.to)}`);
    for (const option of form.options) {
      const parts = [...option.added.map((v) => `+${showValue(v)}`), ...option.removed.map((v) => `-${showValue(v)}`)];
      lines.push(`  options ${option.path}: ${parts.join(' ')}`);
    }
    for (const price of form.prices)
      lines.push(`  price ${price.table} ${price.row}: ${showValue(price.from)} → ${showValue(price.to)}`);
    for (const table of form.priceTables) lines.push(`  price table ${table.table}: ${table.change}`);
    for (const order of form.goldenOrders.added)
      lines.push(`  golden order added: ${order.path}${order.title ? ` (${order.title})` : ''}`);
    for (const order of form.goldenOrders.removed)
      lines.push(`  golden order removed: ${order.path}${order.title ? ` (${order.title})` : ''}`);
    for (const order of form.goldenOrders.changed)
      lines.push(`  golden order changed: ${order.path}${order.title ? ` (${order.title})` : ''}`);
    for (const other of form.other) lines.push(`  changed: ${other}`);
  }
  return lines;
}
