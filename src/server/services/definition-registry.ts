/** The form definitions the server runs: read at start-up, re-read when a staff edit changes a folder's files. */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CompiledDefinition, DefinitionBundle, Problem } from '../../engine/index';
import {
  formatProblems,
  listDefinitionFolders,
  readDefinitionFolder,
  type LoadedDefinition,
} from '../definitions/index';

/** One definition ready to serve and to check submissions with. */
export interface ServedDefinition {
  bundle: DefinitionBundle;
  compiled: CompiledDefinition;
}

/** Thrown at start-up when a definition cannot be served; the message lists file, path and reason per problem. */
export class BrokenDefinitionsError extends Error {
  constructor(readonly problems: Problem[]) {
    super(`Refusing to start: ${problems.length} problem(s) in the form definitions\n${formatProblems(problems)}`);
    this.name = 'BrokenDefinitionsError';
  }
}

export interface DefinitionRegistry {
  /** Form ids served (folder names). */
  forms(): string[];
  /** The current definition of a form, re-read first when its files changed on disk; undefined for an unknown form. */
  get(form: string): ServedDefinition | undefined;
}

/** readDefinitionFolder, with anything it throws (a stack overflow in an unforeseen shape) turned into a problem. */
function readFolderSafely(folder: string, form: string): LoadedDefinition {
  try {
    return readDefinitionFolder(folder, form);
  } catch (error) {
    return {
      form,
      problems: [
        {
          file: folder,
          path: '/',
          reason: `cannot be compiled: ${(error as Error).message}`,
          check: 'schema',
          severity: 'error',
        },
      ],
    };
  }
}

/** Problems that stop a definition from being served (warnings are logged, not fatal). */
function blockingProblems(problems: Problem[]): Problem[] {
  return problems.filter((problem) => problem.severity === 'error');
}

function statLine(file: string): string {
  try {
    const stat = statSync(file);
    return `${file}:${stat.size}:${stat.mtimeMs}`;
  } catch {
    return `${file}:missing`;
  }
}

/**
 * Name, size and mtime of every file in the folder and of every file the bundle was made from (included shared
 * folders too): a cheap signature that changes with any staff edit.
 */
function signatureOf(dir: string, sourceFiles: string[] = []): string {
  const own = readdirSync(dir)
    .sort()
    .map((name) => statLine(path.join(dir, name)));
  return [...own, ...sourceFiles.map((file) => statLine(path.resolve(file)))].join('|');
}

/** Every file a bundle was read from (its own and included ones), as recorded by the reader. */
function sourceFilesOf(bundle: DefinitionBundle | undefined): string[] {
  return [...new Set(Object.values(bundle?.files ?? {}))].sort();
}

interface Entry extends ServedDefinition {
  dir: string;
  sourceFiles: string[];
  signature: string;
}

export interface DefinitionLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Reads every definition folder under `dir` (folders without rules.json, such as demo-data, are skipped).
 * Throws BrokenDefinitionsError when any definition has an error, so the server refuses to start.
 * Later edits: `get` re-reads a folder whose signature changed; a broken edit is logged and the last good
 * definition keeps being served, so a typo in a staff edit never takes the form down.
 */
export function loadDefinitionRegistry(dir: string, log?: DefinitionLogger): DefinitionRegistry {
  const entries = new Map<string, Entry>();
  const problems: Problem[] = [];
  for (const form of listDefinitionFolders(dir)) {
    const folder = path.join(dir, form);
    const loaded = readFolderSafely(folder, form);
    const sourceFiles = sourceFilesOf(loaded.bundle);
    const signature = signatureOf(folder, sourceFiles);
    const blocking = blockingProblems(loaded.problems);
    problems.push(...blocking);
    if (loaded.problems.length > blocking.length)
      log?.warn(
        { form, warnings: formatProblems(loaded.problems.filter((p) => p.severity !== 'error')) },
        'definition warnings',
      );
    if (blocking.length === 0 && loaded.bundle && loaded.compiled) {
      entries.set(form, { dir: folder, sourceFiles, signature, bundle: loaded.bundle, compiled: loaded.compiled });
    } else if (blocking.length === 0) {
      problems.push({
        file: folder,
        path: '/',
        reason: 'definition could not be compiled',
        check: 'schema',
        severity: 'error',
      });
    }
  }
  if (problems.length > 0) throw new BrokenDefinitionsError(problems);

  function refresh(entry: Entry, form: string): Entry {
    let signature: string;
    try {
      signature = signatureOf(entry.dir, entry.sourceFiles);
    } catch (error) {
      log?.error(
        { form, reason: (error as Error).message },
        'definition folder unreadable; serving the last good definition',
      );
      return entry;
    }
    if (signature === entry.signature) return entry;
    const loaded = readFolderSafely(entry.dir, form);
    const blocking = blockingProblems(loaded.problems);
    if (blocking.length > 0 || !loaded.bundle || !loaded.compiled) {
      log?.error(
        { form, problems: formatProblems(blocking) },
        'edited definition is broken; serving the last good definition',
      );
      // Remember the broken signature so the folder is not re-read on every request until it changes again.
      const kept = { ...entry, signature };
      entries.set(form, kept);
      return kept;
    }
    // The edit may add or drop includes: watch the files this version was read from.
    const sourceFiles = sourceFilesOf(loaded.bundle);
    const fresh: Entry = {
      dir: entry.dir,
      sourceFiles,
      signature: signatureOf(entry.dir, sourceFiles),
      bundle: loaded.bundle,
      compiled: loaded.compiled,
    };
    entries.set(form, fresh);
    log?.info({ form }, 'definition re-read after an edit');
    return fresh;
  }

  return {
    forms: () => [...entries.keys()],
    get(form) {
      const entry = entries.get(form);
      if (!entry) return undefined;
      const current = refresh(entry, form);
      return { bundle: current.bundle, compiled: current.compiled };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The form definitions: the published version (the `definitions` plugin, services/definition-versions). */
    definitions: DefinitionRegistry;
  }
}
