/**
 * Definition composition on disk: the merge itself is src/definition-tree/merge-includes.ts (browser-safe, also
 * used for drafts in memory); this reads a folder of the disk through it, with problems naming display paths.
 */
import path from 'node:path';
import type { Problem } from '../../engine/index';
import { mergeFolder, type MergedFolder } from '../../definition-tree/index';
import { createDiskFiles, displayFolder, displayPath } from './disk-files';

export {
  deepMerge,
  fillParams,
  mapProblemsToSources,
  toBundle,
  type IncludeEntry,
  type MergedFolder,
  type SourceMap,
} from '../../definition-tree/index';

/**
 * Read a definition folder with everything it includes, merged into one bundle's parts.
 * Missing schema.json/ui.json are allowed in included folders (a piece may hold rules only), not in the form's own.
 * An include must stay inside `root` (DEFINITIONS_DIR, the parent of the form's folder), also through symlinks.
 */
export function readMergedFolder(dir: string, problems: Problem[], root?: string): MergedFolder | undefined {
  const rootFolder = root === undefined ? displayPath(path.dirname(path.resolve(dir))) : displayFolder(root);
  return mergeFolder(createDiskFiles(), displayFolder(dir), rootFolder, problems);
}
