/**
 * The draft's files as the editor sees them: a map of tree paths (`definitions/pergola/rules.json`,
 * `tests/golden/pergola/001-....json`) to their text. Reading them as JSON and writing them back in the repo's layout.
 */
import { formatJson } from '../../../../../../scripts/lib/json-format';

/** Tree path -> file text, as the draft holds it. */
export type TreeFiles = Readonly<Record<string, string>>;

export const DEFINITIONS_PREFIX = 'definitions/';
export const GOLDEN_PREFIX = 'tests/golden/';

/** The folder of a form's own files. */
export function formFolder(form: string): string {
  return `${DEFINITIONS_PREFIX}${form}`;
}

/** The tree path of one of a form's own files (`schema.json`, `ui.json`, `rules.json`). */
export function formFile(form: string, name: 'schema.json' | 'ui.json' | 'rules.json'): string {
  return `${formFolder(form)}/${name}`;
}

/** A folder path joined with a relative one (`definitions/pergola` + `../shared/x` -> `definitions/shared/x`). */
export function joinTreePath(folder: string, relative: string): string {
  const segments = folder.split('/').filter(Boolean);
  for (const segment of relative.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments.join('/');
}

/** Parsed texts, so an edit re-reads only the files it changed (callers never change a parsed value in place). */
const parsed = new Map<string, unknown>();
const PARSED_LIMIT = 400;

/** The parsed JSON of a file, or undefined when it is missing or not JSON (the checks name those). Do not mutate it. */
export function readJsonFile(files: TreeFiles, path: string): unknown {
  const text = files[path];
  if (text === undefined) return undefined;
  if (parsed.has(text)) return parsed.get(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (parsed.size >= PARSED_LIMIT) parsed.delete(parsed.keys().next().value as string);
  parsed.set(text, value);
  return value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The text a file is saved with: definitions in the layout `npm run format:definitions` checks, golden orders in the layout
 * they are kept in (JSON.stringify with two spaces).
 */
export function serializeTreeFile(path: string, value: unknown): string {
  if (path.startsWith(DEFINITIONS_PREFIX)) return formatJson(value);
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** The golden orders of a form in the tree (tests/golden/<form>/...), sorted. */
export function goldenOrderPaths(files: TreeFiles, form: string): string[] {
  const prefix = `${GOLDEN_PREFIX}${form}/`;
  return Object.keys(files)
    .filter((path) => path.startsWith(prefix) && path.endsWith('.json'))
    .sort();
}

/** The forms of the tree: folders under definitions/ holding a rules.json whose `form` is the folder's name. */
export function formsOf(files: TreeFiles): string[] {
  const forms = new Set<string>();
  for (const path of Object.keys(files)) {
    const match = /^definitions\/([^/]+)\/rules\.json$/.exec(path);
    if (!match) continue;
    const rules = readJsonFile(files, path);
    if (isPlainObject(rules) && rules.form === match[1]) forms.add(match[1]);
  }
  return [...forms].sort();
}
