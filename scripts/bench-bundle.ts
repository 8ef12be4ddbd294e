/**
 * The sunroom route's JavaScript, chunk by chunk (`npm run bench:bundle`): each chunk of the route's static import
 * graph (as bench:page sums it) with its gzip -9 size and its largest packages or source files from its source map,
 * then the route's total. Reads dist/web as it is: run `npx vite build` first. `-- --route <manifest key>` for another
 * page, `--top <n>` modules per chunk (8).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { staticGraph, type Manifest } from './lib/bench-page-bundle';
import { chunkModules } from './lib/bundle-modules';

const { values } = parseArgs({
  options: {
    route: { type: 'string', default: 'features/sunroom/sunroom-page.tsx' },
    top: { type: 'string', default: '8' },
  },
});
const distDir = path.resolve('dist/web');
const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
const files = staticGraph(manifest, ['index.html', values.route]);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const chunks = files
  .map((file) => {
    const content = readFileSync(path.join(distDir, file));
    return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  })
  .sort((a, b) => b.gzipBytes - a.gzipBytes);

console.log(`${values.route}: ${files.length} files (the entry's and the route's static imports)`);
for (const chunk of chunks) {
  console.log(`\n${chunk.file.padEnd(48)} ${kb(chunk.gzipBytes).padStart(9)} gz ${kb(chunk.bytes).padStart(10)} raw`);
  // A module's gzip share is estimated as its share of the chunk's raw bytes.
  const ratio = chunk.gzipBytes / chunk.bytes;
  for (const [name, bytes] of [...chunkModules(distDir, chunk.file)].slice(0, Number(values.top))) {
    console.log(`    ${name.padEnd(60)} ~${kb(bytes * ratio).padStart(9)} gz ${kb(bytes).padStart(10)} raw`);
  }
}
const total = chunks.reduce((sum, chunk) => ({ bytes: sum.bytes + chunk.bytes, gz: sum.gz + chunk.gzipBytes }), {
  bytes: 0,
  gz: 0,
});
console.log(`\nroute JS: ${kb(total.gz)} gz, ${kb(total.bytes)} raw`);
