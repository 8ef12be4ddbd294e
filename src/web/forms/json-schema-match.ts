/**
 * Does a value match a JSON Schema? The keywords of draft-07 that decide a match (types, const/enum, numbers, strings,
 * arrays, objects, allOf/anyOf/oneOf/not, if/then/else, local $ref), read as ajv reads them with `strict: false`:
 * unknown keywords, annotations and `format` are ignored. rjsf asks this only to pick a oneOf/anyOf option or an
 * if/then/else branch; ajv (with its compiler, ~45 kB gz) is not needed for that in the browser.
 */
import { safeRegExp, testPattern } from '../../engine';

type Schema = boolean | Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Deep equality of JSON values (ajv's `const`, `enum` and `uniqueItems`). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && jsonEqual(a[key], b[key]));
  }
  return false;
}

function hasType(type: string, value: unknown): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      return false;
  }
}

/** The schema at a local reference ('#', '#/definitions/x'); undefined when it names something else. */
function resolveRef(ref: string, root: Schema): Schema | undefined {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return typeof node === 'boolean' || isObject(node) ? node : undefined;
}

/** A schema pattern through the definitions' gate (issue 43): a refused one, or a text too long to scan, never matches. */
function patternMatches(source: string, text: string): boolean {
  const pattern = safeRegExp(source, 'u');
  return pattern !== undefined && testPattern(pattern, text);
}

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

function numberMatches(s: Record<string, unknown>, value: number): boolean {
  const [min, max, exMin, exMax, multipleOf] = [
    num(s.minimum),
    num(s.maximum),
    num(s.exclusiveMinimum),
    num(s.exclusiveMaximum),
    num(s.multipleOf),
  ];
  if (min !== undefined && value < min) return false;
  if (max !== undefined && value > max) return false;
  if (exMin !== undefined && value <= exMin) return false;
  if (exMax !== undefined && value >= exMax) return false;
  if (multipleOf !== undefined) {
    // ajv as rjsf configures it: multipleOfPrecision 8
    const quotient = value / multipleOf;
    if (!Number.isInteger(quotient) && Math.abs(quotient - Math.round(quotient)) > 1e-8) return false;
  }
  return true;
}

function stringMatches(s: Record<string, unknown>, value: string): boolean {
  const length = [...value].length; // code points, as ajv counts them
  if (num(s.minLength) !== undefined && length < num(s.minLength)!) return false;
  if (num(s.maxLength) !== undefined && length > num(s.maxLength)!) return false;
  return typeof s.pattern !== 'string' || patternMatches(s.pattern, value);
}

function arrayMatches(s: Record<string, unknown>, value: unknown[], root: Schema): boolean {
  if (num(s.minItems) !== undefined && value.length < num(s.minItems)!) return false;
  if (num(s.maxItems) !== undefined && value.length > num(s.maxItems)!) return false;
  if (s.uniqueItems === true && value.some((item, i) => value.findIndex((other) => jsonEqual(item, other)) !== i))
    return false;
  if (Array.isArray(s.items)) {
    const tuple = s.items as Schema[];
    if (!tuple.every((item, i) => i >= value.length || matches(item, value[i], root))) return false;
    if (
      s.additionalItems !== undefined &&
      !value.slice(tuple.length).every((item) => matches(s.additionalItems as Schema, item, root))
    )
      return false;
  } else if (s.items !== undefined && !value.every((item) => matches(s.items as Schema, item, root))) return false;
  return s.contains === undefined || value.some((item) => matches(s.contains as Schema, item, root));
}

function objectMatches(s: Record<string, unknown>, value: Record<string, unknown>, root: Schema): boolean {
  const keys = Object.keys(value);
  if (Array.isArray(s.required) && !s.required.every((key) => typeof key !== 'string' || key in value)) return false;
  if (num(s.minProperties) !== undefined && keys.length < num(s.minProperties)!) return false;
  if (num(s.maxProperties) !== undefined && keys.length > num(s.maxProperties)!) return false;
  const properties = isObject(s.properties) ? (s.properties as Record<string, Schema>) : {};
  const patternProperties = isObject(s.patternProperties) ? (s.patternProperties as Record<string, Schema>) : {};
  for (const key of keys) {
    let described = false;
    if (Object.hasOwn(properties, key)) {
      described = true;
      if (!matches(properties[key], value[key], root)) return false;
    }
    for (const [pattern, schema] of Object.entries(patternProperties)) {
      if (!patternMatches(pattern, key)) continue;
      described = true;
      if (!matches(schema, value[key], root)) return false;
    }
    if (
      !described &&
      s.additionalProperties !== undefined &&
      !matches(s.additionalProperties as Schema, value[key], root)
    )
      return false;
    if (s.propertyNames !== undefined && !matches(s.propertyNames as Schema, key, root)) return false;
  }
  const dependencies = {
    ...(isObject(s.dependencies) ? s.dependencies : {}),
    ...(isObject(s.dependentRequired) ? s.dependentRequired : {}),
  };
  for (const [key, dependency] of Object.entries(dependencies)) {
    if (!(key in value)) continue;
    if (Array.isArray(dependency)) {
      if (!dependency.every((other) => typeof other !== 'string' || other in value)) return false;
    } else if (!matches(dependency as Schema, value, root)) return false;
  }
  return true;
}

/** Whether `value` matches `schema`; `root` resolves local `$ref`s (an unknown reference never matches). */
export function matches(schema: Schema, value: unknown, root: Schema = schema): boolean {
  if (typeof schema === 'boolean') return schema;
  if (!isObject(schema)) return true;
  const s = schema;
  if (typeof s.$ref === 'string') {
    const target = resolveRef(s.$ref, root);
    if (target === undefined || !matches(target, value, root)) return false;
  }
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    if (!types.some((type) => hasType(type, value))) return false;
  }
  if ('const' in s && !jsonEqual(s.const, value)) return false;
  if (Array.isArray(s.enum) && !s.enum.some((option) => jsonEqual(option, value))) return false;
  if (typeof value === 'number' && !numberMatches(s, value)) return false;
  if (typeof value === 'string' && !stringMatches(s, value)) return false;
  if (Array.isArray(value) && !arrayMatches(s, value, root)) return false;
  if (isObject(value) && !objectMatches(s, value, root)) return false;
  if (Array.isArray(s.allOf) && !s.allOf.every((part) => matches(part as Schema, value, root))) return false;
  if (Array.isArray(s.anyOf) && !s.anyOf.some((part) => matches(part as Schema, value, root))) return false;
  if (Array.isArray(s.oneOf) && s.oneOf.filter((part) => matches(part as Schema, value, root)).length !== 1)
    return false;
  if (s.not !== undefined && matches(s.not as Schema, value, root)) return false;
  if (s.if !== undefined) {
    const branch = matches(s.if as Schema, value, root) ? s.then : s.else;
    if (branch !== undefined && !matches(branch as Schema, value, root)) return false;
  }
  return true;
}
