/** The repository's definitions and golden orders as a draft's files map, for the editor's unit tests. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { TreeFiles } from './tree-files';

function walk(dir: string, prefix: string, skip: Set<string>, out: Record<string, string>): void {
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (!skip.has(name)) walk(full, `${prefix}${name}/`, new Set(), out);
    } else if (name.endsWith('.json')) out[`${prefix}${name}`] = readFileSync(full, 'utf8');
  }
}

let cached: TreeFiles | undefined;

/** definitions/ (but demo-data) and tests/golden/, keyed by tree path. */
export function repoTree(): TreeFiles {
  if (cached) return cached;
  const out: Record<string, string> = {};
  walk('definitions', 'definitions/', new Set(['demo-data']), out);
  walk('tests/golden', 'tests/golden/', new Set(), out);
  cached = out;
  return out;
}
