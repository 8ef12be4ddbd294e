import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { lockPgliteDir } from './pglite-lock';
import * as schema from './schema.js';

export type Schema = typeof schema;
interface RowsOf<TRow> {
  rows: TRow[];
}
/** What both drivers return from `execute`: PGlite's Results and node-postgres' QueryResult both carry `rows`. */
export interface RowsQueryResultHKT extends PgQueryResultHKT {
  type: RowsOf<this['row']>;
}
/** The drizzle instance, the same type over PGlite and node-postgres. */
export type Database = PgDatabase<RowsQueryResultHKT, Schema>;
export type Dialect = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  dialect: Dialect;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Folder for PGlite files; ignored when databaseUrl is set. */
  pgliteDir?: string;
  /** An already opened PGlite (tests restore one from a snapshot); closed with the handle. */
  pglite?: PGlite;
}

/** Opens PostgreSQL through node-postgres when a URL is given, otherwise PGlite on disk (or the instance passed in). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl && !options.pglite) {
    const { openPostgres } = await import('./postgres-database'); // node-postgres loaded only for PostgreSQL
    return openPostgres(options.databaseUrl, migrationsFolder);
  }
  let client = options.pglite;
  let unlock: (() => Promise<void>) | undefined;
  if (!client) {
    if (!options.pgliteDir) throw new Error('openDatabase needs databaseUrl, pgliteDir or pglite');
    await mkdir(path.dirname(options.pgliteDir), { recursive: true });
    unlock = await lockPgliteDir(options.pgliteDir);
    try {
      client = await PGlite.create(options.pgliteDir);
    } catch (error) {
      await unlock();
      throw error;
    }
  }
  const pglite = client;
  const db = drizzlePglite({ client: pglite, schema });
  return {
    db: db as unknown as Database,
    dialect: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: async () => {
      if (!pglite.closed) await pglite.close();
      await unlock?.();
    },
  };
}
