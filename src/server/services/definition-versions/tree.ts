/**
 * The definitions tree as data: every `*.json` under `definitions/` (but `demo-data/`, which only the seed reads) and
 * under `tests/golden/`, keyed by its path from the repository root (`definitions/pergola/rules.json`,
 * `tests/golden/pergola/001-....json`). A tree is a manifest (path -> sha256 of the content), named by the sha256
 * of its canonical form, so equal content is one tree whoever made it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** path -> sha256 of the content (hex). */
export type Manifest = Record<string, string>;

/** A tree with its contents (path -> UTF-8 text). */
export interface TreeFiles {
  manifest: Manifest;
  /** Content by hash. */
  contents: Map<string, string>;
}

export const definitionsPrefix = 'definitions/';
export const goldenPrefix = 'tests/golden/';
/** Folders under definitions/ that are not part of the versioned tree. */
const skippedDefinitionFolders = new Set(['demo-data']);

/** A tree path staff may write: under definitions/ (not demo-data) or tests/golden/, plain segments, ending in .json. */
export const treePathPattern = '^(definitions|tests/golden)(/[A-Za-z0-9_][A-Za-z0-9._-]{0,127}){1,8}\\.json$';
const treePathRegExp = new RegExp(treePathPattern);

/** Why a path cannot be in a tree, or undefined when it can. */
export function treePathProblem(treePath: string): string | undefined {
  if (!treePathRegExp.test(treePath))
    return 'a path is definitions/... or tests/golden/..., plain folder and file names, ending in .json';
  if (treePath.split('/').some((segment) => segment === '.' || segment === '..' || segment.endsWith('.')))
    return 'a path has no . or .. segments';
  if (treePath.startsWith(`${definitionsPrefix}demo-data/`))
    return 'definitions/demo-data/ is seed data, not part of the versioned definitions';
  return undefined;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The manifest with its paths sorted (the canonical order). */
export function sortManifest(manifest: Manifest): Manifest {
  return Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The tree's name: sha256 over `path NUL hash LF` in path order. */
export function treeHashOf(manifest: Manifest): string {
  const hash = createHash('sha256');
  for (const [file, fileHash] of Object.entries(sortManifest(manifest))) hash.update(`${file}\0${fileHash}\n`);
  return hash.digest('hex');
}

function walkJson(dir: string, prefix: string, skipTop: Set<string>, out: [string, string][]): void {
  if (!existsSync(dir)) return;
  const visit = (folder: string, relative: string, depth: number) => {
    for (const name of readdirSync(folder).sort()) {
      const full = path.join(folder, name);
      const stat = statSync(full);
      if (stat.isDirectory()) {
        if (depth === 0 && skipTop.has(name)) continue;
        visit(full, `${relative}${name}/`, depth + 1);
      } else if (stat.isFile() && name.endsWith('.json')) out.push([`${prefix}${relative}${name}`, full]);
    }
  };
  visit(dir, '', 0);
}

/** Where the deployed tree lives: the definitions folder, and the golden orders (default: tests/golden beside it). */
export interface DeployedTreeDirs {
  definitionsDir: string;
  goldenDir: string;
}

/** The golden-order folder that goes with a definitions folder: `<its parent>/tests/golden`. */
export function goldenDirFor(definitionsDir: string): string {
  return path.join(path.dirname(path.resolve(definitionsDir)), 'tests', 'golden');
}

/** Every file of the tree under these folders, read from disk. */
export function readTreeFromDisk(dirs: DeployedTreeDirs): TreeFiles {
  const files: [string, string][] = [];
  walkJson(dirs.definitionsDir, definitionsPrefix, skippedDefinitionFolders, files);
  walkJson(dirs.goldenDir, goldenPrefix, new Set(), files);
  const manifest: Manifest = {};
  const contents = new Map<string, string>();
  for (const [treePath, full] of files) {
    const text = readFileSync(full, 'utf8');
    const hash = sha256(text);
    manifest[treePath] = hash;
    contents.set(hash, text);
  }
  return { manifest: sortManifest(manifest), contents };
}

/**
 * A cheap signature of the definition files on disk (names, sizes, mtimes; not the golden orders, a thousand files,
 * which are re-read with the next definition edit or start), to notice a developer's edit without reading every file
 * on every request.
 */
export function diskSignature(dirs: DeployedTreeDirs): string {
  const files: [string, string][] = [];
  walkJson(dirs.definitionsDir, definitionsPrefix, skippedDefinitionFolders, files);
  const hash = createHash('sha256');
  for (const [treePath, full] of files) {
    try {
      const stat = statSync(full);
      hash.update(`${treePath}:${stat.size}:${stat.mtimeMs}\n`);
    } catch {
      hash.update(`${treePath}:missing\n`);
    }
  }
  return hash.digest('hex');
}

/** Writes the tree's files under `root` (root/definitions/..., root/tests/golden/...); `only` limits it to a prefix. */
export async function writeTree(root: string, tree: TreeFiles, only?: string): Promise<number> {
  let count = 0;
  for (const [treePath, hash] of Object.entries(tree.manifest)) {
    if (only && !treePath.startsWith(only)) continue;
    const content = tree.contents.get(hash);
    if (content === undefined) throw new Error(`the content of ${treePath} (${hash}) is missing`);
    const file = path.join(root, ...treePath.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
    count += 1;
  }
  return count;
}

/** Paths of the tree under a prefix, sorted. */
export function pathsUnder(manifest: Manifest, prefix: string): string[] {
  return Object.keys(manifest)
    .filter((p) => p.startsWith(prefix))
    .sort();
}
