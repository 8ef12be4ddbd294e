/**
 * Definition composition: a rules.json may `include` other folders (shared pieces such as
 * definitions/shared/personal-info). The reader merges them into ONE flat bundle, so the browser, the
 * server and check:orders see a single definition; problems are mapped back to the file they came from.
 *
 * An include is a folder path relative to the including folder, or `{ "path": ..., "params": {...} }`.
 * Params fill `{{name}}` placeholders in the included folder's files (keys and strings); a string that is
 * exactly `{{name}}` becomes the param's JSON value (so a param may be an expression). A folder's own
 * `params` in its rules.json are its defaults. Merge order: the includes in listed order (each with its own
 * includes first), then the folder's own files; later files override constants, labels, data and ui keys;
 * rules are concatenated; schema properties are merged (later wins per property), `required` is united.
 *
 * Reads through DefinitionFiles (no node:fs): the same code merges a folder on disk and a draft in memory.
 */
import type { DefinitionBundle, Problem, RulesFile } from '../engine/index';
import type { DefinitionFiles } from './definition-files';
import { definitionLimits, findTooDeep } from './definition-limits';
import { isWithin, joinPath } from './tree-paths';

/** One include entry of a rules.json. */
export type IncludeEntry = string | { path: string; params?: Record<string, unknown> };

/** Where one merged rule came from: its file, its index there, and the params it was included with. */
export interface RuleSource {
  file: string;
  index: number;
  params?: string;
}

/** Where the merged rules and schema properties came from, to name the right file in problems (structured-cloneable). */
export interface SourceMap {
  /** Merged rule index -> file and index inside it (and the params it was included with). */
  rules: RuleSource[];
  /** Top-level schema property -> file that defined it last. */
  properties: Map<string, string>;
  /** Label key -> file. */
  labels: Map<string, string>;
  /** Condition name -> file that defined it first (and the params it was included with). */
  conditions: Map<string, { file: string; params?: string }>;
}

/** The merged pieces of a folder with its includes. */
export interface MergedFolder {
  schema: Record<string, unknown>;
  ui: Record<string, unknown>;
  rules: RulesFile;
  data: Record<string, unknown>;
  /** Path per part; included files are listed as `include:<n>:<part>` so tools can watch them. */
  files: Record<string, string>;
  sources: SourceMap;
}

const PART_FILES = ['schema.json', 'ui.json', 'rules.json'];
const MAX_DEPTH = 8;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Objects merge key by key (recursively); anything else is replaced by the later value. */
export function deepMerge(base: unknown, over: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(over)) return over === undefined ? base : over;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = key in out ? deepMerge(out[key], value) : value;
  return out;
}

const PLACEHOLDER = /\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}$/;

/**
 * Fill `{{name}}` placeholders in every key and string of a JSON value. A whole-string placeholder takes the
 * param's JSON value; inside a longer string the param is written as text. Unknown names are reported.
 */
export function fillParams(value: unknown, params: Record<string, unknown>, unknown: Set<string>): unknown {
  if (typeof value === 'string') {
    if (value.indexOf('{{') < 0) return value;
    const whole = WHOLE_PLACEHOLDER.exec(value);
    if (whole) {
      if (!(whole[1] in params)) unknown.add(whole[1]);
      return whole[1] in params ? structuredClone(params[whole[1]]) : value;
    }
    return value.replace(PLACEHOLDER, (match, name: string) => {
      if (!(name in params)) {
        unknown.add(name);
        return match;
      }
      const param = params[name];
      return typeof param === 'string' ? param : JSON.stringify(param);
    });
  }
  if (Array.isArray(value)) return value.map((item) => fillParams(item, params, unknown));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      out[fillParams(key, params, unknown) as string] = fillParams(item, params, unknown);
    return out;
  }
  return value;
}

/** UTF-8 bytes of a text when it may be over the file limit, else 0 (a file in memory is measured as on disk: bytes). */
function bytesIfOverLimit(text: string): number {
  // A UTF-16 unit is 1 to 3 bytes (a surrogate pair 4 for 2 units): only texts near the limit are encoded.
  if (text.length * 3 <= definitionLimits.maxFileBytes) return 0;
  const bytes = new TextEncoder().encode(text).length;
  return bytes > definitionLimits.maxFileBytes ? bytes : 0;
}

/** A part file that is not there (reported by the caller, who knows whether it is required). */
const ABSENT = Symbol('absent');

function readJson(files: DefinitionFiles, file: string, problems: Problem[]): unknown {
  let text: string | undefined;
  try {
    const size = files.sizeOf?.(file);
    if (size !== undefined && size > definitionLimits.maxFileBytes) {
      problems.push(tooLarge(file, size));
      return undefined;
    }
    text = files.read(file);
  } catch (error) {
    problems.push({
      file,
      path: '/',
      reason: `cannot read: ${(error as Error).message}`,
      check: 'schema',
      severity: 'error',
    });
    return undefined;
  }
  if (text === undefined) return ABSENT;
  const bytes = files.sizeOf ? 0 : bytesIfOverLimit(text);
  if (bytes > 0) {
    problems.push(tooLarge(file, bytes));
    return undefined;
  }
  const known = parsedByText.get(text);
  if (known) {
    parsedByText.delete(text);
    parsedByText.set(text, known);
    if (known.tooDeep) problems.push(tooDeepProblem(file, known.tooDeep));
    return known.tooDeep ? undefined : known.value;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    problems.push({
      file,
      path: '/',
      reason: `not JSON: ${(error as Error).message}`,
      check: 'schema',
      severity: 'error',
    });
    return undefined;
  }
  // Checked before anything recursive (params, ajv, the expression compiler) touches the value.
  const tooDeep = findTooDeep(value);
  parsedByText.set(text, { value, tooDeep });
  if (parsedByText.size > PARSED_TEXTS_KEPT) parsedByText.delete(parsedByText.keys().next().value!);
  if (tooDeep) {
    problems.push(tooDeepProblem(file, tooDeep));
    return undefined;
  }
  return value;
}

/**
 * Parsed files by text (and where one nests too deep), the most recently read last: a form recompiled after one edit
 * (the workbench's preview) reads the same pieces, data and price tables again. Safe to share because nothing merged
 * is a parsed value itself: fillParams copies every object and array it is given.
 */
const parsedByText = new Map<string, { value: unknown; tooDeep: string | undefined }>();
const PARSED_TEXTS_KEPT = 2000;

function tooDeepProblem(file: string, path: string): Problem {
  return {
    file,
    path,
    reason: `too deep to compile: nested deeper than ${definitionLimits.maxDepth} levels`,
    check: 'schema',
    severity: 'error',
  };
}

function tooLarge(file: string, size: number): Problem {
  return {
    file,
    path: '/',
    reason: `too large to compile: ${size} bytes (at most ${definitionLimits.maxFileBytes})`,
    check: 'schema',
    severity: 'error',
  };
}

/** Whether an include target lies inside the root: by its path, and on disk also where its symlinks lead. */
function isInsideRoot(files: DefinitionFiles, root: string, target: string): boolean {
  const absolute = (p: string) => files.absolutePath?.(p) ?? p;
  if (!isWithin(absolute(root), absolute(target))) return false;
  const realRoot = files.realPath?.(root);
  const realTarget = files.realPath?.(target);
  if (realRoot === undefined || realTarget === undefined) return true;
  return isWithin(realRoot, realTarget);
}

function emptyMerged(): MergedFolder {
  return {
    schema: {},
    ui: {},
    rules: { form: '', rules: [] },
    data: {},
    files: {},
    sources: { rules: [], properties: new Map(), labels: new Map(), conditions: new Map() },
  };
}

function describeParams(params: Record<string, unknown>): string | undefined {
  const keys = Object.keys(params);
  if (keys.length === 0) return undefined;
  return keys
    .map((key) => `${key}=${typeof params[key] === 'string' ? params[key] : JSON.stringify(params[key])}`)
    .join(', ');
}

/** Merge one folder's files (already parameter-filled) on top of what is merged so far. */
function mergeInto(
  target: MergedFolder,
  part: { schema?: unknown; ui?: unknown; rules?: Record<string, unknown>; data: Record<string, unknown> },
  files: Record<string, string>,
  params: string | undefined,
  isTop: boolean,
  problems: Problem[],
): void {
  const schema = isPlainObject(part.schema) ? part.schema : undefined;
  if (schema) {
    const { properties, required, ...rest } = schema;
    Object.assign(target.schema, rest);
    if (isPlainObject(properties)) {
      const merged = isPlainObject(target.schema.properties) ? { ...target.schema.properties } : {};
      for (const [key, value] of Object.entries(properties)) {
        merged[key] = value;
        target.sources.properties.set(key, files.schema);
      }
      target.schema.properties = merged;
    }
    if (Array.isArray(required))
      target.schema.required = [...new Set([...((target.schema.required as string[]) ?? []), ...required])];
  }
  if (isPlainObject(part.ui)) target.ui = deepMerge(target.ui, part.ui) as Record<string, unknown>;
  const rules = part.rules;
  if (rules) {
    const list = Array.isArray(rules.rules) ? (rules.rules as RulesFile['rules']) : [];
    list.forEach((_, index) => target.sources.rules.push({ file: files.rules, index, params }));
    target.rules.rules = [...target.rules.rules, ...list];
    if (rules.constants !== undefined)
      target.rules.constants = deepMerge(target.rules.constants ?? {}, rules.constants) as Record<string, unknown>;
    if (isPlainObject(rules.labels)) {
      target.rules.labels = { ...(target.rules.labels ?? {}), ...(rules.labels as Record<string, string>) };
      for (const key of Object.keys(rules.labels)) target.sources.labels.set(key, files.rules);
    }
    if (isPlainObject(rules.payload)) {
      const payload = rules.payload as NonNullable<RulesFile['payload']>;
      const current = target.rules.payload ?? {};
      target.rules.payload = {
        ...current,
        ...(payload.omitHidden !== undefined ? { omitHidden: payload.omitHidden } : {}),
        ...(payload.exclude || current.exclude
          ? { exclude: [...new Set([...(current.exclude ?? []), ...(payload.exclude ?? [])])] }
          : {}),
        ...(payload.add || current.add ? { add: { ...(current.add ?? {}), ...(payload.add ?? {}) } } : {}),
      };
    }
    if (isPlainObject(rules.conditions)) mergeConditions(target, rules.conditions, files.rules, params, problems);
    if (rules.price !== undefined) target.rules.price = rules.price as string;
    if (rules.submit !== undefined)
      target.rules.submit = deepMerge(target.rules.submit ?? {}, rules.submit) as RulesFile['submit'];
    if (isPlainObject(rules.orderLines)) {
      const lines = rules.orderLines as NonNullable<RulesFile['orderLines']>;
      const current = target.rules.orderLines ?? {};
      target.rules.orderLines = {
        ...current,
        ...(lines.notListed || current.notListed
          ? { notListed: [...new Set([...(current.notListed ?? []), ...(lines.notListed ?? [])])] }
          : {}),
        ...(lines.instructions ? { instructions: lines.instructions } : {}),
        ...(lines.notOnBill || current.notOnBill
          ? { notOnBill: [...new Set([...(current.notOnBill ?? []), ...(lines.notOnBill ?? [])])] }
          : {}),
      };
    }
    if (isPlainObject(rules.drawing))
      target.rules.drawing = deepMerge(target.rules.drawing ?? {}, rules.drawing) as RulesFile['drawing'];
    if (isPlainObject(rules.parties))
      target.rules.parties = deepMerge(target.rules.parties ?? {}, rules.parties) as RulesFile['parties'];
    const merged = [
      'rules',
      'constants',
      'conditions',
      'labels',
      'payload',
      'price',
      'submit',
      'orderLines',
      'drawing',
      'parties',
    ];
    const handled = new Set([...merged, '$schema', 'form', 'title', 'description']);
    for (const [key, value] of Object.entries(rules)) {
      // form, title, description, $schema are the including form's own; unknown keys pass through so the meta-schema reports them.
      if (isTop ? !merged.includes(key) : !handled.has(key))
        (target.rules as unknown as Record<string, unknown>)[key] = value;
    }
  }
  Object.assign(target.data, part.data);
}

/**
 * Named conditions of every piece go into one map: the same name may come from several pieces (or one piece included
 * twice) only with the same body; two different bodies are refused, naming both files.
 */
function mergeConditions(
  target: MergedFolder,
  conditions: Record<string, unknown>,
  file: string,
  params: string | undefined,
  problems: Problem[],
): void {
  const merged = { ...(target.rules.conditions ?? {}) };
  for (const [name, body] of Object.entries(conditions)) {
    const earlier = target.sources.conditions.get(name);
    if (earlier && JSON.stringify(merged[name]) !== JSON.stringify(body)) {
      const where = (source: { file: string; params?: string }) =>
        `${source.file}${source.params ? ` (included with ${source.params})` : ''}`;
      problems.push({
        file,
        path: `/conditions/${name}`,
        reason: `condition "${name}" is defined differently in ${where(earlier)} and ${where({ file, params })}`,
        check: 'condition',
        severity: 'error',
      });
      continue;
    }
    if (!earlier) target.sources.conditions.set(name, { file, params });
    merged[name] = body;
  }
  target.rules.conditions = merged;
}

/**
 * Read a definition folder with everything it includes, merged into one bundle's parts. `folder` and `root` are paths
 * of `files` (in memory: `definitions/pergola` and `definitions`). Missing schema.json/ui.json are allowed in included
 * folders (a piece may hold rules only), not in the form's own. An include must stay inside `root`.
 */
export function mergeFolder(
  files: DefinitionFiles,
  folder: string,
  root: string,
  problems: Problem[],
): MergedFolder | undefined {
  const merged = emptyMerged();
  let includeCount = 0;
  const visit = (dir: string, params: Record<string, unknown>, chain: string[], isTop: boolean): boolean => {
    const rulesFile = joinPath(dir, 'rules.json');
    if (chain.includes(dir)) {
      problems.push({
        file: rulesFile,
        path: '/include',
        reason: `include cycle: ${[...chain, dir].join(' -> ')}`,
        check: 'cycle',
        severity: 'error',
      });
      return false;
    }
    if (chain.length > MAX_DEPTH) {
      problems.push({
        file: rulesFile,
        path: '/include',
        reason: `includes nested deeper than ${MAX_DEPTH}`,
        check: 'schema',
        severity: 'error',
      });
      return false;
    }
    if (!files.isFolder(dir)) {
      problems.push({
        file: dir,
        path: '/',
        reason: 'included folder does not exist',
        check: 'schema',
        severity: 'error',
      });
      return false;
    }
    const before = problems.length;
    const raw: Record<string, unknown> = {};
    for (const name of PART_FILES) {
      const file = joinPath(dir, name);
      const value = readJson(files, file, problems);
      if (value !== ABSENT) raw[name] = value;
      else if (isTop || name === 'rules.json')
        problems.push({ file, path: '/', reason: `missing ${name}`, check: 'schema', severity: 'error' });
    }
    const data: Record<string, unknown> = {};
    const dataFiles: Record<string, string> = {};
    for (const name of files.list(dir).files.sort()) {
      if (!name.endsWith('.json') || PART_FILES.includes(name)) continue;
      const file = joinPath(dir, name);
      const key = name.slice(0, -'.json'.length);
      const value = readJson(files, file, problems);
      data[key] = value === ABSENT ? undefined : value;
      if (value === ABSENT)
        problems.push({ file, path: '/', reason: 'cannot read: the file is gone', check: 'schema', severity: 'error' });
      dataFiles[key] = file;
    }
    if (problems.length > before) return false;
    const rules = raw['rules.json'];
    if (!isPlainObject(rules)) {
      problems.push({
        file: rulesFile,
        path: '/',
        reason: 'rules.json must hold an object',
        check: 'schema',
        severity: 'error',
      });
      return false;
    }
    const allParams = { ...(isPlainObject(rules.params) ? rules.params : {}), ...params };
    const unknownByFile = new Map<string, Set<string>>();
    const fillIn = (name: string) => (value: unknown) => {
      if (value === undefined) return undefined;
      const unknown = unknownByFile.get(name) ?? new Set<string>();
      unknownByFile.set(name, unknown);
      return fillParams(value, allParams, unknown);
    };
    const fill = fillIn('rules.json');
    const includes = (
      Array.isArray(rules.include) ? rules.include : rules.include === undefined ? [] : [rules.include]
    ) as IncludeEntry[];
    let ok = true;
    includes.forEach((entry, i) => {
      const target =
        typeof entry === 'string'
          ? entry
          : isPlainObject(entry) && typeof entry.path === 'string'
            ? entry.path
            : undefined;
      if (target === undefined) {
        problems.push({
          file: rulesFile,
          path: `/include/${i}`,
          reason: 'an include is a folder path or {"path": ..., "params": {...}}',
          check: 'schema',
          severity: 'error',
        });
        ok = false;
        return;
      }
      const resolved = files.resolveInclude?.(dir, target) ?? joinPath(dir, target);
      if (!isInsideRoot(files, root, resolved)) {
        const absolute = (p: string) => files.absolutePath?.(p) ?? p;
        problems.push({
          file: rulesFile,
          path: `/include/${i}`,
          reason: `include "${target}" resolves to ${absolute(resolved) || '.'}, outside the definitions folder ${absolute(root)}`,
          check: 'schema',
          severity: 'error',
        });
        ok = false;
        return;
      }
      const entryParams =
        typeof entry === 'string' ? {} : ((fill(entry.params ?? {}) as Record<string, unknown>) ?? {});
      ok = visit(resolved, entryParams, [...chain, dir], false) && ok;
    });
    const { include: _include, params: _params, ...ownRules } = rules;
    const partFiles: Record<string, string> = {
      schema: joinPath(dir, 'schema.json'),
      ui: joinPath(dir, 'ui.json'),
      rules: rulesFile,
    };
    const part = {
      schema: fillIn('schema.json')(raw['schema.json']),
      ui: fillIn('ui.json')(raw['ui.json']),
      rules: fill(ownRules) as Record<string, unknown>,
      data: fillIn('data')(data) as Record<string, unknown>,
    };
    let hasUnknown = false;
    for (const [name, unknown] of unknownByFile) {
      for (const param of unknown) {
        hasUnknown = true;
        problems.push({
          file: joinPath(dir, name === 'data' ? '' : name),
          path: '/',
          reason: `unknown parameter {{${param}}} (declare it in "params" of rules.json or pass it in the include)`,
          check: 'schema',
          severity: 'error',
        });
      }
    }
    if (hasUnknown) return false;
    const conflictsBefore = problems.length;
    mergeInto(merged, part, partFiles, isTop ? undefined : describeParams(params), isTop, problems);
    if (problems.length > conflictsBefore) ok = false;
    if (isTop) Object.assign(merged.files, partFiles);
    else {
      const n = includeCount++;
      for (const [key, file] of Object.entries(partFiles))
        if (`${key}.json` in raw) merged.files[`include:${n}:${key}`] = file;
    }
    for (const [key, file] of Object.entries(dataFiles)) merged.files[key] = file;
    return ok;
  };
  const ok = visit(folder, {}, [], true);
  return ok ? merged : undefined;
}

/** Rewrite problems found in the merged bundle so they name the file (and the index inside it) they came from. */
export function mapProblemsToSources(problems: Problem[], merged: MergedFolder): Problem[] {
  const rulesFile = merged.files.rules;
  const schemaFile = merged.files.schema;
  return problems.map((problem) => {
    if (problem.file === rulesFile) {
      const rule = /^\/rules\/(\d+)(.*)$/.exec(problem.path);
      if (rule) {
        const source = merged.sources.rules[Number(rule[1])];
        if (source) {
          const reason = source.params ? `${problem.reason} (included with ${source.params})` : problem.reason;
          return { ...problem, file: source.file, path: `/rules/${source.index}${rule[2]}`, reason };
        }
      }
      const condition = /^\/conditions\/([^/]+)/.exec(problem.path);
      if (condition && merged.sources.conditions.has(condition[1]))
        return { ...problem, file: merged.sources.conditions.get(condition[1])!.file };
      const label = /^\/labels\/(.+)$/.exec(problem.path);
      if (label && merged.sources.labels.has(label[1]))
        return { ...problem, file: merged.sources.labels.get(label[1])! };
    }
    if (problem.file === schemaFile) {
      const property = /^\/properties\/([^/]+)/.exec(problem.path);
      if (property && merged.sources.properties.has(property[1]))
        return { ...problem, file: merged.sources.properties.get(property[1])! };
    }
    return problem;
  });
}

/** The bundle of a merged folder. */
export function toBundle(form: string, merged: MergedFolder): DefinitionBundle {
  return { form, schema: merged.schema, ui: merged.ui, rules: merged.rules, data: merged.data, files: merged.files };
}
