/**
 * Issue 16: no form field name in src/server/services or src/web/features (tests aside): what a field means is
 * declared in the definitions (the drawing mapping, orderLines, parties, the sunroom page's ui:options.roomFields and
 * wallGroups, ui:field names) and read from the compiled definition. Guarded names: every field the definitions map
 * that way, and every field named like the grep (selected..., is..., has...). A name counts as a quoted
 * string, the head of a template literal, or a property access (`data.selectedRoomStyle`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { drawingPaths, partiesPaths } from '../../src/engine/check-definition';
import { loadAllDefinitions } from '../../src/server/definitions/index';

const { definitions } = loadAllDefinitions('definitions');

function schemaNames(node: unknown, names: Set<string>): void {
  if (!node || typeof node !== 'object') return;
  const schema = node as { properties?: Record<string, unknown>; items?: unknown };
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    names.add(name);
    schemaNames(child, names);
  }
  schemaNames(schema.items, names);
}

function mappedNames(): Set<string> {
  const names = new Set<string>();
  // The top-level field of each mapped path (personalInfo of personalInfo.lastName: a sub-key such as lastName is
  // also an API row's column name, so it is no sign of a form field).
  const add = (field: unknown) => typeof field === 'string' && field !== '' && names.add(field.split('.')[0]);
  for (const { bundle } of definitions.values()) {
    drawingPaths(bundle.rules.drawing).forEach(({ path: field }) => add(field));
    partiesPaths(bundle.rules.parties).forEach(({ path: field }) => add(field));
    Object.values(bundle.rules.orderLines ?? {}).forEach((list) => list?.forEach(add));
    const options = (bundle.ui['ui:options'] ?? {}) as {
      roomFields?: Record<string, string>;
      wallGroups?: { fields?: Record<string, string>; cavitiesField?: string | null }[];
    };
    Object.values(options.roomFields ?? {}).forEach(add);
    for (const group of options.wallGroups ?? []) {
      Object.values(group.fields ?? {}).forEach(add);
      add(group.cavitiesField);
    }
    for (const [field, entry] of Object.entries(bundle.ui))
      if ((entry as { 'ui:field'?: unknown } | null)?.['ui:field']) add(field);
  }
  return names;
}

function guardedNames(): string[] {
  const all = new Set<string>();
  for (const { bundle } of definitions.values()) schemaNames(bundle.schema, all);
  const named = [...all].filter((name) => /^(selected|is|has)[A-Z]/.test(name));
  return [...new Set([...named, ...mappedNames()])].filter((name) => all.has(name)).sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [full] : [];
  });
}

/** Every line of the layer's non-test sources that names a guarded field: `file:line: [name] text`. */
export function findFieldNameLiterals(dirs = ['src/server/services', 'src/web/features']): string[] {
  const names = guardedNames();
  const pattern = new RegExp(
    `(?:(['"\`])(?:${names.join('|')})(?:\\1|\\$\\{|[.])|\\.(?:${names.join('|')})\\b(?!\\())`,
  );
  const found: string[] = [];
  for (const file of dirs.flatMap(sourceFiles)) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        // A comment's example (`personalInfo.zip` in the workbench's docs) couples no code to a field.
        if (/^\s*(\*|\/\*|\/\/)/.test(line)) return;
        if (pattern.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
      });
  }
  return found;
}

describe('form field names in services and features', () => {
  it('guards the mapped fields and the selected/is/has names', () => {
    const names = guardedNames();
    expect(names.length).toBeGreaterThan(100);
    expect(names).toEqual(
      expect.arrayContaining([
        'wallLengthsFeet',
        'doorOption',
        'selectedRoomStyle',
        'heightAtHouse',
        'currentCADImagesFiles',
        'personalInfo',
        'userFileName',
      ]),
    );
  });

  it('names none outside tests', () => {
    expect(findFieldNameLiterals()).toEqual([]);
  });
});
