/**
 * A route's JavaScript as the browser must load it before the page can run: the entry's static import graph plus the
 * route module's, from Vite's build manifest (dist/web/.vite/manifest.json), each file counted once, gzip-compressed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

export type Manifest = Record<string, ManifestChunk>;

/** The files reached from `roots` through static imports (not dynamic ones: those load later, on demand). */
export function staticGraph(manifest: Manifest, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  roots.forEach(visit);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

export interface RouteSize {
  files: number;
  bytes: number;
  gzipBytes: number;
}

/** The entry's and `routeModule`'s static JS (e.g. 'features/sunroom/sunroom-page.tsx'), raw and gzip -9. */
export function routeJsSize(distDir: string, routeModule: string): RouteSize {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const files = staticGraph(manifest, ['index.html', routeModule]);
  let bytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const content = readFileSync(path.join(distDir, file));
    bytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return { files: files.length, bytes, gzipBytes };
}
