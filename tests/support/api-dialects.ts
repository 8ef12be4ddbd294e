import { postgresSkipReason, type TestDialect } from './test-server';

export interface DialectCase {
  dialect: TestDialect;
  skipReason?: string;
}

/**
 * The dialect matrix, for tests where SQL or the driver differs: repositories, migrations and the seed, locks and
 * claims, transactions, the pool, restarts. They run once per database dialect; PostgreSQL only when the global set-up
 * could start it.
 */
export function apiDialects(): DialectCase[] {
  return [{ dialect: 'pglite' }, { dialect: 'postgres', skipReason: postgresSkipReason() }];
}

/**
 * Route tests (HTTP, tokens and roles, input checks, documents, the routes' answers): what they test happens before or
 * after SQL, which runs through repositories and the submit pipeline that the matrix files test on both dialects.
 * PGlite only. docs/measuring.md lists each file and why.
 */
export function routeTestDialects(): DialectCase[] {
  return [{ dialect: 'pglite' }];
}
