/** Reading definitions/<form>/ folders from disk: shared by the server (start-up, GET /api/definitions) and scripts/. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkDefinition, compileDefinition, DefinitionError, type CompiledDefinition, type DefinitionBundle, type Problem } from '../../engine/index';

/** A definition folder read and checked. `compiled` is absent when the definition cannot run. */
export interface LoadedDefinition {
  form: string;
  bundle?: DefinitionBundle;
  compiled?: CompiledDefinition;
  problems: Problem[];
}

/** Every definition under a directory, and every problem found, with file, JSON path and reason. */
export interface LoadedDefinitions {
  definitions: Map<string, { bundle: DefinitionBundle; compiled: CompiledDefinition }>;
  problems: Problem[];
}

function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') ? file : relative;
}

function readJson(file: string, problems: Problem[]): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    problems.push({ file: displayPath(file), path: '/', reason: `cannot read: ${(error as Error).message}`, check: 'schema', severity: 'error' });
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    problems.push({ file: displayPath(file), path: '/', reason: `not JSON: ${(error as Error).message}`, check: 'schema', severity: 'error' });
    return undefined;
  }
}

/**
 * Read one folder (schema.json, ui.json, rules.json, and any other *.json as data by base name),
 * run the static checks and compile it. Problems are returned, never thrown.
 */
export function readDefinitionFolder(dir: string, form: string = path.basename(dir)): LoadedDefinition {
  const problems: Problem[] = [];
  const files = { schema: path.join(dir, 'schema.json'), ui: path.join(dir, 'ui.json'), rules: path.join(dir, 'rules.json') };
  for (const [part, file] of Object.entries(files)) {
    if (!existsSync(file)) problems.push({ file: displayPath(file), path: '/', reason: `missing ${part}.json`, check: 'schema', severity: 'error' });
  }
  if (problems.length > 0) return { form, problems };
  const schema = readJson(files.schema, problems);
  const ui = readJson(files.ui, problems);
  const rules = readJson(files.rules, problems);
  const data: Record<string, unknown> = {};
  const sources: Record<string, string> = { schema: displayPath(files.schema), ui: displayPath(files.ui), rules: displayPath(files.rules) };
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.json') || ['schema.json', 'ui.json', 'rules.json'].includes(name)) continue;
    const file = path.join(dir, name);
    if (!statSync(file).isFile()) continue;
    const key = name.slice(0, -'.json'.length);
    data[key] = readJson(file, problems);
    sources[key] = displayPath(file);
  }
  if (problems.length > 0) return { form, problems };
  const bundle: DefinitionBundle = {
    form,
    schema: schema as DefinitionBundle['schema'],
    ui: ui as DefinitionBundle['ui'],
    rules: rules as DefinitionBundle['rules'],
    data,
    files: sources,
  };
  problems.push(...checkDefinition(bundle));
  let compiled: CompiledDefinition | undefined;
  if (!problems.some((p) => p.check === 'schema' || p.check === 'expression')) {
    try {
      compiled = compileDefinition(bundle);
    } catch (error) {
      if (!(error instanceof DefinitionError)) throw error;
      problems.push(...error.problems.map((p): Problem => ({ ...p, check: 'schema', severity: 'error' })));
    }
  }
  return { form, bundle, compiled, problems };
}

/** Folders under `dir` that hold a form definition (a rules.json); other folders (demo data) are skipped. */
export function listDefinitionFolders(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => statSync(path.join(dir, name)).isDirectory() && existsSync(path.join(dir, name, 'rules.json')))
    .sort();
}

/** Read every definition folder under `dir` (default ./definitions). A definition with problems of its own that stop it running is left out of `definitions`. */
export function loadAllDefinitions(dir = 'definitions'): LoadedDefinitions {
  const definitions: LoadedDefinitions['definitions'] = new Map();
  const problems: Problem[] = [];
  for (const name of listDefinitionFolders(dir)) {
    const loaded = readDefinitionFolder(path.join(dir, name), name);
    problems.push(...loaded.problems);
    if (loaded.bundle && loaded.compiled) definitions.set(name, { bundle: loaded.bundle, compiled: loaded.compiled });
  }
  return { definitions, problems };
}

/** One line per problem: `file path: reason [check]`. */
export function formatProblems(problems: Problem[]): string {
  return problems.map((p) => `${p.file} ${p.path}: ${p.reason} [${p.check}]`).join('\n');
}
