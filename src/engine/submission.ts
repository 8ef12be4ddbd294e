/** checkSubmission: the server's one-shot re-check of a posted body with the same rules the page ran. */
import type { CompiledDefinition, FormContext, SubmissionCheck } from './types';
import { internalsOf } from './compile';
import { getAjv } from './structure-check';
import { applyNormalizeSteps } from './normalize';
import { getIn, setIn } from './paths';
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
  return pointer
    .split('/')
    .slice(1)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/** Every leaf path of a JSON value ('personalInfo.zip', 'wallLengthsFeet.0'). */
function collectLeafPaths(value: unknown, prefix: string, out: string[]): string[] {
  if (Array.isArray(value))
    value.forEach((item, i) => collectLeafPaths(item, prefix ? `${prefix}.${i}` : String(i), out));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) collectLeafPaths(item, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix) out.push(prefix);
  return out;
}

/** The body as the page would have typed it: each normalize rule applied to the fields it names (zip format, upper case, ...). */
function normalizeBody(definition: CompiledDefinition, body: Record<string, unknown>): Record<string, unknown> {
  const rules = internalsOf(definition).normalize;
  if (rules.length === 0) return body;
  let data = body;
  for (const path of collectLeafPaths(body, '', [])) {
    const value = getIn(data, path);
    let next = value;
    for (const rule of rules) if (rule.matcher(path) !== null) next = applyNormalizeSteps(next, rule.steps);
    if (next !== value) data = setIn(data, path, next);
  }
  return data;
}

export interface CheckSubmissionOptions {
  /**
   * The caller has already checked the body's shape against the form's schema (at least as strictly: the server's
   * closed, bounded request-body schema), so the schema pass here is skipped and `schemaErrors` stays empty.
   */
  isShapeChecked?: boolean;
}

/**
 * Re-check a submitted body: schema shape (types, unknown fields, lengths) with ajv, then the rules
 * exactly as a session that loaded the body would derive them (no change rules fire), after the page's
 * input clean-up and without values in hidden fields (a direct API caller gets what the page would have sent);
 * messages count both for the body as posted and as cleaned.
 * `ok` is true only when nothing is missing, no rule message applies and the shape is valid.
 * @example const check = checkSubmission(def, request.body, { locations: {} }); if (!check.ok) reply.code(422).send(check);
 */
export function checkSubmission(
  definition: CompiledDefinition,
  body: unknown,
  context: FormContext = {},
  options: CheckSubmissionOptions = {},
): SubmissionCheck {
  const schemaErrors: Record<string, string> = {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, missing: [], errors: {}, payload: {}, schemaErrors: { '': 'body must be a JSON object' } };
  }
  const validate = schemaValidatorOf(definition);
  if (!options.isShapeChecked && !validate(withoutEmpties(body))) {
    for (const error of validate.errors ?? []) {
      const extra =
        error.params && 'additionalProperty' in error.params ? String(error.params.additionalProperty) : undefined;
      const base = toDotPath(error.instancePath);
      const path = extra ? (base ? `${base}.${extra}` : extra) : base;
      schemaErrors[path] ??= extra ? 'unknown field' : (error.message ?? 'invalid');
    }
  }
  if (!options.isShapeChecked) {
    const known = new Set(Object.keys((definition.bundle.schema.properties as Record<string, unknown>) ?? {}));
    for (const key of Object.keys(body)) if (!known.has(key)) schemaErrors[key] ??= 'unknown field';
  }
  // Values are judged as posted (a sender with @ is refused, not silently cleaned) and stored as the page would have typed them.
  const posted = createSession(definition, { context, start: body as Record<string, unknown> }).state;
  const asPosted = posted.errors;
  // Over the rule budget as posted: refused as it is, without spending a second budget on the cleaned copy.
  if (posted.overBudget) return { ok: false, missing: posted.missing, errors: asPosted, payload: {}, schemaErrors };
  // A hidden field's value is empty for every rule and left out of the payload: the session masks it, as on the page.
  const session = createSession(definition, {
    context,
    start: normalizeBody(definition, body as Record<string, unknown>),
  });
  const { missing, payload } = session.state;
  const errors = { ...session.state.errors, ...asPosted };
  return {
    ok: missing.length === 0 && Object.keys(errors).length === 0 && Object.keys(schemaErrors).length === 0,
    missing,
    errors,
    payload,
    schemaErrors,
  };
}
