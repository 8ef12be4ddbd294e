/**
 * Every place a form's files name a field: the schema property and its `required` entry, the ui entry, its ui:order and
 * section entries and ui:options naming it, and in the rules files every path (path, paths, of, reset, set keys,
 * forEach, labels keys, payload, submit, orderLines, drawing, parties) and expression (`var`, `item`, include params),
 * and in the form's golden orders (start, steps, expect). One walker serves renaming a field and listing its uses.
 */
import { fieldKey } from './field-tree';
import { formsIncluding, mergeForm } from './merged-form';
import { EXPRESSION_KEYS } from './rule-fields';
import {
  formFolder,
  formsOf,
  goldenOrderPaths,
  isPlainObject,
  readJsonFile,
  serializeTreeFile,
  type TreeFiles,
} from './tree-files';

/** One reference: the file, a JSON pointer inside it, and the text found there. */
export interface FieldReference {
  file: string;
  pointer: string;
  text: string;
}

/** Rewrites one path-like text; returns it unchanged when it does not name the field. */
type Rewrite = (text: string) => string;

const isIndex = (segment: string) => segment === '{i}' || segment === '*' || /^\d+$/.test(segment);
const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The field's key segments (indexes out): `OrderSpareParts.{i}.partNumber` -> [OrderSpareParts, partNumber]. */
export function keySegments(path: string): string[] {
  return path.split('.').filter((segment) => segment !== '' && !isIndex(segment));
}

/**
 * `text` with the field `from` renamed to the last key of `to`, indexes kept (`doorOption.{i}` -> `doorChoice.{i}`,
 * `personalInfo.zip` -> `personalInfo.postalCode`, `personalInfo` untouched when renaming `personalInfo.zip`).
 */
export function renamePathText(text: string, from: string, to: string): string {
  const fromKeys = keySegments(from);
  const newKey = keySegments(to).at(-1);
  if (!newKey || fromKeys.length === 0) return text;
  const segments = text.split('.');
  let matched = 0;
  for (let i = 0; i < segments.length; i++) {
    if (isIndex(segments[i])) continue;
    if (segments[i] !== fromKeys[matched]) return text;
    matched++;
    if (matched === fromKeys.length) {
      segments[i] = newKey;
      return segments.join('.');
    }
  }
  return text;
}

/** Whether `text` (a path) names the field or something under it. */
export function namesField(text: string, field: string): boolean {
  const wanted = keySegments(field).join('.');
  const key = fieldKey(text);
  return key === wanted || key.startsWith(`${wanted}.`);
}

interface Walk {
  rewrite: Rewrite;
  found: FieldReference[];
  file: string;
}

const identity: Rewrite = (text) => text;

/** A path-like text: noted when the predicate says it names the field, then rewritten. */
function pathText(walk: Walk, pointer: string, text: unknown, names: (text: string) => boolean): unknown {
  if (typeof text !== 'string' || !names(text)) return text;
  walk.found.push({ file: walk.file, pointer, text });
  return walk.rewrite(text);
}

function pathList(walk: Walk, pointer: string, list: unknown, names: (text: string) => boolean): unknown {
  if (typeof list === 'string') return pathText(walk, pointer, list, names);
  if (!Array.isArray(list)) return list;
  return list.map((item, index) => pathText(walk, `${pointer}/${index}`, item, names));
}

/** An object whose keys are paths (labels, set, payload.add, golden data): keys renamed in place, order kept. */
function pathKeys(
  walk: Walk,
  pointer: string,
  value: unknown,
  names: (text: string) => boolean,
  item: (pointer: string, value: unknown) => unknown = (_, v) => v,
): unknown {
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => {
      const at = `${pointer}/${escapePointer(key)}`;
      const next = pathText(walk, at, key, names) as string;
      return [next, item(at, entry)];
    }),
  );
}

/** A JSON-Logic expression: `var`/`val` heads (and paths built with `cat`), `item` fields. */
function expression(walk: Walk, pointer: string, node: unknown, names: (text: string) => boolean): unknown {
  if (Array.isArray(node)) return node.map((item, index) => expression(walk, `${pointer}/${index}`, item, names));
  if (!isPlainObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [operator, args] of Object.entries(node)) {
    const at = `${pointer}/${escapePointer(operator)}`;
    if ((operator === 'var' || operator === 'val' || operator === 'item') && typeof args === 'string')
      out[operator] = pathText(walk, at, args, names);
    else if ((operator === 'var' || operator === 'item') && Array.isArray(args) && typeof args[0] === 'string')
      out[operator] = [
        pathText(walk, `${at}/0`, args[0], names),
        ...args.slice(1).map((a, i) => expression(walk, `${at}/${i + 1}`, a, names)),
      ];
    else if (operator === 'var' && isPlainObject(args) && Array.isArray(args.cat))
      out[operator] = catPath(walk, at, args, names);
    else out[operator] = expression(walk, at, args, names);
  }
  return out;
}

/** `{"var": {"cat": ["OrderGlassParts.", {"var": "$index"}, ".glassShape"]}}`: the text parts renamed together. */
function catPath(
  walk: Walk,
  pointer: string,
  node: Record<string, unknown>,
  names: (text: string) => boolean,
): unknown {
  const parts = node.cat as unknown[];
  const joined = parts.map((part) => (typeof part === 'string' ? part : '{i}')).join('');
  if (!names(joined)) return expression(walk, pointer, node, names);
  walk.found.push({ file: walk.file, pointer, text: joined });
  const renamed = walk.rewrite(joined);
  if (renamed === joined) return node;
  const oldKey = joined.split('.').filter((segment) => !isIndex(segment));
  const newKey = renamed.split('.').filter((segment) => !isIndex(segment));
  const changedAt = oldKey.findIndex((segment, index) => segment !== newKey[index]);
  const from = oldKey[changedAt];
  const to = newKey[changedAt];
  const pattern = new RegExp(`(^|\\.)${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=\\.|$)`);
  return { ...node, cat: parts.map((part) => (typeof part === 'string' ? part.replace(pattern, `$1${to}`) : part)) };
}

/** String values in `drawing`/`parties` are paths, but for these keys (names, titles, values). */
const NOT_PATHS = new Set(['model', 'title', 'windowWallNote', 'byValue', 'otherwise', 'side', 'name', 'upperCase']);

function pathsDeep(walk: Walk, pointer: string, value: unknown, names: (text: string) => boolean): unknown {
  if (typeof value === 'string') return pathText(walk, pointer, value, names);
  if (Array.isArray(value)) return value.map((item, index) => pathsDeep(walk, `${pointer}/${index}`, item, names));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      NOT_PATHS.has(key) ? item : pathsDeep(walk, `${pointer}/${escapePointer(key)}`, item, names),
    ]),
  );
}

function rulesFile(
  walk: Walk,
  value: Record<string, unknown>,
  names: (text: string) => boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...value };
  if (Array.isArray(value.include))
    out.include = value.include.map((entry, index) =>
      isPlainObject(entry) && isPlainObject(entry.params)
        ? { ...entry, params: expression(walk, `/include/${index}/params`, entry.params, names) }
        : entry,
    );
  if (isPlainObject(value.conditions)) out.conditions = expression(walk, '/conditions', value.conditions, names);
  if (isPlainObject(value.labels)) out.labels = pathKeys(walk, '/labels', value.labels, names);
  if (isPlainObject(value.payload)) {
    const payload = { ...value.payload };
    if (payload.exclude !== undefined) payload.exclude = pathList(walk, '/payload/exclude', payload.exclude, names);
    if (isPlainObject(payload.add))
      payload.add = pathKeys(walk, '/payload/add', payload.add, names, (at, v) => expression(walk, at, v, names));
    out.payload = payload;
  }
  if (isPlainObject(value.submit)) {
    const submit = { ...value.submit };
    if (submit.isOrdered !== undefined)
      submit.isOrdered = expression(walk, '/submit/isOrdered', submit.isOrdered, names);
    if (submit.previewReference !== undefined)
      submit.previewReference = pathText(walk, '/submit/previewReference', submit.previewReference, names);
    if (isPlainObject(submit.lines)) {
      const lines = { ...submit.lines };
      const linesPath = lines.path;
      lines.path = pathText(walk, '/submit/lines/path', lines.path, names);
      // A line's fields are keys inside the lines' items: `partNumber` is `<path>.{i}.partNumber`.
      for (const key of ['partNumber', 'price', 'description'])
        if (typeof lines[key] === 'string' && typeof linesPath === 'string') {
          const full = `${linesPath}.{i}.${lines[key] as string}`;
          const renamed = pathText(walk, `/submit/lines/${key}`, full, names) as string;
          lines[key] = renamed.split('.').at(-1);
        }
      submit.lines = lines;
    }
    out.submit = submit;
  }
  if (isPlainObject(value.orderLines)) {
    const orderLines = { ...value.orderLines };
    for (const key of ['notListed', 'instructions', 'notOnBill'])
      if (orderLines[key] !== undefined) orderLines[key] = pathList(walk, `/orderLines/${key}`, orderLines[key], names);
    out.orderLines = orderLines;
  }
  if (isPlainObject(value.drawing)) out.drawing = pathsDeep(walk, '/drawing', value.drawing, names);
  if (isPlainObject(value.parties)) out.parties = pathsDeep(walk, '/parties', value.parties, names);
  if (Array.isArray(value.rules))
    out.rules = value.rules.map((rule, index) =>
      isPlainObject(rule) ? ruleRefs(walk, `/rules/${index}`, rule, names) : rule,
    );
  return out;
}

function ruleRefs(
  walk: Walk,
  pointer: string,
  rule: Record<string, unknown>,
  names: (text: string) => boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rule)) {
    const at = `${pointer}/${key}`;
    if (key === 'path' || key === 'of') out[key] = pathList(walk, at, value, names);
    else if (key === 'paths' || key === 'reset') out[key] = pathList(walk, at, value, names);
    else if (key === 'forEach')
      out[key] = typeof value === 'string' ? pathText(walk, at, value, names) : expression(walk, at, value, names);
    else if (key === 'set')
      out[key] = pathKeys(walk, at, value, names, (itemAt, v) => expression(walk, itemAt, v, names));
    else if (EXPRESSION_KEYS.includes(key)) out[key] = expression(walk, at, value, names);
    else if (key === 'from' && !Array.isArray(value)) out[key] = expression(walk, at, value, names);
    else out[key] = value;
  }
  return out;
}

/** Form data (a golden order's start, a payload): the field's key renamed at its place, through arrays. */
function dataRefs(
  walk: Walk,
  pointer: string,
  value: unknown,
  keys: string[],
  names: (text: string) => boolean,
): unknown {
  if (Array.isArray(value)) return value.map((item, index) => dataRefs(walk, `${pointer}/${index}`, item, keys, names));
  if (!isPlainObject(value) || keys.length === 0) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      const at = `${pointer}/${escapePointer(key)}`;
      const keyPath = keySegments(key);
      const isPrefix = keyPath.length < keys.length && keyPath.every((segment, index) => segment === keys[index]);
      if (isPrefix) return [key, dataRefs(walk, at, item, keys.slice(keyPath.length), names)];
      return [pathText(walk, at, key, names) as string, item];
    }),
  );
}

function goldenOrder(
  walk: Walk,
  value: Record<string, unknown>,
  field: string,
  names: (text: string) => boolean,
): Record<string, unknown> {
  const keys = keySegments(field);
  const out: Record<string, unknown> = { ...value };
  if (value.start !== undefined) out.start = dataRefs(walk, '/start', value.start, keys, names);
  if (Array.isArray(value.steps))
    out.steps = value.steps.map((step, index) => {
      if (!isPlainObject(step)) return step;
      const next = { ...step };
      if (step.set !== undefined) next.set = dataRefs(walk, `/steps/${index}/set`, step.set, keys, names);
      if (step.blur !== undefined) next.blur = pathText(walk, `/steps/${index}/blur`, step.blur, names);
      return next;
    });
  if (isPlainObject(value.expect)) {
    const expect = { ...value.expect };
    if (expect.data !== undefined) expect.data = dataRefs(walk, '/expect/data', expect.data, keys, names);
    for (const key of ['missing', 'missingIncludes', 'missingExcludes', 'hidden', 'shown'])
      if (expect[key] !== undefined) expect[key] = pathList(walk, `/expect/${key}`, expect[key], names);
    for (const key of ['labels', 'errors', 'options'])
      if (expect[key] !== undefined) expect[key] = pathKeys(walk, `/expect/${key}`, expect[key], names);
    if (isPlainObject(expect.submit) && expect.submit.payload !== undefined)
      expect.submit = {
        ...expect.submit,
        payload: dataRefs(walk, '/expect/submit/payload', expect.submit.payload, keys, names),
      };
    out.expect = expect;
  }
  return out;
}

/** The schema object holding a field's property (through nested objects and array items), or undefined. */
function schemaParent(schema: unknown, keys: string[]): Record<string, unknown> | undefined {
  let node = schema;
  for (const key of keys.slice(0, -1)) {
    if (!isPlainObject(node) || !isPlainObject(node.properties)) return undefined;
    node = node.properties[key];
    while (isPlainObject(node) && !isPlainObject(node.properties) && isPlainObject(node.items)) node = node.items;
  }
  return isPlainObject(node) && isPlainObject(node.properties) ? node : undefined;
}

/** A schema with the field's property (and `required` entry) renamed or removed (newKey undefined). */
function schemaRefs(walk: Walk, schema: unknown, field: string, newKey: string | undefined): unknown {
  const keys = keySegments(field);
  const oldKey = keys.at(-1)!;
  const copy = structuredClone(schema);
  const parent = schemaParent(copy, keys);
  if (!parent || !isPlainObject(parent.properties) || !(oldKey in parent.properties)) return schema;
  walk.found.push({ file: walk.file, pointer: `/properties/${keys.join('/properties/')}`, text: field });
  parent.properties = Object.fromEntries(
    Object.entries(parent.properties).flatMap(([key, value]) =>
      key !== oldKey ? [[key, value]] : newKey ? [[newKey, value]] : [],
    ),
  );
  if (Array.isArray(parent.required) && parent.required.includes(oldKey)) {
    walk.found.push({ file: walk.file, pointer: '/required', text: oldKey });
    parent.required = parent.required.flatMap((key) => (key !== oldKey ? [key] : newKey ? [newKey] : []));
  }
  return copy;
}

/** A ui schema with the field's entry, ui:order and section entries and ui:options naming it renamed or removed. */
function uiRefs(walk: Walk, ui: unknown, field: string, newKey: string | undefined): unknown {
  if (!isPlainObject(ui)) return ui;
  const keys = keySegments(field);
  const oldKey = keys.at(-1)!;
  const copy = structuredClone(ui);
  let parent: unknown = copy;
  let pointer = '';
  for (const key of keys.slice(0, -1)) {
    if (!isPlainObject(parent)) return ui;
    parent =
      isPlainObject(parent[key]) && isPlainObject((parent[key] as Record<string, unknown>).items)
        ? (parent[key] as Record<string, unknown>).items
        : parent[key];
    pointer += `/${escapePointer(key)}`;
  }
  if (!isPlainObject(parent)) return ui;
  const inList = (list: unknown[], at: string) =>
    list.flatMap((item, index) => {
      if (item !== oldKey) return [item];
      walk.found.push({ file: walk.file, pointer: `${at}/${index}`, text: oldKey });
      return newKey ? [newKey] : [];
    });
  if (oldKey in parent) {
    walk.found.push({ file: walk.file, pointer: `${pointer}/${escapePointer(oldKey)}`, text: oldKey });
    const entries = Object.entries(parent).flatMap(([key, value]) =>
      key !== oldKey ? [[key, value]] : newKey ? [[newKey, value]] : [],
    );
    for (const key of Object.keys(parent)) delete parent[key];
    Object.assign(parent, Object.fromEntries(entries));
  }
  if (Array.isArray(parent['ui:order'])) parent['ui:order'] = inList(parent['ui:order'], `${pointer}/ui:order`);
  const options = parent['ui:options'];
  if (isPlainObject(options) && Array.isArray(options.sections))
    options.sections = options.sections.map((section, index) =>
      isPlainObject(section) && Array.isArray(section.fields)
        ? { ...section, fields: inList(section.fields, `${pointer}/ui:options/sections/${index}/fields`) }
        : section,
    );
  // ui:options naming the field by key (`inchesPath`, `checkedPath`, `editedBy`), anywhere under the parent.
  const visit = (node: unknown, at: string) => {
    if (!isPlainObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'ui:options' && isPlainObject(value))
        for (const [option, text] of Object.entries(value))
          if (option !== 'sections' && text === oldKey) {
            walk.found.push({ file: walk.file, pointer: `${at}/ui:options/${option}`, text: oldKey });
            if (newKey) value[option] = newKey;
            else delete value[option];
          }
      if (isPlainObject(value)) visit(value, `${at}/${escapePointer(key)}`);
    }
  };
  visit(parent, pointer);
  return copy;
}

/** The rules files a field's references are looked for in: the form's and those of every piece it includes. */
function ruleFolders(files: TreeFiles, form: string): string[] {
  return mergeForm(files, form).folders;
}

interface ReferenceScan {
  /** The files rewritten (for a rename; unchanged otherwise), by tree path, as JSON values. */
  values: Record<string, unknown>;
  found: FieldReference[];
}

function scan(
  files: TreeFiles,
  form: string,
  field: string,
  rewrite: Rewrite,
  newKey: string | undefined,
  folders: string[],
  withGoldenOrders = true,
): ReferenceScan {
  const names = (text: string) => namesField(text, field);
  const values: Record<string, unknown> = {};
  const found: FieldReference[] = [];
  for (const folder of folders) {
    for (const name of ['schema.json', 'ui.json', 'rules.json']) {
      const file = `${folder}/${name}`;
      const value = readJsonFile(files, file);
      if (!isPlainObject(value)) continue;
      const walk: Walk = { rewrite, found, file };
      if (name === 'rules.json') values[file] = rulesFile(walk, value, names);
      else if (name === 'schema.json') values[file] = schemaRefs(walk, value, field, newKey);
      else values[file] = uiRefs(walk, value, field, newKey);
    }
  }
  for (const file of withGoldenOrders ? goldenOrderPaths(files, form) : []) {
    const value = readJsonFile(files, file);
    if (!isPlainObject(value) || value.form !== form) continue;
    values[file] = goldenOrder({ rewrite, found, file }, value, field, names);
  }
  return { values, found };
}

/** Where the form's files (its included pieces and golden orders too) name the field, grouped by file. */
export function findFieldUses(
  files: TreeFiles,
  form: string,
  field: string,
): { file: string; pointers: string[]; isShared: boolean }[] {
  const { found } = scan(files, form, field, identity, keySegments(field).at(-1), ruleFolders(files, form));
  const forms = formsOf(files);
  const byFile = new Map<string, string[]>();
  for (const reference of found) byFile.set(reference.file, [...(byFile.get(reference.file) ?? []), reference.pointer]);
  return [...byFile].map(([file, pointers]) => ({
    file,
    pointers,
    isShared:
      !file.startsWith(`${formFolder(form)}/`) &&
      !file.startsWith('tests/') &&
      formsIncluding(files, file.slice(0, file.lastIndexOf('/')), forms).length > 1,
  }));
}

export interface RenameResult {
  files: Record<string, string>;
  changed: { path: string; count: number }[];
  /** Why the rename was not done (nothing changed then). */
  refused?: string;
}

/**
 * Renames a field of a form everywhere the form names it: its schema property, ui entries, every rule path and
 * expression of the form and of the pieces only it includes, labels, and its golden orders. `to` is the new key or the
 * new full path (same parent). Refused when the field is defined in or named by a piece other forms include too.
 */
export function renameField(files: TreeFiles, form: string, from: string, to: string): RenameResult {
  const fromKeys = keySegments(from);
  const toKeys = keySegments(to);
  const newKey = toKeys.at(-1);
  const unchanged = (refused: string): RenameResult => ({ files: { ...files }, changed: [], refused });
  if (!newKey || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(newKey))
    return unchanged(`"${to}" is not a field name (letters, digits, _)`);
  if (toKeys.length > 1 && toKeys.slice(0, -1).join('.') !== fromKeys.slice(0, -1).join('.'))
    return unchanged('a rename keeps the field where it is: give the new name only');
  if (newKey === fromKeys.at(-1)) return unchanged('the new name is the old one');
  const merged = mergeForm(files, form);
  const ownFolder = formFolder(form);
  const definedIn = merged.propertyFiles[fromKeys[0]];
  if (!definedIn) return unchanged(`${form} has no field ${from}`);
  const forms = formsOf(files);
  const folders = merged.folders.filter(
    (folder) => folder === ownFolder || formsIncluding(files, folder, forms).length === 1,
  );
  const sharedFolders = merged.folders.filter((folder) => !folders.includes(folder));
  const definingFolder = definedIn.slice(0, definedIn.lastIndexOf('/'));
  if (sharedFolders.includes(definingFolder))
    return unchanged(
      `${from} is defined in ${definedIn}, a piece other forms include too: rename it there for all of them`,
    );
  const sharedUses = scan(files, form, from, identity, newKey, sharedFolders, false).found;
  if (sharedUses.length > 0)
    return unchanged(`${sharedUses[0].file}, a piece other forms include too, names ${from}: change it there first`);
  const siblings = schemaParent(readJsonFile(files, definedIn), fromKeys)?.properties;
  if (isPlainObject(siblings) && newKey in siblings)
    return unchanged(`${form} already has a field ${toKeys.length > 1 ? to : newKey}`);
  const rewrite: Rewrite = (text) => renamePathText(text, from, newKey);
  const { values, found } = scan(files, form, from, rewrite, newKey, folders);
  const counts = new Map<string, number>();
  for (const reference of found) counts.set(reference.file, (counts.get(reference.file) ?? 0) + 1);
  const out: Record<string, string> = { ...files };
  const changed: { path: string; count: number }[] = [];
  for (const [path, count] of counts) {
    out[path] = serializeTreeFile(path, values[path]);
    if (out[path] !== files[path]) changed.push({ path, count });
  }
  return { files: out, changed };
}

/**
 * Removes a field's definition from the form: its schema property and `required` entry, its ui entries, its label.
 * Rules and golden orders naming it are left for staff (findFieldUses lists them first; the checks then name them).
 */
export function deleteField(files: TreeFiles, form: string, field: string): RenameResult {
  const merged = mergeForm(files, form);
  const definedIn = merged.propertyFiles[keySegments(field)[0]];
  if (!definedIn?.startsWith(`${formFolder(form)}/`))
    return {
      files: { ...files },
      changed: [],
      refused: `${field} is defined in ${definedIn ?? 'no file'}, not in ${form}'s own schema`,
    };
  const out: Record<string, string> = { ...files };
  const changed: { path: string; count: number }[] = [];
  const apply = (path: string, change: (walk: Walk, value: unknown) => unknown) => {
    const value = readJsonFile(files, path);
    if (value === undefined) return;
    const walk: Walk = { rewrite: identity, found: [], file: path };
    const next = change(walk, value);
    if (walk.found.length === 0) return;
    out[path] = serializeTreeFile(path, next);
    changed.push({ path, count: walk.found.length });
  };
  apply(definedIn, (walk, value) => schemaRefs(walk, value, field, undefined));
  apply(`${formFolder(form)}/ui.json`, (walk, value) => uiRefs(walk, value, field, undefined));
  apply(`${formFolder(form)}/rules.json`, (walk, value) => {
    if (!isPlainObject(value) || !isPlainObject(value.labels)) return value;
    const labels = Object.fromEntries(
      Object.entries(value.labels).filter(([key]) => {
        const hit = keySegments(key).join('.') === keySegments(field).join('.');
        if (hit) walk.found.push({ file: walk.file, pointer: `/labels/${escapePointer(key)}`, text: key });
        return !hit;
      }),
    );
    return { ...value, labels };
  });
  return { files: out, changed };
}
