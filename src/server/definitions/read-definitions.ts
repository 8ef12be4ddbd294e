/** Reading definitions/<form>/ folders from disk: shared by the server (start-up, GET /api/definitions) and scripts/. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { definitionLimits, findTooDeep } from './definition-limits';
import { mapProblemsToSources, readMergedFolder, toBundle, type MergedFolder } from './merge-includes';
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

/**
 * Read one folder (schema.json, ui.json, rules.json, and any other *.json as data by base name) with the
 * folders its rules.json includes merged into one bundle (see merge-includes.ts), run the static checks and
 * compile it. Problems are returned, never thrown, and name the file they came from.
 */
export function readDefinitionFolder(dir: string, form: string = path.basename(dir)): LoadedDefinition {
  const problems: Problem[] = [];
  const merged = readMergedFolder(dir, problems);
  if (!merged || problems.length > 0) return { form, problems };
  problems.push(...findMergedLimitProblems(merged), ...findDuplicateRuleIds(merged));
  if (problems.length > 0) return { form, problems };
  const bundle = toBundle(form, merged);
  problems.push(...mapProblemsToSources(checkDefinition(bundle), merged));
  let compiled: CompiledDefinition | undefined;
  if (!problems.some((p) => p.check === 'schema' || p.check === 'expression')) {
    try {
      compiled = compileDefinition(bundle);
    } catch (error) {
      if (!(error instanceof DefinitionError)) throw error;
      problems.push(...mapProblemsToSources(error.problems.map((p): Problem => ({ ...p, check: 'schema', severity: 'error' })), merged));
    }
  }
  return { form, bundle, compiled, problems };
}

/** Too many rules, or an expression nested too deep once includes filled their params in (each file alone was fine). */
function findMergedLimitProblems(merged: MergedFolder): Problem[] {
  const problems: Problem[] = [];
  const count = merged.rules.rules.length;
  if (count > definitionLimits.maxRules) {
    problems.push({ file: merged.files.rules, path: '/rules', reason: `too large to compile: ${count} rules with its includes (at most ${definitionLimits.maxRules})`, check: 'schema', severity: 'error' });
  }
  merged.rules.rules.forEach((rule, index) => {
    const tooDeep = findTooDeep(rule, definitionLimits.maxDepth - 2);
    const source = merged.sources.rules[index];
    if (tooDeep) problems.push({ file: source?.file ?? merged.files.rules, path: `/rules/${source?.index ?? index}${tooDeep === '/' ? '' : tooDeep}`, reason: `too deep to compile once its includes are filled in: nested deeper than ${definitionLimits.maxDepth} levels`, check: 'schema', severity: 'error' });
  });
  return problems;
}

/** Two rules with one id (the coverage line and error reports go by id): both places are named. */
function findDuplicateRuleIds(merged: MergedFolder): Problem[] {
  const problems: Problem[] = [];
  const firstSeen = new Map<string, number>();
  const placeOf = (index: number) => {
    const source = merged.sources.rules[index];
    const where = source ? `${source.file} /rules/${source.index}` : `${merged.files.rules} /rules/${index}`;
    return source?.params ? `${where} (included with ${source.params})` : where;
  };
  merged.rules.rules.forEach((rule, index) => {
    const id = (rule as { id?: unknown }).id;
    if (typeof id !== 'string') return;
    const first = firstSeen.get(id);
    if (first === undefined) return void firstSeen.set(id, index);
    const source = merged.sources.rules[index];
    problems.push({
      file: source?.file ?? merged.files.rules,
      path: `/rules/${source?.index ?? index}/id`,
      reason: `duplicate rule id "${id}": at ${placeOf(first)} and at ${placeOf(index)}`,
      check: 'schema',
      severity: 'error',
    });
  });
  return problems;
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
