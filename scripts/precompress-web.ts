/**
 * npm run build (after vite build): a brotli (.br) and a gzip (.gz) copy beside each compressible file of
 * dist/web/assets, made once at build at the best ratios; the server sends them as they are (@fastify/static
 * preCompressed) instead of compressing each answer. Copies that would not save at least a tenth are not written.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const assetsDir = path.resolve(process.argv[2] ?? 'dist/web/assets');
const compressible = /\.(js|mjs|css|html|json|svg|txt|wasm)$/; // not .map: only developer tools fetch those

async function precompress(file: string): Promise<{ raw: number; br: number; gz: number }> {
  const raw = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < raw.length * 0.9) await writeFile(`${file}.br`, br);
  if (gz.length < raw.length * 0.9) await writeFile(`${file}.gz`, gz);
  return { raw: raw.length, br: br.length, gz: gz.length };
}

const files = (await readdir(assetsDir)).filter((name) => compressible.test(name));
const totals = { raw: 0, br: 0, gz: 0 };
for (const name of files) {
  const sizes = await precompress(path.join(assetsDir, name));
  totals.raw += sizes.raw;
  totals.br += sizes.br;
  totals.gz += sizes.gz;
}
const kB = (bytes: number) => `${Math.round(bytes / 1024)} kB`;
console.log(
  `precompressed ${files.length} files of ${path.relative(process.cwd(), assetsDir)}: ${kB(totals.raw)} -> brotli ${kB(totals.br)}, gzip ${kB(totals.gz)}`,
);
