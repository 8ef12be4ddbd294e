/**
 * What the definitions reader reads: files by path, folder listings. The browser and the server's draft checks hold a
 * tree in memory (`Record<path, content>`, paths such as `definitions/pergola/rules.json`); the server's node adapter
 * (src/server/definitions) reads the disk and adds the checks only a disk needs (file size before reading, symlinks).
 */

/** Files and folders of a definitions tree. Paths are slash-separated, without `.` or `..` segments. */
export interface DefinitionFiles {
  /** A file's text; undefined when there is no such file. May throw when it cannot be read (reported as such). */
  read(path: string): string | undefined;
  /** The files and the folders directly inside a folder, by name (any order; empty for no such folder). */
  list(folder: string): { files: string[]; folders: string[] };
  /** Whether the folder exists. */
  isFolder(path: string): boolean;
  /** Disk only: a file's size in bytes before reading it (a huge file is refused unread); undefined when absent. */
  sizeOf?(path: string): number | undefined;
  /** Disk only: where a path leads through symlinks (an include must stay inside the root there too); undefined when absent. */
  realPath?(path: string): string | undefined;
  /** Disk only: the path an include names, from the including folder (default: joined and normalised). */
  resolveInclude?(folder: string, target: string): string;
  /** Disk only: how a path is named where an include leaves the root (the absolute path); default the path itself. */
  absolutePath?(path: string): string;
}

/** Files in memory, as drafts and versions hold them: path -> content. */
export type FileContents = Readonly<Record<string, string>> | ReadonlyMap<string, string>;

/**
 * A DefinitionFiles over contents in memory. Folders are implied by the paths (`a/b/c.json` makes `a` and `a/b`); the
 * listing is built once, so reading a tree is a map lookup per file.
 */
export function createMemoryFiles(contents: FileContents): DefinitionFiles {
  const byPath: ReadonlyMap<string, string> =
    contents instanceof Map ? contents : new Map(Object.entries(contents as Record<string, string>));
  const folders = new Map<string, { files: string[]; folders: Set<string> }>();
  const folderEntry = (folder: string) => {
    let entry = folders.get(folder);
    if (!entry) folders.set(folder, (entry = { files: [], folders: new Set() }));
    return entry;
  };
  for (const path of byPath.keys()) {
    const segments = path.split('/');
    for (let i = 0; i < segments.length - 1; i++) {
      const parent = segments.slice(0, i).join('/');
      folderEntry(parent).folders.add(segments[i]);
      folderEntry(segments.slice(0, i + 1).join('/'));
    }
    folderEntry(segments.slice(0, -1).join('/')).files.push(segments[segments.length - 1]);
  }
  return {
    read: (path) => byPath.get(path),
    list: (folder) => {
      const entry = folders.get(folder);
      return entry ? { files: [...entry.files], folders: [...entry.folders] } : { files: [], folders: [] };
    },
    isFolder: (path) => folders.has(path),
  };
}
