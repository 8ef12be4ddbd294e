import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredOrder, TokenAnswer } from '../../src/contracts/index';
import { buildApp } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config';
import { jobs } from '../../src/server/db/schema';
import { enqueueJob } from '../../src/server/services/jobs/index';
import { apiDialects } from '../support/api-dialects';
import { resolveSnapshotFile } from '../support/pglite-snapshot';
import { runSql } from '../support/postgres-server';
import {
  demoPassword,
  postgresEnvVars,
  startTestServer,
  type TestDialect,
  type TestServer,
} from '../support/test-server';
import {
  fixtureSunroom,
  request,
  submitSunroomUrl,
  waitForDrawings,
  writeFixtureDefinitions,
} from './sunroom-submit-support';

/** Data that outlives one app: a PGlite folder on disk, or a PostgreSQL database copied from the seeded template. */
async function makeDurableData(
  dialect: TestDialect,
  dataDir: string,
): Promise<{ databaseUrl?: string; drop(): Promise<void> }> {
  if (dialect === 'pglite') {
    const seeded = await PGlite.create(path.join(dataDir, 'pglite'), {
      loadDataDir: new Blob([await readFile(await resolveSnapshotFile())]),
    });
    await seeded.close();
    return { drop: async () => {} };
  }
  const adminUrl = process.env[postgresEnvVars.adminUrl] as string;
  const name = `portal_jobs_${randomBytes(5).toString('hex')}`;
  await runSql(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${process.env[postgresEnvVars.template]}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString(), drop: () => runSql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function tokenFor(app: FastifyInstance, username: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/local/token',
    payload: { username, password: demoPassword },
  });
  return (response.json() as TokenAnswer).access_token;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}

describe.each(apiDialects())('durable jobs survive a restart ($dialect)', ({ dialect, skipReason }) => {
  let dataDir: string;
  let definitionsDir: string;
  let data: { databaseUrl?: string; drop(): Promise<void> };
  let config: AppConfig;
  const open: FastifyInstance[] = [];

  beforeAll(async () => {
    if (skipReason) return;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-jobs-'));
    definitionsDir = await writeFixtureDefinitions();
    data = await makeDurableData(dialect, dataDir);
    config = {
      ...loadConfig({}),
      port: 0,
      host: '127.0.0.1',
      dataDir,
      definitionsDir,
      databaseUrl: data.databaseUrl,
      authMode: 'local',
    };
  });
  afterAll(async () => {
    for (const app of open) await app.close().catch(() => {});
    await data?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (definitionsDir) await rm(definitionsDir, { recursive: true, force: true });
  });

  async function startApp(
    prepare?: (app: FastifyInstance) => Promise<void> | void,
  ): Promise<{ app: FastifyInstance; baseUrl: string }> {
    const app = await buildApp(config, { logger: false });
    open.push(app);
    await prepare?.(app); // before listen: the worker starts when the app is ready
    return { app, baseUrl: await listen(app) };
  }

  it.skipIf(skipReason)(
    'a drawing job interrupted by a shutdown is handed back and finished by the next server',
    async () => {
      let markStarted: () => void = () => {};
      const started = new Promise<void>((resolve) => (markStarted = resolve));
      const first = await startApp((app) => {
        app.jobs.configure({ stopGraceMs: 50 });
        // Stands in for a long rendering: starts, then runs until the server stops it.
        app.jobs.register('drawings', (_payload, context) => {
          markStarted();
          return new Promise((resolve) => context.signal.addEventListener('abort', () => resolve()));
        });
      });
      const token = await tokenFor(first.app, 'lakeside');
      const preview = await request(first.baseUrl, 'POST', submitSunroomUrl(false), token, {
        SunroomsData: fixtureSunroom(),
      });
      const { fileName } = preview.body as StoredOrder;
      await started;
      await first.app.close();

      const second = await startApp();
      const drawings = await waitForDrawings(second.baseUrl, await tokenFor(second.app, 'lakeside'), fileName);
      expect(drawings.status).toBe(200);
      expect((drawings.body as unknown[]).length).toBe(4);
      const [job] = await second.app.db
        .select()
        .from(jobs)
        .where(sql`${jobs.payload}->>'fileName' = ${fileName}`);
      expect(job).toMatchObject({ status: 'done', attempts: 1, lastError: null });
      await second.app.close();
    },
  );

  it.skipIf(skipReason)('a job whose worker died (lease lapsed) is taken over after a restart', async () => {
    const first = await startApp((app) => app.jobs.configure({ isEnabled: false }));
    const preview = await request(
      first.baseUrl,
      'POST',
      submitSunroomUrl(false),
      await tokenFor(first.app, 'lakeside'),
      { SunroomsData: fixtureSunroom() },
    );
    const { fileName } = preview.body as StoredOrder;
    await first.app.close();

    const second = await startApp(async (app) => {
      // What a crashed worker leaves behind: running, held by a worker that is gone, lease lapsed.
      await app.db
        .update(jobs)
        .set({
          status: 'running',
          attempts: 1,
          lockedBy: 'crashed-host:1:dead',
          lockedUntil: sql`now() - interval '1 second'`,
        })
        .where(sql`${jobs.payload}->>'fileName' = ${fileName}`);
    });
    expect((await waitForDrawings(second.baseUrl, await tokenFor(second.app, 'lakeside'), fileName)).status).toBe(200);
    const [job] = await second.app.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'fileName' = ${fileName}`);
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    expect(job.lockedBy).toBeNull();
    await second.app.close();
  });
});

describe.each(apiDialects())('job retries ($dialect)', ({ dialect, skipReason }) => {
  let server: TestServer;

  beforeAll(async () => {
    if (skipReason) return;
    server = await startTestServer({}, { dialect });
    server.app.jobs.configure({ backoffBaseMs: 20, backoffMaxMs: 100 });
  });
  afterAll(async () => server?.close());

  async function waitForJob(id: number, statuses: string[]) {
    for (let i = 0; i < 400; i += 1) {
      const [job] = await server.app.db.select().from(jobs).where(eq(jobs.id, id));
      if (statuses.includes(job.status)) return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`job ${id} never reached ${statuses.join('/')}`);
  }

  it.skipIf(skipReason)('retries a failing job with backoff until it succeeds', async () => {
    let calls = 0;
    server.app.jobs.register('test-flaky', async () => {
      calls += 1;
      if (calls < 3) throw new Error(`flaky failure ${calls}`);
    });
    const id = await enqueueJob(server.app.db, 'test-flaky', {});
    server.app.jobs.wake();
    const job = await waitForJob(id, ['done', 'failed']);
    expect(job).toMatchObject({ status: 'done', attempts: 3, lastError: null });
    expect(calls).toBe(3);
  });

  it.skipIf(skipReason)('gives up after the last attempt and keeps the reason', async () => {
    server.app.jobs.register('test-broken', async () => {
      throw new Error('the renderer is broken');
    });
    const id = await enqueueJob(server.app.db, 'test-broken', {}, { maxAttempts: 2 });
    server.app.jobs.wake();
    const job = await waitForJob(id, ['failed']);
    expect(job).toMatchObject({ status: 'failed', attempts: 2, lastError: 'the renderer is broken' });
  });
});
