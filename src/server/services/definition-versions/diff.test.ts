import { describe, expect, it } from 'vitest';
import type { DefinitionBundle } from '../../../engine/index';
import type { CompiledTree } from './compile';
import { diffTrees, formatDiff } from './diff';
import { sha256, type TreeFiles } from './tree';

type Json = Record<string, unknown>;

function tree(files: Record<string, unknown>): TreeFiles {
  const manifest: Record<string, string> = {};
  const contents = new Map<string, string>();
  for (const [path, value] of Object.entries(files)) {
    const text = JSON.stringify(value);
    manifest[path] = sha256(text);
    contents.set(manifest[path], text);
  }
  return { manifest, contents };
}

function compiled(bundles: DefinitionBundle[]): CompiledTree {
  return {
    forms: new Map(
      bundles.map((bundle) => [
        bundle.form,
        { form: bundle.form, bundle, problems: [], bundleHash: sha256(JSON.stringify(bundle)) },
      ]),
    ),
    problems: [],
  };
}

const table = (prices: Record<string, number>, extra: Json = {}) => ({
  kind: 'price-table',
  unit: 'feet',
  length: { roundUpTo: 'even' },
  width: { roundUpTo: 'even' },
  prices,
  ...extra,
});

function bundle(
  overrides: { rules?: Json[]; labels?: Record<string, string>; schema?: Json; ui?: Json; data?: Json } = {},
): DefinitionBundle {
  return {
    form: 'sunroom',
    schema: overrides.schema ?? {
      type: 'object',
      properties: {
        roof: { type: 'string', title: 'Roof', enum: ['A', 'B'] },
        walls: {
          type: 'array',
          items: { type: 'object', properties: { height: { type: 'number', title: 'Height' } } },
        },
      },
    },
    ui: overrides.ui ?? { roof: { 'ui:title': 'Roof type' } },
    rules: {
      form: 'sunroom',
      labels: overrides.labels ?? { roof: 'Roof' },
      rules: (overrides.rules ?? [
        { kind: 'required', id: 'required:roof', path: 'roof', label: 'Roof' },
        { kind: 'hide', id: 'hide:walls', path: 'walls', when: true },
      ]) as never,
    },
    data: overrides.data ?? { 'st-thomas': table({ '12x14': 1200, '12x16': 1300 }) },
  };
}

const golden = (title: string, price: number) => ({ title, form: 'sunroom', expect: { price } });

describe('diffTrees', () => {
  it('names a price row change as table, row, from and to, and the golden order changed with it', () => {
    const a = tree({
      'definitions/prices/st-thomas.json': table({ '12x14': 1200 }),
      'tests/golden/sunroom/001.json': golden('St Thomas 12x14', 1200),
    });
    const b = tree({
      'definitions/prices/st-thomas.json': table({ '12x14': 1250 }),
      'tests/golden/sunroom/001.json': golden('St Thomas 12x14', 1250),
    });
    const diff = diffTrees(
      { tree: a, compiled: compiled([bundle()]) },
      { tree: b, compiled: compiled([bundle({ data: { 'st-thomas': table({ '12x14': 1250, '12x16': 1300 }) } })]) },
    );
    expect(diff.files).toEqual({
      added: [],
      removed: [],
      changed: ['definitions/prices/st-thomas.json', 'tests/golden/sunroom/001.json'],
    });
    expect(diff.forms).toHaveLength(1);
    expect(diff.forms[0].prices).toEqual([{ table: 'st-thomas', row: '12x14', from: 1200, to: 1250 }]);
    expect(diff.forms[0].goldenOrders.changed).toEqual([
      { path: 'tests/golden/sunroom/001.json', title: 'St Thomas 12x14' },
    ]);
    expect(diff.forms[0].rules).toEqual({ added: [], removed: [], changed: [] });
    expect(formatDiff(diff)).toContain('  price st-thomas 12x14: 1200 → 1250');
    expect(formatDiff(diff)).toContain('  golden order changed: tests/golden/sunroom/001.json (St Thomas 12x14)');
  });

  it('rows added and removed, and a table whose rounding changed', () => {
    const before = bundle();
    const after = bundle({
      data: { 'st-thomas': table({ '12x14': 1200, '14x14': 1400 }, { length: { roundUpTo: 'odd' } }) },
    });
    const diff = diffTrees(
      { tree: tree({}), compiled: compiled([before]) },
      { tree: tree({}), compiled: compiled([after]) },
    );
    expect(diff.forms[0].prices).toEqual([
      { table: 'st-thomas', row: '12x16', from: 1300, to: null },
      { table: 'st-thomas', row: '14x14', from: null, to: 1400 },
    ]);
    expect(diff.forms[0].priceTables).toEqual([{ table: 'st-thomas', change: 'settings' }]);
    expect(formatDiff(diff)).toContain('  price st-thomas 12x16: 1300 → (none)');
  });

  it('rules added, removed and changed by id, with the changed keys', () => {
    const after = bundle({
      rules: [
        { kind: 'required', id: 'required:roof', path: 'roof', label: 'Roof style', when: { '==': [1, 1] } },
        { kind: 'required', id: 'required:walls', path: 'walls' },
      ],
    });
    const diff = diffTrees(
      { tree: tree({}), compiled: compiled([bundle()]) },
      { tree: tree({}), compiled: compiled([after]) },
    );
    expect(diff.forms[0].rules).toEqual({
      added: [{ id: 'required:walls', kind: 'required', keys: [] }],
      removed: [{ id: 'hide:walls', kind: 'hide', keys: [] }],
      changed: [{ id: 'required:roof', kind: 'required', keys: ['label', 'when'] }],
    });
    const text = formatDiff(diff);
    expect(text).toContain('  rule added: required:walls (required)');
    expect(text).toContain('  rule removed: hide:walls (hide)');
    expect(text).toContain('  rule changed: required:roof [label, when]');
  });

  it('labels (rules labels, schema titles, ui titles) and options changed', () => {
    const schema = {
      type: 'object',
      properties: {
        roof: { type: 'string', title: 'Roof style', enum: ['A', 'C'] },
        walls: {
          type: 'array',
          items: { type: 'object', properties: { height: { type: 'number', title: 'Wall height' } } },
        },
      },
    };
    const after = bundle({ labels: { roof: 'Roof style' }, schema, ui: { roof: { 'ui:title': 'Roof style' } } });
    const diff = diffTrees(
      { tree: tree({}), compiled: compiled([bundle()]) },
      { tree: tree({}), compiled: compiled([after]) },
    );
    expect(diff.forms[0].labels).toEqual([
      { path: 'roof', source: 'labels', from: 'Roof', to: 'Roof style' },
      { path: 'roof', source: 'schema', from: 'Roof', to: 'Roof style' },
      { path: 'walls.*.height', source: 'schema', from: 'Height', to: 'Wall height' },
      { path: 'roof', source: 'ui', from: 'Roof type', to: 'Roof style' },
    ]);
    expect(diff.forms[0].options).toEqual([{ path: 'roof', added: ['C'], removed: ['B'] }]);
    expect(formatDiff(diff)).toContain('  options roof: +C -B');
    expect(formatDiff(diff)).toContain('  label roof (labels): Roof → Roof style');
  });

  it('forms and golden orders added and removed; an unchanged tree has no form changes', () => {
    const pergola: DefinitionBundle = { ...bundle(), form: 'pergola', rules: { form: 'pergola', rules: [] } };
    const a = tree({ 'tests/golden/sunroom/001.json': golden('one', 1) });
    const b = tree({ 'tests/golden/sunroom/002.json': golden('two', 2) });
    const diff = diffTrees(
      { tree: a, compiled: compiled([bundle()]) },
      { tree: b, compiled: compiled([bundle(), pergola]) },
    );
    expect(diff.forms.map((f) => [f.form, f.status])).toEqual([
      ['pergola', 'added'],
      ['sunroom', 'changed'],
    ]);
    expect(diff.forms[1].goldenOrders).toEqual({
      added: [{ path: 'tests/golden/sunroom/002.json', title: 'two' }],
      removed: [{ path: 'tests/golden/sunroom/001.json', title: 'one' }],
      changed: [],
    });
    const same = diffTrees({ tree: a, compiled: compiled([bundle()]) }, { tree: a, compiled: compiled([bundle()]) });
    expect(same.forms).toEqual([]);
    expect(formatDiff(same)).toEqual(['files: 0 added, 0 removed, 0 changed', 'no form changed']);
  });
});
