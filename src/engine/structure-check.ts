/**
 * What needs ajv: the structural check of a definition (rules.json against schemas/definition.schema.json, schema.json
 * as a JSON Schema) and compileDefinition, which runs it first. Kept apart from compile.ts so the browser, which runs
 * definitions the server already checked, loads neither ajv nor the meta-schema.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import metaSchema from '../../schemas/definition.schema.json';
import type { CompiledDefinition, DefinitionBundle } from './types';
import {
  compileCheckedDefinition,
  DefinitionError,
  fileOf,
  type CompileOptions,
  type DefinitionProblem,
} from './compile';
import { patternEngine } from './safe-pattern';

let ajvInstance: Ajv | undefined;
/** One shared ajv (validating definitions and submissions). */
export function getAjv(): Ajv {
  if (!ajvInstance) {
    // Schema patterns through the gate (issue 43): compileDefinition refuses unsafe ones by name, this runs none of them.
    ajvInstance = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, code: { regExp: patternEngine } });
    addFormats(ajvInstance);
  }
  return ajvInstance;
}

let validateRulesFile: ReturnType<Ajv['compile']> | undefined;

/** ajv's verdict per schema text (null: it compiles), the most recent first: a rules-only edit compiles no schema. */
const schemaVerdicts = new Map<string, string | null>();
const SCHEMA_VERDICTS_KEPT = 32;

/** Why ajv cannot compile the schema, or null; compiling one costs ~25 ms, so each schema text is compiled once. */
function schemaCompileError(ajv: Ajv, given: object): string | null {
  const key = JSON.stringify(given);
  const known = schemaVerdicts.get(key);
  if (known !== undefined) {
    schemaVerdicts.delete(key);
    schemaVerdicts.set(key, known);
    return known;
  }
  const schema = { ...given, $id: undefined };
  let verdict: string | null = null;
  try {
    ajv.compile(schema);
  } catch (error) {
    verdict = (error as Error).message;
  }
  // Only a check: ajv would keep every compiled copy (one per edit in the workbench, per draft on the server).
  ajv.removeSchema(schema);
  schemaVerdicts.set(key, verdict);
  if (schemaVerdicts.size > SCHEMA_VERDICTS_KEPT) schemaVerdicts.delete(schemaVerdicts.keys().next().value!);
  return verdict;
}

/** Structural problems: rules.json against the meta-schema, schema.json as a JSON Schema, ui.json an object. */
export function findStructuralProblems(bundle: DefinitionBundle): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const ajv = getAjv();
  validateRulesFile ??= ajv.compile(metaSchema as object);
  if (!validateRulesFile(bundle.rules)) {
    // Report the most specific errors: oneOf noise is dropped when a deeper error explains it.
    const errors = validateRulesFile.errors ?? [];
    const specific = errors.filter(
      (e) =>
        e.keyword !== 'oneOf' && e.keyword !== 'if' && !(e.keyword === 'const' && e.instancePath.endsWith('/kind')),
    );
    const chosen = specific.length > 0 ? specific : errors;
    const seen = new Set<string>();
    for (const error of chosen) {
      const reason = `${error.message ?? 'invalid'}${error.params && 'additionalProperty' in error.params ? ` '${String(error.params.additionalProperty)}'` : ''}${error.params && 'allowedValues' in error.params ? `: ${JSON.stringify(error.params.allowedValues)}` : ''}`;
      const key = `${error.instancePath}|${reason}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push({ file: fileOf(bundle, 'rules'), path: error.instancePath || '/', reason });
    }
  }
  if (
    bundle.rules &&
    typeof bundle.rules === 'object' &&
    bundle.rules.form !== undefined &&
    bundle.rules.form !== bundle.form
  ) {
    problems.push({
      file: fileOf(bundle, 'rules'),
      path: '/form',
      reason: `form id "${String(bundle.rules.form)}" differs from the folder name "${bundle.form}"`,
    });
  }
  if (!bundle.schema || typeof bundle.schema !== 'object' || Array.isArray(bundle.schema)) {
    problems.push({ file: fileOf(bundle, 'schema'), path: '/', reason: 'schema.json must hold a JSON Schema object' });
  } else {
    const error = schemaCompileError(ajv, bundle.schema);
    if (error !== null)
      problems.push({ file: fileOf(bundle, 'schema'), path: '/', reason: `not a valid JSON Schema: ${error}` });
  }
  if (!bundle.ui || typeof bundle.ui !== 'object' || Array.isArray(bundle.ui)) {
    problems.push({ file: fileOf(bundle, 'ui'), path: '/', reason: 'ui.json must hold an rjsf uiSchema object' });
  }
  return problems;
}

/**
 * Validate a bundle (rules.json against schemas/definition.schema.json, schema.json as a JSON Schema)
 * and compile every expression once. Throws DefinitionError listing {file, path, reason} for each problem.
 */
export function compileDefinition(bundle: DefinitionBundle, options: CompileOptions = {}): CompiledDefinition {
  const problems = options.structurallyChecked ? [] : findStructuralProblems(bundle);
  if (problems.length > 0) throw new DefinitionError(bundle.form, problems);
  return compileCheckedDefinition(bundle, options);
}
