/**
 * Issue 13: the workbench's code is loaded only by staff. On the build the e2e set-up makes (dist/web, with Vite's
 * manifest and source maps): the route table imports the workbench pages dynamically, and no chunk a dealer page can
 * load (the entry, every other page, and what they import, statically or lazily) holds a module of
 * src/web/features/workbench. Prints the gzipped sizes of the dealer entry and of the staff-only chunks.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const dist = path.resolve(import.meta.dirname, '../../dist/web');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const isWorkbenchKey = (key: string) => key.startsWith('features/workbench/');

/** Chunks reachable from `roots` through static imports, and through dynamic ones unless `followDynamic` refuses. */
function reachable(roots: string[], followDynamic: (key: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    for (const next of chunk.imports ?? []) visit(next);
    for (const next of chunk.dynamicImports ?? []) if (followDynamic(next)) visit(next);
  };
  roots.forEach(visit);
  return seen;
}

/** The source files bundled into a chunk, from its source map. */
function sourcesOf(key: string): string[] {
  const mapFile = path.join(dist, `${manifest[key].file}.map`);
  // Rolldown's runtime chunk (its module helpers, shared once lazy chunks import CommonJS code) holds no module and
  // has no map.
  if (!existsSync(mapFile) && key.startsWith('_rolldown-runtime')) return [];
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
  return map.sources;
}

const gzipKb = (keys: Iterable<string>) =>
  [...keys].reduce((sum, key) => sum + gzipSync(readFileSync(path.join(dist, manifest[key].file))).length, 0) / 1024;

describe('the workbench is its own chunks, never loaded by dealer pages', () => {
  const entry = 'index.html';

  it('the route table imports the workbench pages lazily, and they hold the workbench code', () => {
    const lazyPages = manifest[entry].dynamicImports ?? [];
    const workbenchPages = lazyPages.filter(isWorkbenchKey);
    expect(workbenchPages.sort()).toEqual([
      'features/workbench/draft/draft-page.tsx',
      'features/workbench/overview/overview-page.tsx',
    ]);
    for (const page of workbenchPages) expect(manifest[page].isDynamicEntry).toBe(true);
    expect(
      sourcesOf('features/workbench/overview/overview-page.tsx').some((s) => s.includes('features/workbench/')),
    ).toBe(true);
  });

  it('no chunk a dealer can load holds a module of features/workbench', () => {
    const dealerChunks = reachable([entry], (key) => !isWorkbenchKey(key));
    expect(dealerChunks.size).toBeGreaterThan(20);
    const leaks = [...dealerChunks].flatMap((key) =>
      sourcesOf(key)
        .filter((source) => source.includes('features/workbench/'))
        .map((source) => `${manifest[key].file}: ${source}`),
    );
    expect(leaks).toEqual([]);

    const staffOnly = [...reachable([entry], () => true)].filter((key) => !dealerChunks.has(key));
    expect(staffOnly.length).toBeGreaterThan(0);
    const entryClosure = reachable([entry], () => false);
    console.info(
      `[workbench chunks] dealer entry (index.html and its static imports): ${entryClosure.size} chunks, ` +
        `${gzipKb(entryClosure).toFixed(1)} kB gzipped; staff-only chunks: ${staffOnly.length} ` +
        `(${staffOnly.map((key) => manifest[key].file.replace('assets/', '')).join(', ')}), ` +
        `${gzipKb(staffOnly).toFixed(1)} kB gzipped; overview page alone ${gzipKb(['features/workbench/overview/overview-page.tsx']).toFixed(1)} kB, ` +
        `draft page alone ${gzipKb(['features/workbench/draft/draft-page.tsx']).toFixed(1)} kB`,
    );
  });
});
