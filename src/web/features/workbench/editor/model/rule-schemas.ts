/**
 * The parts of schemas/definition.schema.json the JSON editor points at: a rule's schema by its kind (codemirror-json-
 * schema validates with draft 4, which ignores the meta-schema's if/then by kind, so each kind gets its own subschema),
 * and the expression schema for a named condition. One object per kind, so an editor can tell when the kind changed.
 */
import definitionSchema from '../../../../../../schemas/definition.schema.json';
import { isPlainObject } from './tree-files';

type Schema = Record<string, unknown>;

const definitions = (definitionSchema as { definitions: Record<string, Schema> }).definitions;
const byKind = new Map<string, Schema>();

function withDefinitions(name: string): Schema {
  return { ...definitions[name], definitions };
}

/** The kinds of the rule vocabulary, in the meta-schema's order. */
export const RULE_KINDS: readonly string[] = (definitions.rule.properties as { kind: { enum: string[] } }).kind.enum;

/** The schema of a rule of this value's kind; the generic rule schema (kind required, one of the kinds) otherwise. */
export function ruleSchemaFor(value: unknown): Schema {
  const kind =
    isPlainObject(value) && typeof value.kind === 'string' && RULE_KINDS.includes(value.kind) ? value.kind : '';
  let schema = byKind.get(kind);
  if (!schema) {
    schema = kind ? withDefinitions(`${kind}Rule`) : withDefinitions('rule');
    byKind.set(kind, schema);
  }
  return schema;
}

const expressionSchema = withDefinitions('expression');

/** The schema of a named condition's body (any JSON-Logic expression). */
export function conditionSchema(): Schema {
  return expressionSchema;
}
