/**
 * Tree paths (definitions/..., tests/golden/...) as the workbench groups them: which form a file belongs to, which
 * files are price tables, which forms a draft's changes touch.
 */

/** Form ids of a manifest: folders directly under definitions/ that hold a rules.json (the server's rule). */
export function formsOf(paths: Iterable<string>): string[] {
  const forms = new Set<string>();
  for (const path of paths) {
    const match = /^definitions\/([^/]+)\/rules\.json$/.exec(path);
    if (match && match[1] !== 'demo-data') forms.add(match[1]);
  }
  return [...forms].sort();
}

/** The form a file belongs to directly (its folder or its golden orders), or undefined for a shared piece. */
export function formOfPath(path: string): string | undefined {
  const match = /^(?:definitions|tests\/golden)\/([^/]+)\//.exec(path);
  if (!match || ['prices', 'shared', 'demo-data'].includes(match[1])) return undefined;
  return match[1];
}

/** What a changed file touches, in a word: its form, or the shared piece's folder ("prices/pergola"). */
export function pieceOfPath(path: string): string {
  const form = formOfPath(path);
  if (form) return form;
  const match = /^definitions\/((?:prices|shared)\/[^/]+)\//.exec(path);
  return match ? match[1] : path;
}

export const isGoldenOrderPath = (path: string) => path.startsWith('tests/golden/');

/** Price table files: JSON under definitions/prices/ other than a piece's rules.json (the content says for sure). */
export const isPriceTablePath = (path: string) =>
  path.startsWith('definitions/prices/') && path.endsWith('.json') && !path.endsWith('/rules.json');

/** A form's own files: its folder and its golden orders. */
export function filesOfForm(paths: Iterable<string>, form: string): string[] {
  return [...paths]
    .filter((path) => path.startsWith(`definitions/${form}/`) || path.startsWith(`tests/golden/${form}/`))
    .sort((a, b) => Number(isGoldenOrderPath(a)) - Number(isGoldenOrderPath(b)) || a.localeCompare(b));
}

/** The table's name as rules call it: the file name without .json. */
export const tableNameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.json$/, '');
