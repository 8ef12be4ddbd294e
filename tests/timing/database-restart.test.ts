import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenAnswer } from '../../src/contracts/index';
import type { CataloguePart as Part } from '../../src/contracts/catalogue';
import { openDatabase } from '../../src/server/db/database';
import { readDemoData, seedDemoData } from '../../src/server/db/seed-demo-data';
import { demoDataDir } from '../support/pglite-snapshot';
import {
  findFreePort,
  findPostgresBinaries,
  runSql,
  startPostgresServer,
  type PostgresServer,
} from '../support/postgres-server';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { demoPassword } from '../support/test-server';

// Issue 10 point 2: the real server (its own process) on a PostgreSQL server of this test's own, under a bounded
// load of 8 clients, while that PostgreSQL server is stopped (fast and immediate) and started again, 4 times.
const binDir = findPostgresBinaries();
const clients = 8;
const restarts: ('fast' | 'immediate')[] = ['fast', 'immediate', 'fast', 'immediate'];
const outageMs = 2000;
const recoveryLimitMs = 20_000;

type Phase = 'before' | 'stopping' | 'outage' | 'starting' | 'after';
/** `phase`: when it was sent; `answeredIn`: when the answer came (a slow submit sent just before a stop may end in it). */
interface Answer {
  phase: Phase;
  answeredIn: Phase;
  request: string;
  status: number | 'dropped';
  retryAfter: string | null;
  body: string;
  at: number;
}

describe.skipIf(!binDir)('a PostgreSQL restart under load', () => {
  let postgres: PostgresServer;
  let server: ServerProcess;
  let dataDir: string;
  let token: string;
  let parts: Part[];

  beforeAll(async () => {
    postgres = await startPostgresServer(binDir!);
    await runSql(postgres.adminUrl, 'CREATE DATABASE portal');
    const database = await openDatabase({ databaseUrl: postgres.urlFor('portal') });
    try {
      await database.migrate();
      await seedDemoData(database.db, await readDemoData(demoDataDir), { lakesideHistoryRows: 200 });
    } finally {
      await database.close();
    }
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-restart-'));
    server = await startServerProcess({
      PORT: String(await findFreePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: postgres.urlFor('portal'),
    });
    const signIn = await fetch(`${server.baseUrl}/auth/local/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'summit', password: demoPassword }),
    });
    token = ((await signIn.json()) as TokenAnswer).access_token;
    const list = await fetch(`${server.baseUrl}/api/SpareParts/GetSpareParts?top=10`, {
      headers: { authorization: `Bearer ${token}` },
    });
    parts = ((await list.json()) as { spareParts: Part[] }).spareParts;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await postgres?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const requests: Record<string, () => RequestInit & { path: string }> = {
    parts: () => ({ path: '/api/SpareParts/GetSpareParts?skip=0&top=20' }),
    categories: () => ({ path: '/api/SpareParts/GetCategories' }),
    unprocessed: () => ({ path: '/api/TxtThings/unprocessedFiles' }),
    submit: () => ({
      path: '/api/SpareParts/SubmitSpareParts',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        OrderSpareParts: [
          { partNumber: parts[0].partNumber, quantity: 1, partDescription: parts[0].identifier, price: parts[0].price },
        ],
        personalInfo: { lastName: 'RESTART', sender: 'Pat Summit', email: 'pat@summit.example', purchaseOrder: 'PO-1' },
        shippingMethod: 'FEDEX GROUND',
        userFileName: 'RESTART',
        additionalInfo: { Line1: '', Line2: '', Line3: '', Line4: '', Line5: '' },
        homeshowDate: '',
        spareParts: true,
      }),
    }),
  };
  const names = Object.keys(requests);

  async function send(name: string, phase: () => Phase): Promise<Answer> {
    const { path: url, headers, ...init } = requests[name]();
    const sentIn = phase();
    const at = Date.now();
    try {
      const response = await fetch(`${server.baseUrl}${url}`, {
        ...init,
        headers: { ...(headers as object), authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(15_000),
      });
      return {
        phase: sentIn,
        request: name,
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: (await response.text()).slice(0, 300),
        at,
        answeredIn: phase(),
      };
    } catch (error) {
      return {
        phase: sentIn,
        request: name,
        status: 'dropped',
        retryAfter: null,
        body: String((error as Error).cause ?? error),
        at,
        answeredIn: phase(),
      };
    }
  }

  async function readyz(): Promise<{
    status: number;
    body: { status: string; database: { status: string }; storage: { status: string } };
  }> {
    const response = await fetch(`${server.baseUrl}/api/readyz`);
    return { status: response.status, body: await response.json() };
  }

  it('stays alive, answers 503 with Retry-After while PostgreSQL is down and recovers by itself', async () => {
    const answers: Answer[] = [];
    let phase: Phase = 'before';
    let isRunning = true;
    const load = Array.from({ length: clients }, async (_, client) => {
      for (let i = client; isRunning; i += 1) {
        answers.push(await send(names[i % names.length], () => phase));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    const recoveries: number[] = [];
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      for (const mode of restarts) {
        phase = 'stopping';
        await postgres.halt(mode);
        phase = 'outage';
        await new Promise((resolve) => setTimeout(resolve, outageMs));
        expect(server.exit(), `the server exited after a ${mode} stop: ${server.stderr().slice(-2000)}`).toBeNull();
        const down = await readyz();
        expect(down.status, JSON.stringify(down.body)).toBe(503);
        // Liveness does not ask PostgreSQL: a load balancer must not restart servers for the database's outage.
        expect((await fetch(`${server.baseUrl}/api/healthz`)).status).toBe(200);
        expect(down.body.database.status).toBe('down');
        expect(down.body.storage.status).toBe('up');

        phase = 'starting';
        await postgres.resume();
        const started = Date.now();
        let isBack = false;
        while (!isBack && Date.now() - started < recoveryLimitMs) {
          const [read, health] = await Promise.all([send('parts', () => 'starting'), readyz()]);
          isBack = read.status === 200 && health.status === 200;
          if (!isBack) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        recoveries.push(Date.now() - started);
        expect(isBack, `not back ${recoveryLimitMs} ms after PostgreSQL (${mode}) started again`).toBe(true);
        phase = 'after';
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    } finally {
      isRunning = false;
      await Promise.all(load);
    }

    const tally: Record<string, number> = {};
    for (const answer of answers)
      tally[`${answer.phase} ${answer.status}`] = (tally[`${answer.phase} ${answer.status}`] ?? 0) + 1;
    process.stdout.write(
      `[database-restart] ${answers.length} requests: ${JSON.stringify(tally)}; recovered in ${recoveries.join(', ')} ms\n`,
    );

    expect(server.exit(), server.stderr()).toBeNull();
    expect(
      answers.filter(
        (a) => a.status === 'dropped' || (typeof a.status === 'number' && a.status >= 500 && a.status !== 503),
      ),
    ).toEqual([]);
    const unavailable = answers.filter((a) => a.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const answer of unavailable) {
      expect(Number(answer.retryAfter), JSON.stringify(answer)).toBeGreaterThan(0);
      expect(answer.body).toContain('database');
    }
    // Sent and answered while PostgreSQL was down: 503. Sent and answered while it was up: success.
    expect(answers.filter((a) => a.phase === 'outage' && a.answeredIn === 'outage' && a.status !== 503)).toEqual([]);
    expect(
      answers.filter(
        (a) =>
          ['before', 'after'].includes(a.phase) && a.answeredIn === a.phase && a.status !== 200 && a.status !== 201,
      ),
    ).toEqual([]);
    expect((await readyz()).status).toBe(200);
  }, 180_000);
});
