/**
 * Edits of a rules file's `rules` list and of a field's texts, as new file contents in the repo's layout: replace,
 * add, duplicate, delete and move a rule; set a field's label, help text and choices. Each returns the file's new
 * text (or undefined when the file cannot be read), so the editor hands it to onChangeFile as it is.
 */
import type { Rule } from '../../../../../engine/index';
import { keySegments } from './field-references';
import type { FieldOption } from './field-tree';
import { isPlainObject, readJsonFile, serializeTreeFile, type TreeFiles } from './tree-files';

/** A file's new content and what the edit did, in words for the undo list. */
export interface FileEdit {
  path: string;
  content: string;
  label: string;
}

function rulesOf(files: TreeFiles, path: string): { file: Record<string, unknown>; rules: Rule[] } | undefined {
  const file = readJsonFile(files, path);
  if (!isPlainObject(file) || !Array.isArray(file.rules)) return undefined;
  return { file, rules: file.rules as Rule[] };
}

function withRules(path: string, file: Record<string, unknown>, rules: Rule[], label: string): FileEdit {
  return { path, content: serializeTreeFile(path, { ...file, rules }), label };
}

/** How a rule is named in labels: its id, else kind and path. */
export function ruleName(rule: Rule): string {
  if (rule.id) return rule.id;
  const record = rule as unknown as Record<string, unknown>;
  const target = typeof record.path === 'string' ? record.path : typeof record.of === 'string' ? record.of : '';
  return target ? `${rule.kind}:${target}` : rule.kind;
}

/** An id no rule of the file has: `base`, else `base-2`, `base-3`, ... */
export function uniqueRuleId(rules: readonly Rule[], base: string): string {
  const taken = new Set(rules.map((rule) => rule.id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export function replaceRule(
  files: TreeFiles,
  path: string,
  index: number,
  rule: Rule,
  label?: string,
): FileEdit | undefined {
  const read = rulesOf(files, path);
  if (!read || index < 0 || index >= read.rules.length) return undefined;
  const rules = read.rules.map((item, i) => (i === index ? rule : item));
  return withRules(path, read.file, rules, label ?? `Edit rule ${ruleName(rule)}`);
}

/** Inserts a rule at `index` (the end when omitted). */
export function insertRule(files: TreeFiles, path: string, rule: Rule, index?: number): FileEdit | undefined {
  const read = rulesOf(files, path);
  if (!read) return undefined;
  const at = index === undefined ? read.rules.length : Math.max(0, Math.min(index, read.rules.length));
  const rules = [...read.rules.slice(0, at), rule, ...read.rules.slice(at)];
  return withRules(path, read.file, rules, `Add rule ${ruleName(rule)}`);
}

/** A copy of the rule right after it, with an id of its own. */
export function duplicateRule(files: TreeFiles, path: string, index: number): FileEdit | undefined {
  const read = rulesOf(files, path);
  const original = read?.rules[index];
  if (!read || !original) return undefined;
  const copy = { ...structuredClone(original), id: uniqueRuleId(read.rules, `${ruleName(original)}-copy`) };
  const rules = [...read.rules.slice(0, index + 1), copy, ...read.rules.slice(index + 1)];
  return withRules(path, read.file, rules, `Duplicate rule ${ruleName(original)}`);
}

export function deleteRule(files: TreeFiles, path: string, index: number): FileEdit | undefined {
  const read = rulesOf(files, path);
  const rule = read?.rules[index];
  if (!read || !rule) return undefined;
  return withRules(
    path,
    read.file,
    read.rules.filter((_, i) => i !== index),
    `Delete rule ${ruleName(rule)}`,
  );
}

/**
 * The index a rule moves to: before the previous (up) or after the next (down) rule of the same kind, since rules of
 * one kind run in file order; the neighbour when no other rule has its kind. Undefined when it cannot move.
 */
export function moveTarget(rules: readonly Rule[], index: number, direction: 'up' | 'down'): number | undefined {
  const kind = rules[index]?.kind;
  if (!kind) return undefined;
  const step = direction === 'up' ? -1 : 1;
  for (let i = index + step; i >= 0 && i < rules.length; i += step) if (rules[i].kind === kind) return i;
  const neighbour = index + step;
  return neighbour >= 0 && neighbour < rules.length ? neighbour : undefined;
}

export function moveRule(
  files: TreeFiles,
  path: string,
  index: number,
  direction: 'up' | 'down',
): FileEdit | undefined {
  const read = rulesOf(files, path);
  const rule = read?.rules[index];
  const target = read && moveTarget(read.rules, index, direction);
  if (!read || !rule || target === undefined) return undefined;
  const rest = read.rules.filter((_, i) => i !== index);
  const rules = [...rest.slice(0, target), rule, ...rest.slice(target)];
  const neighbour = read.rules[target];
  return withRules(
    path,
    read.file,
    rules,
    `Move rule ${ruleName(rule)} ${direction === 'up' ? 'before' : 'after'} ${ruleName(neighbour)}`,
  );
}

/** A new rule of a kind for a field, valid against the meta-schema, for staff to fill in. */
export function newRule(
  kind: string,
  field: { path: string; label: string; options?: FieldOption[] },
  rules: readonly Rule[],
): Rule {
  const path = field.path;
  const id = uniqueRuleId(rules, `${kind}:${path}`);
  const base = { id, description: '' };
  switch (kind) {
    case 'show':
    case 'hide':
    case 'disable':
      return { kind, ...base, path, when: true } as Rule;
    case 'required':
      return { kind, ...base, path, label: field.label };
    case 'validate':
      return { kind, ...base, path, test: true, message: `${field.label} is not valid` };
    case 'options':
      return { kind, ...base, path, where: true };
    case 'clamp':
      return { kind, ...base, path, min: 0, max: 100 };
    case 'normalize':
      return { kind, ...base, path, steps: ['trim'] };
    case 'onChange':
      return { kind, ...base, of: path, reset: [] };
    case 'force':
      return { kind, ...base, when: true, set: { [path]: field.options?.[0]?.value ?? '' } };
    case 'compute':
      return { kind, ...base, name: keySegments(path).join('_'), path, value: null };
    case 'size':
      return { kind, ...base, paths: [path], atLeast: 1 };
    default:
      throw new Error(`unknown rule kind ${kind}`);
  }
}

/** The schema object of a field inside a schema.json value (through nested objects and array items). */
export function fieldSchemaIn(schema: unknown, path: string): Record<string, unknown> | undefined {
  let node = schema;
  for (const key of keySegments(path)) {
    while (isPlainObject(node) && !isPlainObject(node.properties) && isPlainObject(node.items)) node = node.items;
    if (!isPlainObject(node) || !isPlainObject(node.properties)) return undefined;
    node = node.properties[key];
  }
  return isPlainObject(node) ? node : undefined;
}

/** The ui schema object of a field (created along the way when `create`). */
function fieldUiIn(ui: Record<string, unknown>, path: string, create: boolean): Record<string, unknown> | undefined {
  let node: Record<string, unknown> = ui;
  for (const key of keySegments(path)) {
    let next = node[key];
    if (!isPlainObject(next)) {
      if (!create) return undefined;
      next = {};
      node[key] = next;
    }
    node = next as Record<string, unknown>;
  }
  return node;
}

/**
 * A field's label: in the form's own rules.json `labels` when it labels the field there or the field is defined in a
 * shared piece (a label there is the form's own, the piece stays as other forms use it; empty removes it), else the
 * schema's `title` in the form's own schema.
 */
export function setFieldLabel(
  files: TreeFiles,
  where: { schemaFile: string; rulesFile: string; inLabels: boolean },
  path: string,
  label: string,
): FileEdit | undefined {
  const name = `Label of ${path}`;
  if (where.inLabels) {
    const rules = readJsonFile(files, where.rulesFile);
    if (!isPlainObject(rules)) return undefined;
    const labels = { ...(isPlainObject(rules.labels) ? rules.labels : {}) };
    if (label === '') delete labels[path];
    else labels[path] = label;
    const next: Record<string, unknown> = { ...rules, labels };
    if (Object.keys(labels).length === 0) delete next.labels;
    return { path: where.rulesFile, content: serializeTreeFile(where.rulesFile, next), label: name };
  }
  const schema = structuredClone(readJsonFile(files, where.schemaFile));
  const field = fieldSchemaIn(schema, path);
  if (!field) return undefined;
  if (label === '') delete field.title;
  else field.title = label;
  return { path: where.schemaFile, content: serializeTreeFile(where.schemaFile, schema), label: name };
}

/** A field's help text (`ui:help` in the form's ui.json); empty removes it. */
export function setFieldHelp(files: TreeFiles, uiFile: string, path: string, help: string): FileEdit | undefined {
  const ui = structuredClone(readJsonFile(files, uiFile) ?? {});
  if (!isPlainObject(ui)) return undefined;
  const node = fieldUiIn(ui, path, help !== '');
  if (!node) return undefined;
  if (help === '') delete node['ui:help'];
  else node['ui:help'] = help;
  return { path: uiFile, content: serializeTreeFile(uiFile, ui), label: `Help text of ${path}` };
}

/**
 * A field's choices, as its schema writes them: `enum` (values only) or `oneOf` of `const` + `title`; an array field's
 * choices are its items'. Values keep the type of the schema's (numbers stay numbers).
 */
export function setFieldOptions(
  files: TreeFiles,
  schemaFile: string,
  path: string,
  options: readonly FieldOption[],
): FileEdit | undefined {
  const schema = structuredClone(readJsonFile(files, schemaFile));
  let field = fieldSchemaIn(schema, path);
  if (field && !Array.isArray(field.enum) && !Array.isArray(field.oneOf) && isPlainObject(field.items))
    field = field.items;
  if (!field) return undefined;
  const numeric = /integer|number/.test(JSON.stringify(field.type ?? ''));
  const typed = (value: FieldOption['value']) =>
    numeric && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : value;
  if (Array.isArray(field.oneOf))
    field.oneOf = options.map((option) => ({
      const: typed(option.value),
      title: option.title ?? String(option.value),
    }));
  else field.enum = options.map((option) => typed(option.value));
  return { path: schemaFile, content: serializeTreeFile(schemaFile, schema), label: `Choices of ${path}` };
}
