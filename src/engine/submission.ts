/** checkSubmission: the server's one-shot re-check of a posted body with the same rules the page ran. */
import type { CompiledDefinition, FormContext, SubmissionCheck } from './types';
import { getAjv } from './compile';
import { createSession } from './session';

const validators = new WeakMap<CompiledDefinition, ReturnType<ReturnType<typeof getAjv>['compile']>>();

function schemaValidatorOf(definition: CompiledDefinition) {
  let validate = validators.get(definition);
  if (!validate) {
    // The body may be a draft with nulls for empty fields: the required/enum checks belong to the rules, not to ajv.
    validate = getAjv().compile({ ...definition.bundle.schema, $id: undefined });
    validators.set(definition, validate);
  }
  return validate;
}

/** A copy without null and '' values: empty means unanswered, which the required rules judge, not the schema. */
function withoutEmpties(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === '' ? null : withoutEmpties(item)));
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (item !== null && item !== '') copy[key] = withoutEmpties(item);
  return copy;
}

/** Dot path of an ajv instancePath ('/personalInfo/zip' -> 'personalInfo.zip'). */
function toDotPath(pointer: string): string {
  return pointer.split('/').slice(1).map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~')).join('.');
}

/**
 * Re-check a submitted body: schema shape (types, unknown fields, lengths) with ajv, then the rules
 * exactly as a session that loaded the body would derive them (no change rules fire).
 * `ok` is true only when nothing is missing, no rule message applies and the shape is valid.
 * @example const check = checkSubmission(def, request.body, { locations: {} }); if (!check.ok) reply.code(422).send(check);
 */
export function checkSubmission(definition: CompiledDefinition, body: unknown, context: FormContext = {}): SubmissionCheck {
  const schemaErrors: Record<string, string> = {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, missing: [], errors: {}, payload: {}, schemaErrors: { '': 'body must be a JSON object' } };
  }
  const validate = schemaValidatorOf(definition);
  if (!validate(withoutEmpties(body))) {
    for (const error of validate.errors ?? []) {
      const extra = error.params && 'additionalProperty' in error.params ? String(error.params.additionalProperty) : undefined;
      const base = toDotPath(error.instancePath);
      const path = extra ? (base ? `${base}.${extra}` : extra) : base;
      schemaErrors[path] ??= extra ? 'unknown field' : (error.message ?? 'invalid');
    }
  }
  const known = new Set(Object.keys((definition.bundle.schema.properties as Record<string, unknown>) ?? {}));
  for (const key of Object.keys(body)) if (!known.has(key)) schemaErrors[key] ??= 'unknown field';
  const session = createSession(definition, { context, start: body as Record<string, unknown> });
  const { missing, errors, payload } = session.state;
  return { ok: missing.length === 0 && Object.keys(errors).length === 0 && Object.keys(schemaErrors).length === 0, missing, errors, payload, schemaErrors };
}
