/** The request-body schema of a form submission, made from the definition's schema.json, and its strict validator. */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { DEFAULT_MAX_TEXT_LENGTH, patternEngine, type CompiledDefinition, type JsonSchema } from '../../engine/index';

/** Longest string accepted where schema.json sets no maxLength: far above any field, far below a 1 MB attack. */
export const defaultMaxStringLength = DEFAULT_MAX_TEXT_LENGTH;

type SchemaNode = Record<string, unknown>;

function isNode(value: unknown): value is SchemaNode {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function tighten(node: SchemaNode): SchemaNode {
  const copy: SchemaNode = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === '$id' || key === 'examples') continue;
    if (key === 'properties' && isNode(value)) {
      copy.properties = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, isNode(child) ? tighten(child) : child]),
      );
    } else if (Array.isArray(value)) {
      copy[key] = value.map((item) => (isNode(item) ? tighten(item) : item));
    } else if (isNode(value) && key !== 'const' && key !== 'default') {
      copy[key] = tighten(value);
    } else {
      copy[key] = value;
    }
  }
  const types = Array.isArray(copy.type) ? copy.type : [copy.type];
  if (types.includes('object') || copy.properties) copy.additionalProperties ??= false;
  if (types.includes('string') && copy.maxLength === undefined) copy.maxLength = defaultMaxStringLength;
  return copy;
}

/**
 * The definition's schema with every object closed (additionalProperties false) and every string bounded
 * (maxLength, default 2000): what POST bodies are checked against before the rules run.
 */
export function toRequestBodySchema(schema: JsonSchema): JsonSchema {
  return tighten(schema);
}

/** A copy without null and '' values: an empty field is unanswered, which the required rules judge (as the engine does). */
function withoutEmpties(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === '' ? null : withoutEmpties(item)));
  if (!isNode(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (item !== null && item !== '') copy[key] = withoutEmpties(item);
  return copy;
}

// No type coercion and no removal of unknown fields (Fastify's defaults do both): a wrong body is refused, never repaired.
const ajv = new Ajv({
  allErrors: true,
  strict: false,
  allowUnionTypes: true,
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: false,
  // Every schema pattern through the definitions' gate (issue 43): a refused one never runs, no long text is scanned.
  code: { regExp: patternEngine },
});
addFormats(ajv);
const validators = new WeakMap<CompiledDefinition, ValidateFunction>();

/** The strict body validator of a definition (compiled once per definition version). */
export function bodyValidatorOf(definition: CompiledDefinition): ValidateFunction {
  let validate = validators.get(definition);
  if (!validate) {
    validate = ajv.compile(toRequestBodySchema(definition.bundle.schema));
    validators.set(definition, validate);
  }
  return validate;
}

/** Checks a body against the definition's tightened schema; the ajv errors, or undefined when it fits. */
export function findBodyErrors(definition: CompiledDefinition, body: unknown): ErrorObject[] | undefined {
  const validate = bodyValidatorOf(definition);
  if (body === undefined || validate(withoutEmpties(body))) return body === undefined ? [missingBodyError] : undefined;
  return (validate.errors ?? []).map(explain);
}

/** ajv's message for an unknown field names no field: say which one. */
function explain(error: ErrorObject): ErrorObject {
  if (error.keyword === 'additionalProperties' && 'additionalProperty' in error.params) {
    return { ...error, message: `has an unknown field '${String(error.params.additionalProperty)}'` };
  }
  return error;
}

/**
 * A Fastify validatorCompiler with the strict ajv above (no coercion, unknown fields refused, all errors listed),
 * for routes whose body must be refused rather than repaired.
 */
export function strictValidatorCompiler({ schema }: { schema: object }): ValidateFunction {
  const validate = ajv.compile(schema);
  const run = ((data: unknown) => {
    const ok = validate(data);
    run.errors = validate.errors?.map(explain) ?? null;
    return ok;
  }) as ValidateFunction;
  return run;
}

const missingBodyError: ErrorObject = {
  instancePath: '',
  schemaPath: '#/type',
  keyword: 'type',
  params: { type: 'object' },
  message: 'must be a JSON object (the body is empty)',
};
