import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrationsFolder, openDatabase } from '../../src/server/db/database';
import { readDemoData, seedDemoData } from '../../src/server/db/seed-demo-data';

export const snapshotEnvVar = 'PORTAL_TEST_PGLITE_SNAPSHOT';
/** The history size the provided snapshot was seeded with, so a test asking for another size makes its own. */
export const snapshotHistoryRowsEnvVar = 'PORTAL_TEST_PGLITE_SNAPSHOT_HISTORY_ROWS';
export const demoDataDir = path.resolve('definitions/demo-data');
export const historyRowsEnvVar = 'PORTAL_TEST_HISTORY_ROWS';

/**
 * Lakeside's shipped history in test databases: 2,500 rows (three pages of 1,000) keep the snapshot small and quick
 * to restore; `PORTAL_TEST_HISTORY_ROWS=100000` gives the full `npm start` size (e.g. for a browser test).
 */
export function testHistoryRows(): number {
  const fromEnv = Number(process.env[historyRowsEnvVar]);
  return Number.isInteger(fromEnv) && fromEnv >= 0 ? fromEnv : 2500;
}

/** Boots a fresh PGlite once (the slow part, 5-7 s), migrates and seeds it, and writes its data dir to `file`. */
export async function createSeededSnapshot(file: string): Promise<string> {
  const pglite = await PGlite.create();
  try {
    const database = await openDatabase({ pglite });
    await database.migrate();
    await seedDemoData(database.db, await readDemoData(demoDataDir), { lakesideHistoryRows: testHistoryRows() });
    // Uncompressed: a restore skips gunzip (~0.3 s of CPU at each of ~100 boots a run); the file is ~45 MB in tmp.
    const dump = await pglite.dumpDataDir('none');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await pglite.close();
  }
}

let snapshotOfThisProcess: Promise<string> | undefined;

/** Hash of everything a seeded snapshot is made from, so a cached one is never stale. */
function hashSnapshotInputs(): string {
  const hash = createHash('sha256');
  const folders = [migrationsFolder, path.join(migrationsFolder, 'meta'), demoDataDir];
  const files = [
    ...folders.flatMap((folder) =>
      readdirSync(folder)
        .sort()
        .map((name) => path.join(folder, name)),
    ),
    path.resolve('src/server/db/seed-demo-data.ts'),
    path.resolve('src/server/db/seed-demo-orders.ts'),
    path.resolve('src/server/db/seed-demo-catalogue.ts'),
    path.resolve('src/server/services/catalogue/demo-catalogue.ts'),
    path.resolve('node_modules/@electric-sql/pglite/package.json'),
  ];
  for (const file of files) {
    if (statSync(file).isFile()) hash.update(file).update(readFileSync(file));
  }
  hash.update(`history rows ${testHistoryRows()}`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The snapshot made by the global set-up (env var); without one (e.g. a browser test file in its own worker),
 * a snapshot cached in the temp folder under the hash of its inputs, made once by whichever process comes first.
 */
export function resolveSnapshotFile(): Promise<string> {
  const fromSetup = process.env[snapshotEnvVar];
  if (fromSetup && process.env[snapshotHistoryRowsEnvVar] === String(testHistoryRows()))
    return Promise.resolve(fromSetup);
  snapshotOfThisProcess ??= (async () => {
    const file = path.join(os.tmpdir(), `dealer-portal-snapshot-${hashSnapshotInputs()}.tar`);
    if (existsSync(file)) return file;
    const partial = `${file}.${process.pid}.partial`;
    await createSeededSnapshot(partial);
    await rename(partial, file); // atomic: a reader never sees half a snapshot
    return file;
  })();
  return snapshotOfThisProcess;
}

/** For a global set-up: makes the run's snapshot and hands it to the workers; returns the teardown. */
export async function provideSeededSnapshot(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-snapshot-'));
  process.env[snapshotEnvVar] = await createSeededSnapshot(path.join(folder, 'seeded.tar'));
  process.env[snapshotHistoryRowsEnvVar] = String(testHistoryRows());
  return async () => {
    delete process.env[snapshotEnvVar];
    delete process.env[snapshotHistoryRowsEnvVar];
    await rm(folder, { recursive: true, force: true });
  };
}

const pgliteDist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
let pgliteParts: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;

/** PGlite's compiled WebAssembly and file-system bundle, read once per worker and shared by every restore in it. */
function sharedPgliteParts() {
  pgliteParts ??= (async () => ({
    pgliteWasmModule: await WebAssembly.compile(await readFile(path.join(pgliteDist, 'pglite.wasm'))),
    fsBundle: new Blob([await readFile(path.join(pgliteDist, 'pglite.data'))]),
  }))();
  return pgliteParts;
}

/** A new in-memory PGlite holding the seeded snapshot (about half a second of CPU instead of a fresh boot). */
export async function restoreSnapshot(file: string): Promise<PGlite> {
  const [bytes, parts] = await Promise.all([readFile(file), sharedPgliteParts()]);
  return PGlite.create({ loadDataDir: new Blob([bytes]), ...parts });
}
