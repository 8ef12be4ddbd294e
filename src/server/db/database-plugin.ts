/**
 * The database of a server: opened, migrated and seeded (an empty one) before the app's plugins load, then `app.db` and
 * `app.dbDialect` as a Fastify plugin that closes it on close.
 */
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { openDatabase, type DatabaseHandle } from './database';
import { refreshDemoPictures } from './seed-demo-catalogue';
import { needsDemoSeed, readDemoData, seedDemoData, type SeedOptions } from './seed-demo-data';
import { logSeedLine, runMigrations, StartupStepError } from './seed-steps';

export interface DatabasePluginOptions {
  /** Use this PGlite (tests restore a seeded snapshot) instead of opening DATA_DIR/pglite or DATABASE_URL. */
  pglite?: PGlite;
  /** Seed demo data when the dealers table is empty, or finish an interrupted seed (default true). */
  shouldSeedWhenEmpty?: boolean;
  /** Sizes of a fresh start-up seed and its step hook; a resumed seed keeps its recorded sizes. */
  seedOptions?: SeedOptions;
}

/**
 * Opens the database, migrates it and seeds an empty one (or finishes an interrupted seed), logging a line a seed step
 * at info. Called before the app's plugins load, outside Fastify's plugin timeout (10 s): a first seed on a busy
 * machine takes longer than that. A failed migration or seed step throws a StartupStepError naming it.
 */
export async function openPreparedDatabase(
  config: AppConfig,
  log: FastifyBaseLogger,
  options: DatabasePluginOptions,
): Promise<DatabaseHandle> {
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    pglite: options.pglite,
  });
  try {
    await runMigrations(handle);
    const seed = (options.shouldSeedWhenEmpty ?? true) ? await needsDemoSeed(handle.db) : undefined;
    if (seed) {
      if (seed === 'unfinished')
        await logSeedLine((line) => log.warn(line), 'seed: the demo seed was interrupted; finishing it');
      else await logSeedLine((line) => log.info(line), 'seed: an empty database: adding the demo data, a line a step');
      const demo = await readDemoData(path.join(config.definitionsDir, 'demo-data')).catch((error: unknown) => {
        throw new StartupStepError('reading the demo data', 'seed', error);
      });
      await seedDemoData(handle.db, demo, { log: (line) => log.info(line), ...options.seedOptions });
    }
    // A demo database seeded before issue 15 gets one picture per item, in its named colour.
    const redrawn = (options.shouldSeedWhenEmpty ?? true) ? await refreshDemoPictures(handle.db) : 0;
    if (redrawn > 0) log.info({ redrawn }, 'demo catalogue pictures redrawn: one per item, in its named colour');
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function database(app: FastifyInstance, { handle }: { handle: DatabaseHandle }): Promise<void> {
  app.decorate('db', handle.db);
  app.decorate('dbDialect', handle.dialect);
  app.addHook('onClose', async () => handle.close());
}

/** Decorates `app.db` and `app.dbDialect` (types.ts) with a database openPreparedDatabase made; closes it on close. */
export const databasePlugin = fp(database, { name: 'database', decorators: { fastify: ['config'] } });
