/**
 * The form's fields as a tree, in the order the configurator page shows them: the root ui:options.sections (a node per
 * section, its fields in the section's order), then the fields no section names in ui:order, then the schema's order;
 * inside an object its own ui:order, then the schema's order. Array items are one node (`doorOption.{i}` in rules is
 * the field `doorOption`); an array of objects lists the item's fields under it (`OrderSpareParts.{i}.partNumber`).
 */
import { humanizeKey } from '../../../../../engine/index';
import { isPlainObject } from './tree-files';
import type { MergedForm } from './merged-form';

/** One choice of a field: its stored value and, when the schema gives one (oneOf const + title), its title. */
export interface FieldOption {
  value: string | number | boolean;
  title?: string;
}

export interface FieldNode {
  /** Tree id: the field path, or `section:<n>` for a section. */
  id: string;
  kind: 'section' | 'field';
  /** The field's dot path (`personalInfo.zip`, `OrderSpareParts.{i}.partNumber`); '' for a section. */
  path: string;
  label: string;
  /** JSON Schema type(s), joined (`string`, `integer|null`, `array`). */
  type?: string;
  options?: FieldOption[];
  children: FieldNode[];
}

/** A field as the editor's pickers list it (completion, the condition builder). */
export interface FieldInfo {
  path: string;
  label: string;
  type?: string;
  options?: FieldOption[];
}

interface Section {
  title: string;
  fields: string[];
}

function typeOf(schema: Record<string, unknown>): string | undefined {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.filter((item) => typeof item === 'string').join('|');
  if (isPlainObject(schema.properties)) return 'object';
  return undefined;
}

/** The choices of a field's schema: `enum`, or `oneOf`/`anyOf` of `const` (+ `title`); for an array, its items'. */
export function optionsOfSchema(schema: unknown): FieldOption[] | undefined {
  if (!isPlainObject(schema)) return undefined;
  if (Array.isArray(schema.enum))
    return schema.enum
      .filter((value): value is string | number | boolean => value !== null && typeof value !== 'object')
      .map((value) => ({ value }));
  const list = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (list) {
    const options = list.flatMap((entry) =>
      isPlainObject(entry) && entry.const !== undefined && entry.const !== null && typeof entry.const !== 'object'
        ? [
            {
              value: entry.const as string | number | boolean,
              ...(typeof entry.title === 'string' ? { title: entry.title } : {}),
            },
          ]
        : [],
    );
    if (options.length > 0) return options;
  }
  if (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array')))
    return optionsOfSchema(schema.items);
  return undefined;
}

/** A property order: `ui:order` first (`*` stands for the rest, in the schema's order), then the rest. */
export function orderKeys(keys: readonly string[], uiOrder: unknown): string[] {
  if (!Array.isArray(uiOrder)) return [...keys];
  const known = new Set(keys);
  const named = uiOrder.filter((key): key is string => typeof key === 'string' && key !== '*' && known.has(key));
  const rest = keys.filter((key) => !named.includes(key));
  const star = uiOrder.indexOf('*');
  if (star < 0) return [...named, ...rest];
  const before = uiOrder.slice(0, star).filter((key): key is string => typeof key === 'string' && known.has(key));
  return [...before, ...rest, ...named.filter((key) => !before.includes(key))];
}

function fieldNode(
  path: string,
  key: string,
  schema: Record<string, unknown>,
  ui: unknown,
  labels: Record<string, string>,
): FieldNode {
  const uiNode = isPlainObject(ui) ? ui : {};
  const label = labels[path] ?? (typeof schema.title === 'string' ? schema.title : humanizeKey(key));
  const node: FieldNode = {
    id: path,
    kind: 'field',
    path,
    label,
    type: typeOf(schema),
    options: optionsOfSchema(schema),
    children: [],
  };
  if (isPlainObject(schema.properties)) node.children = childFields(path, schema.properties, uiNode, labels);
  else if (isPlainObject(schema.items) && isPlainObject(schema.items.properties))
    node.children = childFields(
      `${path}.{i}`,
      schema.items.properties,
      isPlainObject(uiNode.items) ? uiNode.items : {},
      labels,
    );
  return node;
}

function childFields(
  prefix: string,
  properties: Record<string, unknown>,
  ui: Record<string, unknown>,
  labels: Record<string, string>,
): FieldNode[] {
  return orderKeys(Object.keys(properties), ui['ui:order']).map((key) =>
    fieldNode(`${prefix}.${key}`, key, isPlainObject(properties[key]) ? properties[key] : {}, ui[key], labels),
  );
}

/** The field tree of a merged form, sections first as the page lays them out. */
export function buildFieldTree(merged: MergedForm): FieldNode[] {
  const properties = isPlainObject(merged.schema.properties) ? merged.schema.properties : {};
  const ui = merged.ui;
  const ordered = orderKeys(Object.keys(properties), ui['ui:order']);
  const node = (key: string) =>
    fieldNode(key, key, isPlainObject(properties[key]) ? properties[key] : {}, ui[key], merged.labels);
  const options = isPlainObject(ui['ui:options']) ? ui['ui:options'] : {};
  const sections = (Array.isArray(options.sections) ? options.sections : []).filter(
    (section): section is Section =>
      isPlainObject(section) && typeof section.title === 'string' && Array.isArray(section.fields),
  );
  const inSection = new Set<string>();
  const sectionNodes = sections.map((section, index): FieldNode => {
    const fields = section.fields.filter((key) => typeof key === 'string' && key in properties && !inSection.has(key));
    fields.forEach((key) => inSection.add(key));
    return { id: `section:${index}`, kind: 'section', path: '', label: section.title, children: fields.map(node) };
  });
  return [...sectionNodes, ...ordered.filter((key) => !inSection.has(key)).map(node)];
}

/** Every field node of a tree, depth first (sections left out). */
export function flattenFields(tree: readonly FieldNode[]): FieldNode[] {
  return tree.flatMap((node) => [...(node.kind === 'field' ? [node] : []), ...flattenFields(node.children)]);
}

/** The fields of a merged form as the pickers list them, in page order. */
export function listFields(merged: MergedForm): FieldInfo[] {
  return flattenFields(buildFieldTree(merged)).map(({ path, label, type, options }) => ({
    path,
    label,
    type,
    options,
  }));
}

/** The node of a path (`doorOption.{i}`, `doorOption.2` and `doorOption` find the same node). */
export function findField(tree: readonly FieldNode[], path: string): FieldNode | undefined {
  const wanted = fieldKey(path);
  return flattenFields(tree).find((node) => fieldKey(node.path) === wanted);
}

/** A path with every index (`{i}`, `*`, `0`) taken out: `doorOption.{i}` and `doorOption.3` are `doorOption`. */
export function fieldKey(path: string): string {
  return path
    .split('.')
    .filter((segment) => segment !== '{i}' && segment !== '*' && !/^\d+$/.test(segment))
    .join('.');
}
