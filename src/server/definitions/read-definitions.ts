/**
 * Reading definitions/<form>/ folders from disk: shared by the server (start-up, GET /api/definitions) and scripts/.
 * The reading and checking is src/definition-tree (the browser's workbench runs the same over a draft in memory);
 * this is its node adapter: display paths for files, sizes and symlinks checked on disk.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  loadDefinitionFolder,
  type LoadedDefinition,
  type LoadedDefinitions,
  type LoadOptions,
} from '../../definition-tree/index';
import { createDiskFiles, displayFolder, displayPath } from './disk-files';

export { formatProblems, type LoadedDefinition, type LoadedDefinitions } from '../../definition-tree/index';

/**
 * Read one folder (schema.json, ui.json, rules.json, and any other *.json as data by base name) with the
 * folders its rules.json includes merged into one bundle (see merge-includes.ts), run the static checks and
 * compile it. Problems are returned, never thrown, and name the file they came from.
 */
export function readDefinitionFolder(
  dir: string,
  form: string = path.basename(dir),
  options: LoadOptions = {},
): LoadedDefinition {
  const root = displayPath(path.dirname(path.resolve(dir)));
  const { sources: _sources, ...loaded } = loadDefinitionFolder(
    createDiskFiles(),
    displayFolder(dir),
    form,
    root,
    options,
  );
  return loaded;
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
  const problems: LoadedDefinitions['problems'] = [];
  for (const name of listDefinitionFolders(dir)) {
    const loaded = readDefinitionFolder(path.join(dir, name), name);
    problems.push(...loaded.problems);
    if (loaded.bundle && loaded.compiled) definitions.set(name, { bundle: loaded.bundle, compiled: loaded.compiled });
  }
  return { definitions, problems };
}
