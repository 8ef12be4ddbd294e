/**
 * A definition folder read and checked, from any DefinitionFiles: the includes merged, the limits, duplicate rule ids,
 * checkDefinition and compileDefinition, with every problem naming the file it came from. The server's disk reader and
 * the browser's workbench both call this.
 */
import {
  checkAndCompileDefinition,
  compileDefinition,
  DefinitionError,
  type CompiledDefinition,
  type DefinitionBundle,
  type Problem,
} from '../engine/index';
import type { DefinitionFiles } from './definition-files';
import { definitionLimits, findTooDeep } from './definition-limits';
import { mapProblemsToSources, mergeFolder, toBundle, type MergedFolder, type SourceMap } from './merge-includes';
import { joinPath } from './tree-paths';

/** A definition folder read and checked. `compiled` is absent when the definition cannot run. */
export interface LoadedDefinition {
  form: string;
  bundle?: DefinitionBundle;
  compiled?: CompiledDefinition;
  problems: Problem[];
}

/** A definition read from files, with where each merged rule, property, label and condition came from. */
export interface LoadedFromFiles extends LoadedDefinition {
  /** Present once the includes merged (also when a later check failed). */
  sources?: SourceMap;
}

/** Every definition of a tree, and every problem found, with file, JSON path and reason. */
export interface LoadedDefinitions {
  definitions: Map<string, { bundle: DefinitionBundle; compiled: CompiledDefinition }>;
  problems: Problem[];
}

/** The folder of the definitions in a tree held in memory (drafts, versions: `definitions/<form>/...`). */
export const DEFINITIONS_ROOT = 'definitions';

export interface LoadOptions {
  /**
   * false: compile only, without the static checks (unused conditions, cycles, rules that never fire). For a reader
   * that only shows the form while another runs the checks (the workbench's preview beside its proof worker).
   */
  staticChecks?: boolean;
  /**
   * true: this very text passed every check before (the server's deployed tree at a restart of the same build): compiled
   * without the static checks and without the structural one (ajv compiling the meta-schema and each schema).
   */
  checkedBefore?: boolean;
}

/**
 * Read one folder (schema.json, ui.json, rules.json, and any other *.json as data by base name) with the folders its
 * rules.json includes merged into one bundle, run the static checks and compile it. Problems are returned, never
 * thrown, and name the file they came from (paths of `files`). Includes must stay inside `root`.
 */
export function loadDefinitionFolder(
  files: DefinitionFiles,
  folder: string,
  form: string,
  root: string,
  options: LoadOptions = {},
): LoadedFromFiles {
  const problems: Problem[] = [];
  const merged = mergeFolder(files, folder, root, problems);
  if (!merged || problems.length > 0) return { form, problems };
  problems.push(...findMergedLimitProblems(merged), ...findDuplicateRuleIds(merged));
  if (problems.length > 0) return { form, problems, sources: merged.sources };
  const bundle = toBundle(form, merged);
  const checked = options.checkedBefore
    ? { problems: [], compiled: compileDefinition(bundle, { structurallyChecked: true }) }
    : options.staticChecks === false
      ? { problems: [] }
      : checkAndCompileDefinition(bundle);
  problems.push(...mapProblemsToSources(checked.problems, merged));
  let compiled: CompiledDefinition | undefined;
  if (!problems.some((p) => p.check === 'schema' || p.check === 'expression')) {
    try {
      // The static checks compiled it already when they got that far (the same bundle: the same definition).
      compiled = checked.compiled ?? compileDefinition(bundle);
    } catch (error) {
      if (!(error instanceof DefinitionError)) throw error;
      problems.push(
        ...mapProblemsToSources(
          error.problems.map((p): Problem => ({ ...p, check: 'schema', severity: 'error' })),
          merged,
        ),
      );
    }
  }
  return { form, bundle, compiled, problems, sources: merged.sources };
}

/**
 * One form of a tree in memory: `definitions/<form>/` with its includes (inside `definitions/`), as
 * readDefinitionFolder reads it from disk; files in problems are tree paths (`definitions/pergola/rules.json`).
 * @example loadDefinitionFromFiles(createMemoryFiles(draftFiles), 'pergola') // { form, bundle, compiled, problems, sources }
 */
export function loadDefinitionFromFiles(
  files: DefinitionFiles,
  form: string,
  root: string = DEFINITIONS_ROOT,
  options: LoadOptions = {},
): LoadedFromFiles {
  return loadDefinitionFolder(files, joinPath(root, form), form, root, options);
}

/** Too many rules, or an expression nested too deep once includes filled their params in (each file alone was fine). */
function findMergedLimitProblems(merged: MergedFolder): Problem[] {
  const problems: Problem[] = [];
  const count = merged.rules.rules.length;
  if (count > definitionLimits.maxRules) {
    problems.push({
      file: merged.files.rules,
      path: '/rules',
      reason: `too large to compile: ${count} rules with its includes (at most ${definitionLimits.maxRules})`,
      check: 'schema',
      severity: 'error',
    });
  }
  merged.rules.rules.forEach((rule, index) => {
    const tooDeep = findTooDeep(rule, definitionLimits.maxDepth - 2);
    const source = merged.sources.rules[index];
    if (tooDeep)
      problems.push({
        file: source?.file ?? merged.files.rules,
        path: `/rules/${source?.index ?? index}${tooDeep === '/' ? '' : tooDeep}`,
        reason: `too deep to compile once its includes are filled in: nested deeper than ${definitionLimits.maxDepth} levels`,
        check: 'schema',
        severity: 'error',
      });
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

/** Forms of a tree: folders directly under `root` holding a rules.json (shared pieces and price folders have none), sorted. */
export function listForms(files: DefinitionFiles, root: string = DEFINITIONS_ROOT): string[] {
  return files
    .list(root)
    .folders.filter((name) => files.list(joinPath(root, name)).files.includes('rules.json'))
    .sort();
}

/** Every form of a tree. A definition with problems of its own that stop it running is left out of `definitions`. */
export function loadAllDefinitionsFromFiles(
  files: DefinitionFiles,
  root: string = DEFINITIONS_ROOT,
): LoadedDefinitions {
  const definitions: LoadedDefinitions['definitions'] = new Map();
  const problems: Problem[] = [];
  for (const form of listForms(files, root)) {
    const loaded = loadDefinitionFromFiles(files, form, root);
    problems.push(...loaded.problems);
    if (loaded.bundle && loaded.compiled) definitions.set(form, { bundle: loaded.bundle, compiled: loaded.compiled });
  }
  return { definitions, problems };
}

/** One line per problem: `file path: reason [check]`. */
export function formatProblems(problems: Problem[]): string {
  return problems.map((p) => `${p.file} ${p.path}: ${p.reason} [${p.check}]`).join('\n');
}
