/**
 * npm run build (after vite build): the server bundled to dist/server/server.js, so `npm run serve` starts plain
 * JavaScript with node instead of compiling TypeScript through tsx at every start (~2.8 s). Our own modules (src/,
 * schemas/*.json) are bundled; node_modules stay external, loaded by node as usual (PGlite finds its wasm beside
 * itself). The SQL migrations are copied beside the bundle: db/database.ts finds them from import.meta.url. The
 * definition-work thread's entry is a second entry point, dist/server/definition-worker.js: the pool
 * (services/definition-work/worker-start.ts) starts it from beside itself.
 */
import { randomUUID } from 'node:crypto';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const outDir = path.resolve('dist/server');

await rm(outDir, { recursive: true, force: true });
await build({
  entryPoints: {
    server: 'src/server/server.ts',
    'definition-worker': 'src/server/services/definition-work/worker.ts',
  },
  outdir: outDir,
  // Chunks beside server.js (modules imported on demand: node-postgres only with DATABASE_URL), same folder so
  // import.meta.url finds the migrations from any of them.
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  // src/server/build-id.ts: a new id per build, so a restart skips only the checks this very build already ran.
  define: { SERVER_BUILD_ID: JSON.stringify(randomUUID()) },
  logLevel: 'warning',
});
await cp('src/server/db/migrations', path.join(outDir, 'migrations'), { recursive: true });
console.log(`server bundled to ${path.relative(process.cwd(), outDir)}/server.js`);
