/**
 * A form with its includes, merged as the server's reader merges them (src/server/definitions/merge-includes.ts), but
 * from the draft's files in memory and keeping, for every rule, the file and index it came from. Only what the editor
 * needs: schema properties, ui, rules, named conditions, labels and the data files (price tables). The full reader
 * (problems, limits) stays the server's and the definition-tree's; this one never throws and skips what it cannot read.
 */
import type { Rule } from '../../../../../engine/index';
import { formFile, formFolder, isPlainObject, joinTreePath, readJsonFile, type TreeFiles } from './tree-files';

/** Where a merged rule came from. */
export interface RuleSource {
  /** The rules.json holding it. */
  file: string;
  /** Its index in that file's `rules`. */
  index: number;
  /** The params of the include it came through (`suffix=ERL`), when any. */
  params?: string;
  /** Whether it is the form's own file (editable here) rather than an included piece (read-only). */
  isOwn: boolean;
}

/** One rule of the merged form: as written in its file, and with the include's params filled in. */
export interface MergedRule {
  source: RuleSource;
  /** As the file holds it (placeholders unfilled). */
  raw: Rule;
  /** With `{{name}}` placeholders filled from the include's params (what the engine runs). */
  rule: Rule;
}

/** A data file (catalogue, price table) by its base name, with the file it came from. */
export interface DataFile {
  name: string;
  file: string;
  value: unknown;
}

export interface MergedForm {
  form: string;
  schema: Record<string, unknown>;
  ui: Record<string, unknown>;
  rules: MergedRule[];
  conditions: Record<string, unknown>;
  /** Condition name -> the file defining it. */
  conditionFiles: Record<string, string>;
  labels: Record<string, string>;
  /** Label key -> the file defining it. */
  labelFiles: Record<string, string>;
  data: DataFile[];
  /** Every folder merged, the form's own last (tree paths without trailing slash). */
  folders: string[];
  /** Top-level schema property -> the schema.json defining it. */
  propertyFiles: Record<string, string>;
}

const PLACEHOLDER = /\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}$/;
const PART_FILES = new Set(['schema.json', 'ui.json', 'rules.json']);
const MAX_DEPTH = 8;

/** `{{name}}` placeholders filled as the server fills them (a whole-string placeholder takes the param's JSON value). */
export function fillParams(value: unknown, params: Record<string, unknown>): unknown {
  if (typeof value === 'string') {
    if (!value.includes('{{')) return value;
    const whole = WHOLE_PLACEHOLDER.exec(value);
    if (whole) return whole[1] in params ? structuredClone(params[whole[1]]) : value;
    return value.replace(PLACEHOLDER, (match, name: string) => {
      if (!(name in params)) return match;
      const param = params[name];
      return typeof param === 'string' ? param : JSON.stringify(param);
    });
  }
  if (Array.isArray(value)) return value.map((item) => fillParams(item, params));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[fillParams(key, params) as string] = fillParams(item, params);
    return out;
  }
  return value;
}

/** Objects merge key by key; anything else is replaced by the later value. */
function deepMerge(base: unknown, over: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(over)) return over === undefined ? base : over;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = key in out ? deepMerge(out[key], value) : value;
  return out;
}

function describeParams(params: Record<string, unknown>): string | undefined {
  const keys = Object.keys(params);
  if (keys.length === 0) return undefined;
  return keys
    .map((key) => `${key}=${typeof params[key] === 'string' ? params[key] : JSON.stringify(params[key])}`)
    .join(', ');
}

/** The include entries of a rules file as folder tree paths with their params. */
export function includesOf(rulesFile: unknown, folder: string): { folder: string; params: Record<string, unknown> }[] {
  if (!isPlainObject(rulesFile)) return [];
  const list = Array.isArray(rulesFile.include)
    ? rulesFile.include
    : rulesFile.include === undefined
      ? []
      : [rulesFile.include];
  return list.flatMap((entry) => {
    if (typeof entry === 'string') return [{ folder: joinTreePath(folder, entry), params: {} }];
    if (isPlainObject(entry) && typeof entry.path === 'string')
      return [{ folder: joinTreePath(folder, entry.path), params: isPlainObject(entry.params) ? entry.params : {} }];
    return [];
  });
}

/** The form merged with everything it includes (includes first, in order, then the form's own files). */
export function mergeForm(files: TreeFiles, form: string): MergedForm {
  const merged: MergedForm = {
    form,
    schema: {},
    ui: {},
    rules: [],
    conditions: {},
    conditionFiles: {},
    labels: {},
    labelFiles: {},
    data: [],
    folders: [],
    propertyFiles: {},
  };
  const ownFolder = formFolder(form);
  const definitionPaths = Object.keys(files)
    .filter((path) => path.startsWith('definitions/'))
    .sort();
  const visit = (folder: string, params: Record<string, unknown>, chain: string[]) => {
    if (chain.includes(folder) || chain.length > MAX_DEPTH) return;
    const rulesPath = `${folder}/rules.json`;
    const rawRules = readJsonFile(files, rulesPath);
    if (!isPlainObject(rawRules)) return;
    const allParams = { ...(isPlainObject(rawRules.params) ? rawRules.params : {}), ...params };
    for (const include of includesOf(rawRules, folder))
      visit(include.folder, fillParams(include.params, allParams) as Record<string, unknown>, [...chain, folder]);
    const isOwn = folder === ownFolder;
    const paramText = isOwn ? undefined : describeParams(params);
    const schema = fillParams(readJsonFile(files, `${folder}/schema.json`), allParams);
    if (isPlainObject(schema)) {
      const { properties, required: _required, ...rest } = schema;
      Object.assign(merged.schema, rest);
      if (isPlainObject(properties)) {
        merged.schema.properties = {
          ...(isPlainObject(merged.schema.properties) ? merged.schema.properties : {}),
          ...properties,
        };
        for (const key of Object.keys(properties)) merged.propertyFiles[key] = `${folder}/schema.json`;
      }
    }
    const ui = fillParams(readJsonFile(files, `${folder}/ui.json`), allParams);
    if (isPlainObject(ui)) merged.ui = deepMerge(merged.ui, ui) as Record<string, unknown>;
    const filled = fillParams(rawRules, allParams) as Record<string, unknown>;
    const rawList = Array.isArray(rawRules.rules) ? (rawRules.rules as Rule[]) : [];
    const filledList = Array.isArray(filled.rules) ? (filled.rules as Rule[]) : [];
    rawList.forEach((raw, index) =>
      merged.rules.push({
        source: { file: rulesPath, index, params: paramText, isOwn },
        raw,
        rule: filledList[index] ?? raw,
      }),
    );
    if (isPlainObject(filled.conditions))
      for (const [name, body] of Object.entries(filled.conditions)) {
        if (!(name in merged.conditions)) merged.conditionFiles[name] = rulesPath;
        merged.conditions[name] = body;
      }
    if (isPlainObject(filled.labels))
      for (const [key, label] of Object.entries(filled.labels))
        if (typeof label === 'string') {
          merged.labels[key] = label;
          merged.labelFiles[key] = rulesPath;
        }
    for (const path of definitionPaths) {
      const name = path.slice(folder.length + 1);
      if (!path.startsWith(`${folder}/`) || name.includes('/') || !name.endsWith('.json') || PART_FILES.has(name))
        continue;
      const base = name.slice(0, -'.json'.length);
      merged.data = [
        ...merged.data.filter((entry) => entry.name !== base),
        { name: base, file: path, value: readJsonFile(files, path) },
      ];
    }
    merged.folders.push(folder);
  };
  visit(ownFolder, {}, []);
  return merged;
}

/** Whether the form's own rules file exists and parses (the editor edits nothing else). */
export function hasOwnRules(files: TreeFiles, form: string): boolean {
  return isPlainObject(readJsonFile(files, formFile(form, 'rules.json')));
}

/** The names of the price tables the form can read (data files of `"kind": "price-table"`). */
export function priceTableNames(merged: MergedForm): string[] {
  return merged.data
    .filter((entry) => isPlainObject(entry.value) && entry.value.kind === 'price-table')
    .map((entry) => entry.name);
}

/** The forms whose merge reads a folder (for a shared piece: every form including it, directly or not). */
export function formsIncluding(files: TreeFiles, folder: string, forms: readonly string[]): string[] {
  return forms.filter((form) => mergeForm(files, form).folders.includes(folder));
}
