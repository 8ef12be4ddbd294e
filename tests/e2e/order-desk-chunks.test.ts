/**
 * Issue 14: the order desk's code is loaded only by staff. On the build the e2e set-up makes (dist/web, with Vite's
 * manifest and source maps): the route table imports the desk's page lazily, and no chunk a dealer page can load holds
 * a module of src/web/features/order-desk. Prints the gzipped size of the desk's own chunks.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

interface ManifestChunk {
  file: string;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const dist = path.resolve(import.meta.dirname, '../../dist/web');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const deskPage = 'features/order-desk/order-desk-page.tsx';
const isStaffKey = (key: string) => key.startsWith('features/order-desk/') || key.startsWith('features/workbench/');

function reachable(roots: string[], followDynamic: (key: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
    for (const next of manifest[key].dynamicImports ?? []) if (followDynamic(next)) visit(next);
  };
  roots.forEach(visit);
  return seen;
}

function sourcesOf(key: string): string[] {
  const mapFile = path.join(dist, `${manifest[key].file}.map`);
  if (!existsSync(mapFile) && key.startsWith('_rolldown-runtime')) return [];
  return (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources;
}

const gzipKb = (keys: Iterable<string>) =>
  [...keys].reduce((sum, key) => sum + gzipSync(readFileSync(path.join(dist, manifest[key].file))).length, 0) / 1024;

describe('the order desk is its own chunk, never loaded by dealer pages', () => {
  it('the route table imports the desk lazily, and no chunk a dealer can load holds its code', () => {
    expect(manifest['index.html'].dynamicImports).toContain(deskPage);
    expect(manifest[deskPage].isDynamicEntry).toBe(true);
    expect(sourcesOf(deskPage).some((source) => source.includes('features/order-desk/'))).toBe(true);

    const dealerChunks = reachable(['index.html'], (key) => !isStaffKey(key));
    const leaks = [...dealerChunks].flatMap((key) =>
      sourcesOf(key)
        .filter((source) => source.includes('features/order-desk/'))
        .map((source) => `${manifest[key].file}: ${source}`),
    );
    expect(leaks).toEqual([]);
    // The desk's page, what it imports and its own lazy parts; chunks a dealer page loads too are not counted.
    const deskOnly = [...reachable([deskPage], (key) => key.startsWith('features/order-desk/'))].filter(
      (key) => !dealerChunks.has(key),
    );
    console.info(
      `[order desk chunks] ${deskOnly.length} chunks only the desk loads ` +
        `(${deskOnly.map((key) => manifest[key].file.replace('assets/', '')).join(', ')}), ${gzipKb(deskOnly).toFixed(1)} kB gzipped`,
    );
  });
});
