/**
 * Issue 18, the scale-out harness: two server processes (tsx, as `npm run dev` runs them) on loopback ports against one
 * PostgreSQL database and Azurite, behind a round-robin proxy of the test's own. A price published on A is served by
 * B within 5 s; a lockout earned on A holds on B; 500 submits round-robin (8 at a time, each with its Idempotency-Key,
 * retried with it on a 502 or a lost connection) while B is killed with SIGKILL mid-burst: every acknowledged submit
 * is stored once, file names are unique, every drawing job ends done and is completed once, and the jobs B held are
 * taken over by A after their lease.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { azuriteMain, startAzurite, type Azurite } from '../support/azurite';
import { findFreePort } from '../support/postgres-server';
import { startRoundRobinProxy, type RoundRobinProxy } from '../support/round-robin-proxy';
import { pergolaOrder, pergolaSubmitPath, query, signIn, tokenFrom } from '../support/scale-out';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { createDatabaseFromTemplate, demoPassword, postgresSkipReason } from '../support/test-server';

const submits = 500;
const concurrency = 8;
/** B is killed once this many submits are acknowledged. */
const killAfterAcknowledged = 200;
const leaseSeconds = 3;
const submitDeadlineMs = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const skipReason = postgresSkipReason() ?? (existsSync(azuriteMain) ? undefined : 'Azurite is not installed');

interface JobDone {
  jobId: number;
  attempt: number;
  server: string;
}

/** The `job done` lines of a server's JSON log. */
function jobsDone(server: ServerProcess, name: string): JobDone[] {
  return server
    .stdout()
    .split('\n')
    .filter((line) => line.includes('"job done"'))
    .map((line) => JSON.parse(line) as { jobId: number; attempt: number })
    .map((entry) => ({ jobId: entry.jobId, attempt: entry.attempt, server: name }));
}

describe.skipIf(skipReason)('scale-out: two server processes, one PostgreSQL, Azurite, a round-robin proxy', () => {
  let database: Awaited<ReturnType<typeof createDatabaseFromTemplate>>;
  let azurite: Azurite;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let proxy: RoundRobinProxy;

  beforeAll(async () => {
    [database, azurite] = await Promise.all([createDatabaseFromTemplate(), startAzurite()]);
    // One DATA_DIR holds the local sign-in key, so a token from one server is good on the other (OIDC needs none).
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-scale-out-'));
    const [portA, portB] = [await findFreePort(), await findFreePort()];
    const env = (port: number) => ({
      PORT: String(port),
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
      AZURE_STORAGE_CONTAINER: 'scale-out',
      AUTH_ISSUER: 'http://portal.test/auth/local', // one issuer for both, as behind a real balancer
      JOB_LEASE_S: String(leaseSeconds),
      SIGN_IN_MAX_FAILURES: '3',
      SIGN_IN_ATTEMPTS_PER_MINUTE: '100000',
      SIGN_IN_MAX_FAILURES_PER_ADDRESS: '100000',
    });
    a = await startServerProcess(env(portA), 120_000); // first: it makes the signing key B then reads
    b = await startServerProcess(env(portB), 120_000);
    for (const server of [a, b]) expect((await fetch(`${server.baseUrl}/api/readyz`)).status).toBe(200);
    proxy = await startRoundRobinProxy([a.baseUrl, b.baseUrl]);
  }, 300_000);
  afterAll(async () => {
    await proxy?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await Promise.all([database?.drop(), azurite?.stop()]);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('serves a price published on A from B within 5 s', async () => {
    const staff = { authorization: `Bearer ${await tokenFrom(a.baseUrl, 'temo.staff')}` };
    const call = async (method: string, url: string, payload?: unknown) => {
      const response = await fetch(`${a.baseUrl}${url}`, {
        method,
        headers: { ...staff, 'content-type': 'application/json' },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const text = await response.text();
      expect(response.status, text).toBeLessThan(300);
      return JSON.parse(text) as Record<string, unknown>;
    };
    const { draft } = (await call('POST', '/api/definition-drafts', { note: 'scale-out' })) as {
      draft: { id: number };
    };
    const paths = {
      'definitions/prices/pergola/pergola-fixed-attached.json': (json: Record<string, unknown>) =>
        ((json.prices as Record<string, number>)['12x14'] = 9123),
      'tests/golden/pergola/043-price-pergola-fixed-attached-10-6-x-13-rounds-up-to-12-x-14-even-sizes.json': (
        json: Record<string, unknown>,
      ) => ((json.expect as Record<string, number>).price = 9123),
    };
    for (const [treePath, edit] of Object.entries(paths)) {
      const file = (await call(
        'GET',
        `/api/definition-drafts/${draft.id}/file?path=${encodeURIComponent(treePath)}`,
      )) as {
        hash: string;
        content: string;
      };
      const json = JSON.parse(file.content) as Record<string, unknown>;
      edit(json);
      await call('PUT', `/api/definition-drafts/${draft.id}/file`, {
        path: treePath,
        content: `${JSON.stringify(json, null, 2)}\n`,
        baseHash: file.hash,
      });
    }
    await call('POST', `/api/definition-drafts/${draft.id}/publish`, {});
    const published = Date.now();
    const dealer = { authorization: `Bearer ${await tokenFrom(a.baseUrl, 'summit')}` };
    let price: number | undefined;
    while (Date.now() - published < 5000) {
      const bundle = (await (await fetch(`${b.baseUrl}/api/definitions/pergola`, { headers: dealer })).json()) as {
        data: Record<string, { prices: Record<string, number> }>;
      };
      price = bundle.data['pergola-fixed-attached'].prices['12x14'];
      if (price === 9123) break;
      await sleep(100);
    }
    expect(price).toBe(9123);
    process.stdout.write(`[scale-out] B served the price published on A after ${Date.now() - published} ms\n`);
  });

  it('refuses on B a sign-in locked out on A', async () => {
    expect((await signIn(b.baseUrl, 'harbor')).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await signIn(a.baseUrl, 'harbor', 'wrong')).status).toBe(401);
    const refused = await signIn(b.baseUrl, 'harbor', demoPassword);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('stores 500 round-robin submits once each while B is killed mid-burst; its jobs are taken over', async () => {
    const headers = {
      authorization: `Bearer ${await tokenFrom(a.baseUrl, 'summit')}`,
      'content-type': 'application/json',
    };
    const body = JSON.stringify({ PergolasData: await pergolaOrder() });
    const [{ started }] = await query<{ started: Date }>(database.url, 'select now() as started');
    const acknowledged = new Map<string, string>();
    const failures: string[] = [];
    let retries = 0;
    let heldByB: number[] | undefined;
    let killedAt = 0;

    const submitOne = async (key: string) => {
      const deadline = Date.now() + submitDeadlineMs;
      while (Date.now() < deadline) {
        try {
          const response = await fetch(`${proxy.baseUrl}${pergolaSubmitPath}`, {
            method: 'POST',
            headers: { ...headers, 'idempotency-key': key },
            body,
          });
          const text = await response.text();
          if (response.status === 201)
            return acknowledged.set(key, (JSON.parse(text) as { fileName: string }).fileName);
          if (![502, 503, 409].includes(response.status)) return failures.push(`${response.status} ${text}`);
        } catch {
          // the connection was lost with B: retried with the same key
        }
        retries += 1;
        await sleep(200);
      }
      failures.push(`${key}: no answer within ${submitDeadlineMs} ms`);
    };

    const burstStarted = Date.now();
    let nextIndex = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (nextIndex < submits) {
          nextIndex += 1;
          await submitOne(randomUUID());
          if (!heldByB && acknowledged.size >= killAfterAcknowledged) {
            const pid = b.child.pid!;
            heldByB = [];
            b.child.kill('SIGKILL');
            killedAt = Date.now();
            // The jobs B was running: their leases must lapse before A takes them.
            const rows = await query<{ id: number }>(
              database.url,
              `select id from jobs where status = 'running' and locked_by like $1`,
              [`%:${pid}:%`],
            );
            heldByB.push(...rows.map((row) => Number(row.id)));
          }
        }
      }),
    );
    const burstMs = Date.now() - burstStarted;
    expect(failures).toEqual([]);
    expect(acknowledged.size).toBe(submits);

    // Acknowledged = stored, once each; every file name its own.
    const fileNames = [...acknowledged.values()];
    expect(new Set(fileNames).size).toBe(submits);
    const stored = await query<{ file_name: string }>(
      database.url,
      `select file_name from orders where created_at >= $1 and form_id = 'pergola'`,
      [started],
    );
    expect(stored.map((row) => row.file_name).sort()).toEqual([...fileNames].sort());

    // Every drawing job done; none completed twice; B's running jobs taken over by A after the lease.
    let jobs: { id: number; status: string; attempts: number }[] = [];
    const jobsDeadline = Date.now() + 240_000;
    while (Date.now() < jobsDeadline) {
      jobs = await query(database.url, `select id, status, attempts from jobs where created_at >= $1`, [started]);
      if (jobs.length === submits && jobs.every((job) => job.status === 'done')) break;
      await sleep(1000);
    }
    expect(jobs).toHaveLength(submits);
    expect(jobs.filter((job) => job.status !== 'done')).toEqual([]);
    const done = [...jobsDone(a, 'A'), ...jobsDone(b, 'B')];
    const completions = new Map<number, JobDone[]>();
    for (const entry of done) completions.set(entry.jobId, [...(completions.get(entry.jobId) ?? []), entry]);
    expect([...completions.values()].filter((entries) => entries.length > 1)).toEqual([]);
    for (const id of heldByB ?? []) {
      expect(completions.get(id), `job ${id} held by B at the kill`).toEqual([
        expect.objectContaining({ server: 'A', attempt: 2 }),
      ]);
    }
    process.stdout.write(
      `[scale-out] ${submits} submits in ${burstMs} ms (${((submits * 1000) / burstMs).toFixed(1)}/s), ${retries} retries; proxy: ${JSON.stringify(
        Object.fromEntries(proxy.counts),
      )}; B killed after ${killAfterAcknowledged} acknowledged, holding jobs ${JSON.stringify(heldByB)}; ` +
        `jobs done ${Date.now() - killedAt} ms after the kill; completions logged A ${done.filter((d) => d.server === 'A').length}, B ${done.filter((d) => d.server === 'B').length}\n`,
    );
  }, 600_000); // a bound for a loaded machine: 500 submits and 500 drawing jobs on 2 cores
});
