/** Reading a form's JSON Schema by path: does a path exist, what type and choices does it have. */
import type { JsonSchema, Option } from './types';

/** Longest text the server accepts where schema.json sets no maxLength (its request-body schema adds it). */
export const DEFAULT_MAX_TEXT_LENGTH = 2000;
import { splitPath } from './paths';

function resolveRef(root: JsonSchema, node: JsonSchema | undefined): JsonSchema | undefined {
  let current = node;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 20; hops++) {
    const ref = current.$ref as string;
    if (!ref.startsWith('#/')) return current;
    let target: unknown = root;
    for (const key of ref.slice(2).split('/'))
      target = (target as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')];
    current = target as JsonSchema | undefined;
  }
  return current;
}

function subschemas(node: JsonSchema): JsonSchema[] {
  const list: JsonSchema[] = [node];
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const group = node[key];
    if (Array.isArray(group)) list.push(...(group as JsonSchema[]));
  }
  for (const key of ['then', 'else'] as const)
    if (node[key] && typeof node[key] === 'object') list.push(node[key] as JsonSchema);
  return list;
}

function childOf(root: JsonSchema, node: JsonSchema, key: string): JsonSchema | undefined {
  const isIndex = key === '*' || /^\d+$/.test(key);
  for (const candidate of subschemas(node)) {
    const resolved = resolveRef(root, candidate);
    if (!resolved) continue;
    if (isIndex && resolved.items && typeof resolved.items === 'object')
      return resolveRef(root, resolved.items as JsonSchema);
    const props = resolved.properties as Record<string, JsonSchema> | undefined;
    if (!isIndex && props && props[key]) return resolveRef(root, props[key]);
  }
  return undefined;
}

/** The subschema at a path (`*`, `{i}` or a number for array items), or undefined when the schema has no such path. */
export function schemaAt(root: JsonSchema, path: string): JsonSchema | undefined {
  let node: JsonSchema | undefined = resolveRef(root, root);
  for (const raw of splitPath(path.replace(/\{i\}/g, '*'))) {
    if (!node) return undefined;
    node = childOf(root, node, raw);
  }
  return node;
}

/** Primary JSON type of a subschema ('string', 'number', ...), or undefined. */
export function typeOf(node: JsonSchema | undefined): string | undefined {
  if (!node) return undefined;
  const type = node.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return (type as string[]).find((t) => t !== 'null');
  if (Array.isArray(node.enum) && node.enum.length > 0) return typeof node.enum[0];
  return undefined;
}

/** Choices a subschema allows: `enum` (labels from `enumNames`/`x-enumNames`) or `oneOf`/`anyOf` of `const` + `title`. */
export function optionsOf(node: JsonSchema | undefined): Option[] | undefined {
  if (!node) return undefined;
  if (Array.isArray(node.enum)) {
    const names = (node['x-enumNames'] ?? node.enumNames) as string[] | undefined;
    return (node.enum as Option['value'][])
      .filter((v) => v !== null)
      .map((value, i) => ({ value, label: names?.[i] ?? String(value) }));
  }
  const group = (node.oneOf ?? node.anyOf) as JsonSchema[] | undefined;
  if (Array.isArray(group) && group.length > 0 && group.every((g) => 'const' in g || g.type === 'null')) {
    return group
      .filter((g) => 'const' in g)
      .map((g) => ({ value: g.const as Option['value'], label: (g.title as string) ?? String(g.const) }));
  }
  return undefined;
}

/** One leaf field of the schema, with `*` for array indexes. */
export interface SchemaField {
  pattern: string;
  schema: JsonSchema;
  type?: string;
  options?: Option[];
  title?: string;
}

/** Every leaf field (not object, not array of objects) in the schema, depth-first in property order. */
export function listFields(root: JsonSchema): SchemaField[] {
  const fields: SchemaField[] = [];
  const walk = (node: JsonSchema | undefined, prefix: string, depth: number) => {
    const resolved = resolveRef(root, node);
    if (!resolved || depth > 12) return;
    const props: Record<string, JsonSchema> = {};
    let items: JsonSchema | undefined;
    for (const part of subschemas(resolved)) {
      const r = resolveRef(root, part);
      if (!r) continue;
      Object.assign(props, (r.properties as Record<string, JsonSchema>) ?? {});
      if (r.items && typeof r.items === 'object') items = r.items as JsonSchema;
    }
    const type = typeOf(resolved);
    if (Object.keys(props).length > 0) {
      for (const [key, child] of Object.entries(props)) walk(child, prefix ? `${prefix}.${key}` : key, depth + 1);
    } else if (type === 'array' && items) {
      walk(items, `${prefix}.*`, depth + 1);
    } else if (prefix) {
      fields.push({
        pattern: prefix,
        schema: resolved,
        type,
        options: optionsOf(resolved),
        title: resolved.title as string | undefined,
      });
    }
  };
  walk(root, '', 0);
  return fields;
}
