import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/database';
import { apiDialects } from '../support/api-dialects';
import { runSql } from '../support/postgres-server';
import { postgresEnvVars } from '../support/test-server';

// Issue 10 point 7: a first-start seed killed halfway (here: stopped by its step hook right after a committed step)
// is finished by the next start, with the sizes it began with, and ends exactly like a seed that was never stopped.
const historyRows = 6_000; // two history batches of 5,000 and 1,000
const interruptionPoints = ['base', 'orders 1002', 'history 1001 5000/6000', 'catalogue'];
const tables = [
  'dealers',
  'users',
  'locations',
  'contacts',
  'parts',
  'orders',
  'order_events',
  'order_history',
  'catalogue_parts',
];

class Interrupted extends Error {}

describe.each(apiDialects())('an interrupted first-start seed ($dialect)', ({ dialect, skipReason }) => {
  if (skipReason) {
    it.skip(`PostgreSQL run skipped: ${skipReason}`, () => {});
    return;
  }
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  /** A fresh empty database: a DATA_DIR of its own (PGlite on disk) or a new database on the test PostgreSQL server. */
  async function freshConfig() {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-seed-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (dialect === 'postgres') {
      const adminUrl = process.env[postgresEnvVars.adminUrl]!;
      const name = `portal_seed_${randomBytes(5).toString('hex')}`;
      await runSql(adminUrl, `CREATE DATABASE ${name}`);
      cleanups.push(() => runSql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    }
    return { ...loadConfig({ DATA_DIR: dataDir }), databaseUrl };
  }

  async function countRows(db: Database): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of tables)
      counts[table] = Number(
        (await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0].n,
      );
    return counts;
  }

  let expected: Record<string, number>;

  it('an uninterrupted first start gives the reference counts', async () => {
    const app = await buildApp(await freshConfig(), {
      logger: false,
      seedOptions: { lakesideHistoryRows: historyRows },
    });
    try {
      expected = await countRows(app.db);
    } finally {
      await app.close();
    }
    expect(expected.order_history).toBeGreaterThan(historyRows);
    expect(expected.catalogue_parts).toBeGreaterThan(0);
  }, 120_000);

  it.each(interruptionPoints)(
    'stopped after "%s", the next start finishes the seed',
    async (point) => {
      const config = await freshConfig();
      const steps: string[] = [];
      const interrupt = (step: string) => {
        steps.push(step);
        if (step === point) throw new Interrupted(`interrupted after ${step}`);
      };
      const failed: unknown = await buildApp(config, {
        logger: false,
        seedOptions: { lakesideHistoryRows: historyRows, onStep: interrupt },
      }).catch((error: unknown) => error);
      // Inside a step (a history batch) the interruption comes wrapped in the error naming the step.
      expect(failed instanceof Interrupted || (failed as Error).cause instanceof Interrupted, String(failed)).toBe(
        true,
      );
      expect(steps.at(-1)).toBe(point);

      // The second start knows nothing of the first one's options: the sizes come from seed_runs.
      const app = await buildApp(config, { logger: false });
      try {
        expect(await countRows(app.db)).toEqual(expected);
        const run = await app.db.execute<{ done: boolean; rows: number }>(
          sql`select completed_at is not null as done, (options->>'lakesideHistoryRows')::int as rows from seed_runs`,
        );
        expect(run.rows).toEqual([{ done: true, rows: historyRows }]);
      } finally {
        await app.close();
      }
      // A third start seeds nothing more.
      const again = await buildApp(config, { logger: false });
      try {
        expect(await countRows(again.db)).toEqual(expected);
      } finally {
        await again.close();
      }
    },
    120_000,
  );
});
