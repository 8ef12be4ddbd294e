/**
 * Slash-separated paths without node:path (the browser has none): tree paths such as `definitions/pergola/rules.json`,
 * and the disk reader's display paths (relative to the working folder, or absolute), which use the same rules.
 */

/** `a/./b/../c` -> `a/c`; leading `..` kept on a relative path, dropped on an absolute one; `` for nothing left. */
export function normalizePath(path: string): string {
  const isAbsolute = path.startsWith('/');
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!isAbsolute) out.push('..');
      continue;
    }
    out.push(segment);
  }
  return `${isAbsolute ? '/' : ''}${out.join('/')}`;
}

/** A path inside a folder (`''` is the folder itself); an absolute target stands for itself. */
export function joinPath(folder: string, target: string): string {
  if (target.startsWith('/') || folder === '') return normalizePath(target);
  if (target === '') return folder;
  return normalizePath(`${folder}/${target}`);
}

/** The folder of a path (`definitions/pergola/rules.json` -> `definitions/pergola`), `` for a bare name. */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : slash === 0 ? '/' : path.slice(0, slash);
}

/** The last segment of a path. */
export function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Whether `target` is `root` or lies below it (both normalised; `` is the working folder: any relative path inside it). */
export function isWithin(root: string, target: string): boolean {
  if (root === '' || root === '.') return !target.startsWith('/') && target !== '..' && !target.startsWith('../');
  if (target === root) return true;
  return target.startsWith(root.endsWith('/') ? root : `${root}/`);
}
