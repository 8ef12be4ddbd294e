import { postgresSkipReason, type TestDialect } from './test-server';

export interface DialectCase {
  dialect: TestDialect;
  skipReason?: string;
}

/** The API suites run once per database dialect; PostgreSQL only when the global set-up could start it. */
export function apiDialects(): DialectCase[] {
  return [{ dialect: 'pglite' }, { dialect: 'postgres', skipReason: postgresSkipReason() }];
}
