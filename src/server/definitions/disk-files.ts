/**
 * The definitions reader's files on disk. Paths are display paths, as problems name them: relative to the working
 * folder when inside it (`definitions/pergola/rules.json`), else absolute. On top of reading, the disk adds what only
 * a disk has: a file's size before reading it, and symlinks (an include must stay inside the root where it leads).
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { DefinitionFiles } from '../../definition-tree/index';

/** A path as problems name it: relative to the working folder when inside it, else absolute. */
export function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') ? file : relative;
}

/** The display path of a folder given as any path (relative to the working folder or absolute). */
export function displayFolder(folder: string): string {
  return displayPath(path.resolve(folder));
}

/** DefinitionFiles over the disk; paths are display paths (see displayPath). */
export function createDiskFiles(): DefinitionFiles {
  const absolute = (file: string) => path.resolve(file);
  return {
    read: (file) => (existsSync(absolute(file)) ? readFileSync(absolute(file), 'utf8') : undefined),
    list: (folder) => {
      const files: string[] = [];
      const folders: string[] = [];
      for (const entry of readdirSync(absolute(folder), { withFileTypes: true })) {
        let isDirectory = entry.isDirectory();
        if (entry.isSymbolicLink()) {
          try {
            isDirectory = statSync(path.join(absolute(folder), entry.name)).isDirectory();
          } catch {
            // A dangling link is listed as a file: reading it reports it.
          }
        }
        if (isDirectory) folders.push(entry.name);
        else if (entry.isFile() || entry.isSymbolicLink()) files.push(entry.name);
      }
      return { files, folders };
    },
    isFolder: (folder) => existsSync(absolute(folder)) && statSync(absolute(folder)).isDirectory(),
    sizeOf: (file) => (existsSync(absolute(file)) ? statSync(absolute(file)).size : undefined),
    realPath: (file) => (existsSync(absolute(file)) ? realpathSync(absolute(file)) : undefined),
    resolveInclude: (folder, target) => displayPath(path.resolve(absolute(folder), target)),
    absolutePath: absolute,
  };
}
