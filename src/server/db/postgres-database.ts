import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { Database, DatabaseHandle } from './database';
import { ResilientPool } from './resilient-pool';
import * as schema from './schema.js';

/** PostgreSQL through node-postgres; its own module so a PGlite server never loads `pg` (imported when DATABASE_URL is set). */
export function openPostgres(databaseUrl: string, migrationsFolder: string): DatabaseHandle {
  // A bounded wait for a connection: a server that does not answer gives 503s instead of requests that hang.
  const pool = new ResilientPool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 10_000 });
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db: db as unknown as Database,
    dialect: 'postgres',
    migrate: () => migratePostgres(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}
