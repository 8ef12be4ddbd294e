/** Dot paths with 0-based indexes (`wallLengthsFeet.0`, `personalInfo.zip`): read, write, test for empty. */

const splitCache = new Map<string, string[]>();

/** Split a dot path into keys (memoised: paths repeat on every edit). */
export function splitPath(path: string): string[] {
  let keys = splitCache.get(path);
  if (!keys) {
    keys = path === '' ? [] : path.split('.');
    splitCache.set(path, keys);
  }
  return keys;
}

/** Value at a dot path, or undefined. */
export function getIn(data: unknown, path: string): unknown {
  let node: unknown = data;
  for (const key of splitPath(path)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A copy of `data` with `value` at `path`; only the objects along the path are copied. Creates arrays for numeric keys. */
export function setIn<T extends Record<string, unknown>>(data: T, path: string, value: unknown): T {
  const keys = splitPath(path);
  if (keys.length === 0) return data;
  return setKeys(data, keys, 0, value) as T;
}

function setKeys(node: unknown, keys: string[], at: number, value: unknown): unknown {
  const key = keys[at];
  const isIndex = /^\d+$/.test(key);
  const copy: Record<string, unknown> | unknown[] = Array.isArray(node)
    ? node.slice()
    : node !== null && typeof node === 'object'
      ? { ...(node as Record<string, unknown>) }
      : isIndex
        ? []
        : {};
  const current = (copy as Record<string, unknown>)[key];
  const next = at === keys.length - 1 ? value : setKeys(current, keys, at + 1, value);
  if (Array.isArray(copy) && isIndex) {
    const index = Number(key);
    while (copy.length < index) copy.push(null);
    copy[index] = next;
  } else {
    (copy as Record<string, unknown>)[key] = next;
  }
  return copy;
}

/** Absent, null, '' and [] are empty (the golden-order contract: absent = null = ""). */
export function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Whether `path` is `ancestor` or lies below it. */
export function isSameOrBelow(path: string, ancestor: string): boolean {
  return path === ancestor || (path.startsWith(ancestor) && path.charCodeAt(ancestor.length) === 46);
}

const filledCache = new Map<string, string[]>();

/** Fill `{i}` (0-based) and `{n}` (1-based) in a template (memoised: the same string object comes back each pass). */
export function fillIndex(template: string, index: number | undefined): string {
  if (index === undefined || template.indexOf('{') < 0) return template;
  const isCached = Number.isInteger(index) && index >= 0 && index < 1000;
  let byIndex = isCached ? filledCache.get(template) : undefined;
  if (isCached && !byIndex) filledCache.set(template, (byIndex = []));
  let filled = byIndex?.[index];
  if (filled === undefined) {
    filled = template.replace(/\{i\}/g, String(index)).replace(/\{n\}/g, String(index + 1));
    if (byIndex) byIndex[index] = filled;
  }
  return filled;
}

/** A matcher for a path pattern where `{i}` or `*` stands for one array index; returns the index or -1 / null. */
export function compilePathPattern(pattern: string): (path: string) => number | null {
  if (!/\{i\}|\*/.test(pattern)) return (path) => (path === pattern ? -1 : null);
  const source = pattern
    .split(/(\{i\}|\*)/)
    .map((part) => (part === '{i}' || part === '*' ? '(\\d+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const regex = new RegExp(`^${source}$`);
  return (path) => {
    const match = regex.exec(path);
    return match ? Number(match[1]) : null;
  };
}

const patternCache = new Map<string, string>();

/** Replace concrete indexes by `*` (`wallLengthsFeet.0` -> `wallLengthsFeet.*`) and `{i}` likewise (memoised). */
export function toPattern(path: string): string {
  let pattern = patternCache.get(path);
  if (pattern === undefined) {
    pattern = path.replace(/\{i\}/g, '*').replace(/(^|\.)\d+(?=\.|$)/g, '$1*');
    if (patternCache.size >= 10_000) patternCache.clear();
    patternCache.set(path, pattern);
  }
  return pattern;
}

/** A concrete path with its keys and ancestors, made once and reused by every pass. */
export interface PathRef {
  path: string;
  keys: string[];
  /** `a.b.c` -> [`a`, `a.b`]. */
  ancestors: string[];
}

function makePathRef(path: string): PathRef {
  const ancestors: string[] = [];
  for (let dot = path.indexOf('.'); dot >= 0; dot = path.indexOf('.', dot + 1)) ancestors.push(path.slice(0, dot));
  return { path, keys: splitPath(path), ancestors };
}

/** A rule's path template (`doorWidth.{i}`): the filled path per index, memoised on the template itself. */
export class PathTemplate {
  readonly template: string;
  private readonly plain: PathRef;
  private readonly hasIndex: boolean;
  private readonly byIndex: PathRef[] = [];

  constructor(template: string) {
    this.template = template;
    this.plain = makePathRef(template);
    this.hasIndex = template.indexOf('{') >= 0;
  }

  /** The path for a forEach index (undefined: the template as written), as fillIndex would fill it. */
  at(index: number | undefined): PathRef {
    if (index === undefined || !this.hasIndex) return this.plain;
    let ref = this.byIndex[index];
    if (ref === undefined) {
      ref = makePathRef(fillIndex(this.template, index));
      if (Number.isInteger(index) && index >= 0 && index < 1000) this.byIndex[index] = ref;
    }
    return ref;
  }
}

/** Value at already split keys, or undefined. */
export function getAtKeys(data: unknown, keys: readonly string[]): unknown {
  let node: unknown = data;
  for (let i = 0; i < keys.length; i++) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[keys[i]];
  }
  return node;
}

/** setIn with already split keys. */
export function setAtKeys<T extends Record<string, unknown>>(data: T, keys: string[], value: unknown): T {
  if (keys.length === 0) return data;
  return setKeys(data, keys, 0, value) as T;
}

/**
 * The top-level value `top` (that of `keys[0]`) with `value` at `keys`, copied along the path: what
 * setAtKeys(data, keys, value)[keys[0]] is, for a caller that owns a copy of `data` and writes it in place.
 */
export function setBelowTop(top: unknown, keys: string[], value: unknown): unknown {
  return keys.length === 1 ? value : setKeys(top, keys, 1, value);
}
