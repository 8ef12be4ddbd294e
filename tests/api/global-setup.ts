import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/database';
import { readDemoData, seedDemoData } from '../../src/server/db/seed-demo-data';
import {
  createSeededSnapshot,
  demoDataDir,
  snapshotEnvVar,
  snapshotHistoryRowsEnvVar,
  testHistoryRows,
} from '../support/pglite-snapshot';
import { findPostgresBinaries, runSql, startPostgresServer, type PostgresServer } from '../support/postgres-server';
import { postgresEnvVars } from '../support/test-server';

const templateName = 'portal_template';

/**
 * Once per run: the seeded PGlite snapshot every test file restores, and a PostgreSQL server with a seeded
 * template database each file copies. Their locations reach the test workers through env vars.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-api-'));
  const started = Date.now();
  const snapshot = createSeededSnapshot(path.join(folder, 'seeded.tar')).then((file) => {
    process.env[snapshotEnvVar] = file;
    process.env[snapshotHistoryRowsEnvVar] = String(testHistoryRows());
    process.stdout.write(`[api setup] PGlite snapshot ready in ${Date.now() - started} ms\n`);
  });

  let server: PostgresServer | undefined;
  const binDir = findPostgresBinaries();
  const postgres = (async () => {
    if (!binDir) {
      const reason = 'no PostgreSQL binaries (initdb, pg_ctl) found in /usr/lib/postgresql/*/bin, PG_BIN_DIR or PATH';
      process.env[postgresEnvVars.skipReason] = reason;
      process.stdout.write(`[api setup] PostgreSQL run skipped: ${reason}\n`);
      return;
    }
    server = await startPostgresServer(binDir);
    await runSql(server.adminUrl, `CREATE DATABASE ${templateName}`);
    const database = await openDatabase({ databaseUrl: server.urlFor(templateName) });
    try {
      await database.migrate();
      await seedDemoData(database.db, await readDemoData(demoDataDir), { lakesideHistoryRows: testHistoryRows() });
    } finally {
      await database.close();
    }
    process.env[postgresEnvVars.adminUrl] = server.adminUrl;
    process.env[postgresEnvVars.template] = templateName;
    process.stdout.write(`[api setup] PostgreSQL (${binDir}) ready in ${Date.now() - started} ms\n`);
  })();

  const results = await Promise.allSettled([snapshot, postgres]);
  const teardown = async () => {
    delete process.env[snapshotEnvVar];
    delete process.env[snapshotHistoryRowsEnvVar];
    await server?.stop();
    await rm(folder, { recursive: true, force: true });
  };
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) {
    await teardown();
    throw failure.reason;
  }
  return teardown;
}
