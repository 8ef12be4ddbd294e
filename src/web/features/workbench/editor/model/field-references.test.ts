import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkGoldenOrderText } from '../../../../../../scripts/lib/golden-orders';
import { formatJson } from '../../../../../../scripts/lib/json-format';
import { readDefinitionFolder } from '../../../../../server/definitions/index';
import { deleteField, findFieldUses, renameField, renamePathText } from './field-references';
import { repoTree } from './repo-tree.test-support';
import type { TreeFiles } from './tree-files';

const temporary: string[] = [];
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Compiles a form of a files map with the server's reader (the definitions written to a temporary folder). */
function compileFromTree(files: TreeFiles, form: string) {
  const root = mkdtempSync(path.join(tmpdir(), 'editor-rename-'));
  temporary.push(root);
  for (const [treePath, text] of Object.entries(files)) {
    if (!treePath.startsWith('definitions/')) continue;
    mkdirSync(path.dirname(path.join(root, treePath)), { recursive: true });
    writeFileSync(path.join(root, treePath), text);
  }
  return readDefinitionFolder(path.join(root, 'definitions', form), form);
}

function goldenResults(files: TreeFiles, form: string) {
  const loaded = compileFromTree(files, form);
  expect(loaded.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
  const definitions = new Map([[form, { compiled: loaded.compiled! }]]);
  return Object.entries(files)
    .filter(([treePath]) => treePath.startsWith(`tests/golden/${form}/`))
    .map(([treePath, text]) => checkGoldenOrderText(treePath, text, definitions));
}

describe('renamePathText', () => {
  it('renames the field and keeps indexes, leaves other fields and parents alone', () => {
    expect(renamePathText('doorOption.{i}', 'doorOption', 'doorChoice')).toBe('doorChoice.{i}');
    expect(renamePathText('doorOption.3', 'doorOption', 'doorChoice')).toBe('doorChoice.3');
    expect(renamePathText('doorOptionERL', 'doorOption', 'doorChoice')).toBe('doorOptionERL');
    expect(renamePathText('personalInfo.zip', 'personalInfo.zip', 'postalCode')).toBe('personalInfo.postalCode');
    expect(renamePathText('personalInfo', 'personalInfo.zip', 'postalCode')).toBe('personalInfo');
    expect(renamePathText('OrderSpareParts.2.price', 'OrderSpareParts.{i}.price', 'cost')).toBe(
      'OrderSpareParts.2.cost',
    );
  });
});

describe('renameField on the pergola', () => {
  const before = repoTree();
  const renamed = renameField(before, 'pergola', 'lengthFeet', 'roofLengthFeet');

  it('changes every file naming the field, with a count per file, and no other file', () => {
    expect(renamed.refused).toBeUndefined();
    const byPath = Object.fromEntries(renamed.changed.map((entry) => [entry.path, entry.count]));
    expect(byPath['definitions/pergola/schema.json']).toBe(1);
    // The ui entry, its ui:order and section entries.
    expect(byPath['definitions/pergola/ui.json']).toBe(3);
    expect(byPath['definitions/pergola/rules.json']).toBeGreaterThan(10);
    // The price piece only the pergola includes reads the length too.
    expect(byPath['definitions/prices/pergola/rules.json']).toBeGreaterThan(0);
    expect(Object.keys(byPath).some((file) => file.startsWith('tests/golden/pergola/'))).toBe(true);
    for (const [treePath, text] of Object.entries(renamed.files)) {
      if (!(treePath in byPath)) expect(text).toBe(before[treePath]);
      else expect(text).not.toContain('"lengthFeet"');
    }
  });

  it('saves definitions in the format:definitions layout and golden orders as they are kept', () => {
    for (const { path: treePath } of renamed.changed) {
      const text = renamed.files[treePath];
      if (treePath.startsWith('definitions/')) expect(text).toBe(formatJson(JSON.parse(text)));
      else expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    }
  });

  it('leaves a definition that compiles without problems and passes every golden order, as before', () => {
    const results = goldenResults(renamed.files, 'pergola');
    expect(results.length).toBeGreaterThan(40);
    expect(results.filter((result) => result.status !== 'pass')).toEqual([]);
  });

  it('renames a nested field and an input of the drawing package params', () => {
    const attached = renameField(before, 'pergola', 'attachedOption', 'attachment');
    expect(attached.refused).toBeUndefined();
    expect(attached.files['definitions/pergola/rules.json']).toContain('{"==": [{"var": "attachment"}, "ATTACHED"]}');
    expect(goldenResults(attached.files, 'pergola').filter((result) => result.status !== 'pass')).toEqual([]);
  });

  it('refuses a field a shared piece defines or a name the form already has', () => {
    expect(renameField(before, 'pergola', 'personalInfo.zip', 'postalCode').refused).toMatch(
      /shared\/personal-info\/schema\.json/,
    );
    expect(renameField(before, 'pergola', 'lengthFeet', 'widthFeet').refused).toMatch(/already has a field widthFeet/);
    expect(renameField(before, 'pergola', 'lengthFeet', 'length feet').refused).toMatch(/not a field name/);
    expect(renameField(before, 'pergola', 'noSuchField', 'x').refused).toMatch(/has no field/);
  });
});

describe('finding and deleting a field', () => {
  it('lists the uses of a field by file, naming shared pieces', () => {
    const uses = findFieldUses(repoTree(), 'pergola', 'postHeight');
    const files = uses.map((use) => use.file);
    expect(files).toEqual(
      expect.arrayContaining(['definitions/pergola/schema.json', 'definitions/pergola/rules.json']),
    );
    expect(uses.find((use) => use.file === 'definitions/pergola/rules.json')?.pointers).toContain('/rules/10/path');
    expect(uses.every((use) => !use.isShared)).toBe(true);
    const mount = findFieldUses(repoTree(), 'pergola', 'selectedMountOption');
    expect(mount.find((use) => use.file === 'definitions/shared/drawing-package/rules.json')?.isShared).toBe(true);
  });

  it('deletes the definition (schema, ui, label) and leaves the rules for the checks to name', () => {
    const result = deleteField(repoTree(), 'pergola', 'biHex');
    expect(result.changed.map((entry) => entry.path).sort()).toEqual([
      'definitions/pergola/schema.json',
      'definitions/pergola/ui.json',
    ]);
    expect(JSON.parse(result.files['definitions/pergola/schema.json']).properties.biHex).toBeUndefined();
    expect(JSON.parse(result.files['definitions/pergola/ui.json'])['ui:order']).not.toContain('biHex');
    expect(result.files['definitions/pergola/rules.json']).toBe(repoTree()['definitions/pergola/rules.json']);
    expect(deleteField(repoTree(), 'pergola', 'personalInfo.zip').refused).toMatch(/personal-info/);
  });
});
