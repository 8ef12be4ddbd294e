import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config';
import { restoreSnapshot, resolveSnapshotFile } from './pglite-snapshot';
import { runSql } from './postgres-server';

export type TestDialect = 'pglite' | 'postgres';

/** Env vars the api global set-up fills for the PostgreSQL run. */
export const postgresEnvVars = {
  adminUrl: 'PORTAL_TEST_PG_ADMIN_URL',
  template: 'PORTAL_TEST_PG_TEMPLATE',
  skipReason: 'PORTAL_TEST_PG_SKIP_REASON',
} as const;

/** Partial<AppConfig>, with the nested groups partial too. */
export type TestServerOverrides = Omit<Partial<AppConfig>, 'auth' | 'oidc' | 'inactivity' | 'signIn'> & {
  auth?: Partial<AppConfig['auth']>;
  signIn?: Partial<AppConfig['signIn']>;
  oidc?: Partial<AppConfig['oidc']>;
  inactivity?: Partial<AppConfig['inactivity']>;
};

export interface TestServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  baseUrl: string;
  app: FastifyInstance;
  config: AppConfig;
  dialect: TestDialect;
  /** A bearer token from the local sign-in for a seeded user (password demo1234). */
  tokenFor(username: string): Promise<string>;
  close(): Promise<void>;
}

export const demoPassword = 'demo1234';

const relaxedSignInLimits = {
  attemptsPerMinutePerAddress: 1_000_000,
  maxFailuresPerAccount: 1_000_000,
  maxFailuresPerAddress: 1_000_000,
};

/** Why the PostgreSQL run is skipped, or undefined when the global set-up started a server. */
export function postgresSkipReason(): string | undefined {
  if (process.env[postgresEnvVars.adminUrl]) return undefined;
  return process.env[postgresEnvVars.skipReason] ?? 'the api global set-up did not start PostgreSQL';
}

/** A fresh database copied from the run's seeded PostgreSQL template (its URL), and how to drop it. */
export async function createDatabaseFromTemplate(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env[postgresEnvVars.adminUrl];
  const template = process.env[postgresEnvVars.template];
  if (!adminUrl || !template) throw new Error(`PostgreSQL test server not started: ${postgresSkipReason()}`);
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await runSql(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runSql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * Builds the real app on a seeded database (PGlite restored from the run's snapshot, or a fresh PostgreSQL
 * database copied from the seeded template), local sign-in, its own temp DATA_DIR, listening on 127.0.0.1:0.
 */
export async function startTestServer(
  overrides: TestServerOverrides = {},
  options: {
    dialect?: TestDialect;
    onRoute?: (route: RouteOptions) => void;
    /** PostgreSQL: another test server's database (two servers on one database); it is not dropped at close. */
    sharedDatabaseUrl?: string;
  } = {},
): Promise<TestServer> {
  const dialect = options.sharedDatabaseUrl ? 'postgres' : (options.dialect ?? 'pglite');
  const defaults = loadConfig({});
  const dataDir = overrides.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-test-')));
  const isOwnDataDir = overrides.dataDir === undefined;
  const postgres =
    dialect === 'postgres' && !options.sharedDatabaseUrl ? await createDatabaseFromTemplate() : undefined;
  const config: AppConfig = {
    ...defaults,
    ...overrides,
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: options.sharedDatabaseUrl ?? postgres?.url,
    authMode: overrides.authMode ?? 'local',
    auth: { ...defaults.auth, ...overrides.auth },
    oidc: { ...defaults.oidc, ...overrides.oidc },
    inactivity: { ...defaults.inactivity, ...overrides.inactivity },
    // Tests sign in far more often than people do; tests of the limits set their own.
    signIn: { ...defaults.signIn, ...relaxedSignInLimits, ...overrides.signIn },
  };
  const pglite = dialect === 'pglite' ? await restoreSnapshot(await resolveSnapshotFile()) : undefined;
  let app: FastifyInstance;
  try {
    app = await buildApp(config, {
      pglite,
      onRoute: options.onRoute,
      logger: process.env.PORTAL_TEST_LOG ? { level: 'debug' } : false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await postgres?.drop().catch(() => {});
    if (isOwnDataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;

  const tokens = new Map<string, string>();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    config,
    dialect,
    async tokenFor(username) {
      const cached = tokens.get(username);
      if (cached) return cached;
      const response = await app.inject({
        method: 'POST',
        url: '/auth/local/token',
        payload: { username, password: demoPassword },
      });
      if (response.statusCode !== 200)
        throw new Error(`No token for ${username}: ${response.statusCode} ${response.body}`);
      const token = (response.json() as { access_token: string }).access_token;
      tokens.set(username, token);
      return token;
    },
    async close() {
      await app.close();
      await postgres?.drop();
      if (isOwnDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
