/**
 * Issue 10 fault test: the real server as a child process, a bounded burst of submits each with its own
 * Idempotency-Key, retried with that key on a network error, 502/503/504 or 409 + Retry-After; the server is killed
 * with SIGKILL mid-burst and started again, and every tenth submit loses its first answer besides. Every acknowledged submit must be stored, none twice, and every retried
 * key must have answered one fileName.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import type { TokenAnswer } from '../../src/contracts/index';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { orders } from '../../src/server/db/schema';
import { resolveSnapshotFile } from '../support/pglite-snapshot';
import { createDatabaseFromTemplate, demoPassword, postgresSkipReason, type TestDialect } from '../support/test-server';

const submits = 200;
const concurrency = 8;
/** Killed once this many submits are acknowledged, so some are in flight and some not yet sent. */
const killAfterAcknowledged = 60;
/** Each submit gives up after this long (the server is back within seconds). */
const submitDeadlineMs = 90_000;
const retryPauseMs = 200;
/** Every n-th submit also loses its first answer: the client hangs up 20-150 ms in, as a dropped connection would. */
const loseFirstAnswerEvery = 10;

interface Outcome {
  key: string;
  jobName: string;
  url: string;
  body: Record<string, unknown>;
  attempts: number;
  /** The fileName of every 2xx answer this key got (more than one only if a retry was answered). */
  fileNames: string[];
  replayed: number;
  loseFirstAnswer: boolean;
  /** A final answer that was not 2xx, or 'gave up'. */
  failure?: string;
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The server as `tsx src/server/server.ts` runs it, but in one process: the tsx command starts node as a child of its
 * own, which a SIGKILL to tsx would leave running. Its output is kept in a log file beside its data.
 */
function startServer(env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

async function waitUntilHealthy(
  baseUrl: string,
  child: ChildProcess,
  logFile: string,
  timeoutMs = 90_000,
): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null)
      throw new Error(`The server exited with ${child.exitCode}:\n${(await readFile(logFile, 'utf8')).slice(-3000)}`);
    try {
      if ((await fetch(`${baseUrl}/api/healthz`, { signal: AbortSignal.timeout(2000) })).ok)
        return Date.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(
    `The server was not healthy within ${timeoutMs} ms:\n${(await readFile(logFile, 'utf8')).slice(-3000)}`,
  );
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** Where the burst's orders are read from after the run: the test's PostgreSQL database or the child's PGlite folder. */
async function prepareDatabase(
  dialect: TestDialect,
  dataDir: string,
): Promise<{ env: NodeJS.ProcessEnv; open(): Promise<DatabaseHandle>; drop(): Promise<void> }> {
  if (dialect === 'postgres') {
    const database = await createDatabaseFromTemplate();
    return {
      env: { DATABASE_URL: database.url },
      open: () => openDatabase({ databaseUrl: database.url }),
      drop: database.drop,
    };
  }
  // The run's seeded snapshot, unpacked into the folder the server opens (DATA_DIR/pglite).
  const pgliteDir = path.join(dataDir, 'pglite');
  const seeded = await PGlite.create(pgliteDir, {
    loadDataDir: new Blob([await readFile(await resolveSnapshotFile())]),
  });
  await seeded.close();
  return { env: {}, open: () => openDatabase({ pgliteDir }), drop: async () => {} };
}

function engineeringRequest(jobName: string): Record<string, unknown> {
  return {
    userFileName: jobName,
    buildingCodes: 'IRC',
    yearForCodes: '2021',
    amendments: '',
    windSpeed: 120,
    sealType: 'wet',
    numberOfCopies: 1,
    signedSealedQty: 1,
    calculationLetterQty: 0,
    siteSpecificCalculationQty: 0,
    siteSpecificEachRevisionQty: 0,
    attestationLetterQty: 0,
    customDesignServiceQty: 0,
    renderingQty: 0,
    personalInfo: {
      sender: 'Burst',
      email: 'burst@summit.example',
      address: '1 Lake Rd',
      city: 'Erie',
      stateProvince: 'PA',
      zip: '16501',
    },
    shippingMethod: 'Email & Mail',
    mailMethod: 'GROUND',
    additionalInfo: { Line1: '', Line2: '', Line3: '', Line4: '', Line5: '' },
  };
}

function sparePartsOrder(jobName: string, partNumber: string): Record<string, unknown> {
  return {
    OrderSpareParts: [{ partNumber, quantity: 1, partDescription: 'x', price: 0 }],
    personalInfo: { lastName: 'BURST', sender: 'Burst', email: 'burst@summit.example', purchaseOrder: '' },
    shippingMethod: 'FEDEX GROUND',
    userFileName: jobName,
    additionalInfo: { Line1: '' },
    homeshowDate: '',
    spareParts: true,
  };
}

const dialects: { dialect: TestDialect; skipReason?: string }[] = [
  { dialect: 'postgres', skipReason: postgresSkipReason() },
  { dialect: 'pglite' },
];

describe.each(dialects)('kill -9 during a burst of idempotent submits ($dialect)', ({ dialect, skipReason }) => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp().catch(() => {});
  });

  it.skipIf(skipReason)(
    'every acknowledged submit is stored once, and each retried key answered one fileName',
    { timeout: 300_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-crash-'));
      cleanUps.push(() => rm(dataDir, { recursive: true, force: true }));
      const database = await prepareDatabase(dialect, dataDir);
      cleanUps.push(database.drop);
      const port = await findFreePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const logFile = path.join(dataDir, 'server.log');
      const env = {
        ...database.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        AUTH_MODE: 'local',
        LOG_LEVEL: 'warn',
      };

      let server = startServer(env, logFile);
      cleanUps.push(() => killHard(server));
      const firstStartMs = await waitUntilHealthy(baseUrl, server, logFile);
      const tokenAnswer = await fetch(`${baseUrl}/auth/local/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'summit', password: demoPassword }),
      });
      const token = ((await tokenAnswer.json()) as TokenAnswer).access_token;
      const parts = await fetch(`${baseUrl}/api/SpareParts/GetSpareParts?top=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const [part] = ((await parts.json()) as { spareParts: { partNumber: string }[] }).spareParts;

      let acknowledged = 0;
      let killedAt = 0;

      /** One submit as the page sends it: one key, retried with it until an answer other than 'try again' comes. */
      async function submitOne(index: number): Promise<Outcome> {
        const jobName = `K${String(index).padStart(4, '0')}`;
        const [url, body] =
          index % 2 === 0
            ? ['/api/OrderingEngineering/SubmitData', engineeringRequest(jobName)]
            : ['/api/SpareParts/SubmitSpareParts', sparePartsOrder(jobName, part.partNumber)];
        return send({
          key: randomUUID(),
          jobName,
          url,
          body,
          attempts: 0,
          fileNames: [],
          replayed: 0,
          loseFirstAnswer: index % loseFirstAnswerEvery === 5,
        });
      }

      async function send(outcome: Outcome): Promise<Outcome> {
        const { url, body } = outcome;
        const deadline = Date.now() + submitDeadlineMs;
        while (Date.now() < deadline) {
          outcome.attempts += 1;
          try {
            const response = await fetch(`${baseUrl}${url}`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${token}`,
                'idempotency-key': outcome.key,
              },
              body: JSON.stringify(body),
              signal: AbortSignal.timeout(
                outcome.loseFirstAnswer && outcome.attempts === 1 ? 20 + Math.floor(Math.random() * 130) : 20_000,
              ),
            });
            const answer = (await response.json()) as { fileName?: string; message?: string };
            if (response.ok) {
              outcome.fileNames.push(String(answer.fileName));
              if (response.headers.get('idempotent-replayed') === 'true') outcome.replayed += 1;
              acknowledged += 1;
              // Killed the moment the n-th answer arrives (no await): the other seven are mid-request.
              if (acknowledged === killAfterAcknowledged) server.kill('SIGKILL');
              return outcome;
            }
            if (
              ![502, 503, 504, 409].includes(response.status) ||
              (response.status === 409 && !response.headers.has('retry-after'))
            ) {
              outcome.failure = `${response.status} ${answer.message ?? ''}`;
              return outcome;
            }
          } catch {
            // no answer: the server is down or the answer was lost; the same key again
          }
          await sleep(retryPauseMs);
        }
        outcome.failure = 'gave up';
        return outcome;
      }

      const outcomes: Outcome[] = [];
      let next = 0;
      const burstStarted = Date.now();
      const workers = Array.from({ length: concurrency }, async () => {
        while (next < submits) {
          const index = next++;
          outcomes.push(await submitOne(index));
        }
      });
      // The crash: once enough are acknowledged, SIGKILL with requests in flight, then start again on the same port.
      const crash = (async () => {
        while (acknowledged < killAfterAcknowledged) await sleep(5);
        killedAt = killAfterAcknowledged;
        await killHard(server);
        server = startServer(env, logFile);
        return waitUntilHealthy(baseUrl, server, logFile);
      })();
      const [restartMs] = await Promise.all([crash, ...workers]);
      const burstMs = Date.now() - burstStarted;
      // A late retry of every key (as a page would after a lost answer): the first answer again, never a new order.
      const acknowledgedInBurst = acknowledged;
      let late = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (late < outcomes.length) {
            const outcome = outcomes[late++];
            if (outcome.fileNames.length > 0) await send(outcome);
          }
        }),
      );
      await killHard(server);

      const handle = await database.open();
      const stored = await handle.db.select({ fileName: orders.fileName, data: orders.data }).from(orders);
      await handle.close();
      const storedByJob = new Map<string, string[]>();
      for (const row of stored) {
        const jobName = (row.data as { userFileName?: string }).userFileName ?? '';
        if (/^K\d{4}$/.test(jobName)) storedByJob.set(jobName, [...(storedByJob.get(jobName) ?? []), row.fileName]);
      }
      const ok = outcomes.filter((o) => o.fileNames.length > 0);
      // Each outcome had one late retry on top of its burst attempts.
      const retried = outcomes.filter((o) => o.attempts > 2);
      const duplicates = [...storedByJob.values()].filter((names) => names.length > 1);
      const figures = {
        dialect,
        sent: outcomes.length,
        acknowledged: acknowledgedInBurst,
        killedAfterAcknowledged: killedAt,
        lostFirstAnswers: outcomes.filter((o) => o.loseFirstAnswer).length,
        retriedKeys: retried.length,
        retriesInBurst: outcomes.reduce((sum, o) => sum + o.attempts - 2, 0),
        replayedInBurst: outcomes.filter((o) => o.fileNames.length === 2 && o.replayed === 2).length,
        lateRetriesReplayed: outcomes.filter((o) => o.replayed >= 1).length,
        stored: storedByJob.size,
        storedRows: [...storedByJob.values()].reduce((sum, names) => sum + names.length, 0),
        duplicates: duplicates.length,
        failures: outcomes.filter((o) => o.failure).map((o) => `${o.jobName}: ${o.failure}`),
        firstStartMs,
        restartMs,
        burstMs,
      };
      process.stdout.write(`[submit-crash] ${JSON.stringify(figures)}\n`);

      expect(outcomes).toHaveLength(submits);
      expect(figures.failures).toEqual([]);
      expect(retried.length).toBeGreaterThan(0);
      // Lost answers whose submit had been stored: the retry got the first answer back.
      expect(figures.replayedInBurst).toBeGreaterThan(0);
      expect(duplicates).toEqual([]);
      for (const outcome of ok) {
        expect(outcome.fileNames, outcome.jobName).toHaveLength(2);
        expect(new Set(outcome.fileNames).size, outcome.jobName).toBe(1);
        expect(storedByJob.get(outcome.jobName), outcome.jobName).toEqual([outcome.fileNames[0]]);
      }
      // Every submit was acknowledged in the end, so nothing stored is unacknowledged either.
      expect(ok).toHaveLength(submits);
      expect(storedByJob.size).toBe(submits);
    },
  );
});
