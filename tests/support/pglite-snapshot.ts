import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../src/server/db/database';
import { readDemoData, seedDemoData } from '../../src/server/db/seed-demo-data';

export const snapshotEnvVar = 'PORTAL_TEST_PGLITE_SNAPSHOT';
export const demoDataDir = path.resolve('definitions/demo-data');

/** Boots a fresh PGlite once (the slow part, 5-7 s), migrates and seeds it, and writes its data dir to `file`. */
export async function createSeededSnapshot(file: string): Promise<string> {
  const pglite = await PGlite.create();
  try {
    const database = await openDatabase({ pglite });
    await database.migrate();
    await seedDemoData(database.db, await readDemoData(demoDataDir));
    const dump = await pglite.dumpDataDir('gzip');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await pglite.close();
  }
}

let snapshotOfThisProcess: Promise<string> | undefined;

/** The snapshot made by the global set-up (env var), or one made once by this process when there is none. */
export function resolveSnapshotFile(): Promise<string> {
  const fromSetup = process.env[snapshotEnvVar];
  if (fromSetup) return Promise.resolve(fromSetup);
  snapshotOfThisProcess ??= createSeededSnapshot(
    path.join(os.tmpdir(), `dealer-portal-snapshot-${process.pid}-${Date.now()}.tar.gz`),
  );
  return snapshotOfThisProcess;
}

/** A new in-memory PGlite holding the seeded snapshot (about a second instead of a fresh boot). */
export async function restoreSnapshot(file: string): Promise<PGlite> {
  const bytes = await readFile(file);
  return PGlite.create({ loadDataDir: new Blob([bytes]) });
}
