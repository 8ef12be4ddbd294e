/**
 * npm run bench:scale: submits per second and latency with one, two and three server processes on one PostgreSQL
 * database and Azurite, behind a round-robin proxy (tests/support: the scale-out harness's parts). Per server count:
 * the servers start (the built dist/server/server.js when `npm run build` made it, else tsx), BENCH_SCALE_WARMUP
 * (default 20) submits, then BENCH_SCALE_SUBMITS (default 300) complete pergola orders, BENCH_SCALE_CONCURRENCY
 * (default 16) in flight, each with its Idempotency-Key. Drawing jobs run as they would (they share the CPU), so each
 * run starts with the queue empty (the warm-up's drawings done) and is timed twice: to the last acknowledgement
 * (submits/s, p50, p99) and to the last of its drawings done (orders drawn/s: the work the servers owe, which one
 * server defers while it answers). Prints both, errors and the load average: on a shared 2-core machine read the
 * figures beside it. Not a test: nothing here passes or fails.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/server/db/database';
import { readDemoData, seedDemoData } from '../src/server/db/seed-demo-data';
import { startAzurite } from '../tests/support/azurite';
import { findFreePort, findPostgresBinaries, runSql, startPostgresServer } from '../tests/support/postgres-server';
import { startRoundRobinProxy } from '../tests/support/round-robin-proxy';
import { pergolaOrder, pergolaSubmitPath, query, tokenFrom } from '../tests/support/scale-out';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process';

const submits = Number(process.env.BENCH_SCALE_SUBMITS ?? 300);
const warmup = Number(process.env.BENCH_SCALE_WARMUP ?? 20);
const concurrency = Number(process.env.BENCH_SCALE_CONCURRENCY ?? 16);
const serverCounts = (process.env.BENCH_SCALE_SERVERS ?? '1,2,3').split(',').map(Number);
const drainLimitMs = Number(process.env.BENCH_SCALE_DRAIN_MS ?? 600_000);
const builtEntry = path.resolve('dist/server/server.js');
const entry = existsSync(builtEntry) ? builtEntry : undefined;

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/** Waits until no job is pending or running (the drawings of every submit so far done), bounded. */
async function drainJobs(databaseUrl: string): Promise<void> {
  const deadline = performance.now() + drainLimitMs;
  for (;;) {
    const [{ open }] = await query<{ open: string }>(
      databaseUrl,
      `select count(*) as open from jobs where status in ('pending', 'running')`,
    );
    if (Number(open) === 0) return;
    if (performance.now() > deadline) throw new Error(`${open} jobs still open after ${drainLimitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main(): Promise<void> {
  const binDir = findPostgresBinaries();
  if (!binDir) throw new Error('bench:scale needs PostgreSQL (initdb, pg_ctl): run scripts/ensure-system-deps.sh');
  process.stdout.write(
    `bench:scale on ${os.cpus().length} cores, ${entry ? 'built server' : 'tsx (no dist/server)'}\n`,
  );
  const [postgres, azurite] = await Promise.all([startPostgresServer(binDir), startAzurite()]);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-bench-scale-'));
  const servers: ServerProcess[] = [];
  try {
    await runSql(postgres.adminUrl, 'CREATE DATABASE bench_scale');
    const databaseUrl = postgres.urlFor('bench_scale');
    const database = await openDatabase({ databaseUrl });
    await database.migrate();
    await seedDemoData(database.db, await readDemoData(path.resolve('definitions/demo-data')), {
      lakesideHistoryRows: 1000,
    });
    await database.close();
    const body = JSON.stringify({ PergolasData: await pergolaOrder() });
    const rows: string[] = [];

    for (const count of serverCounts) {
      while (servers.length < count) {
        servers.push(
          await startServerProcess(
            {
              PORT: String(await findFreePort()),
              DATABASE_URL: databaseUrl,
              DATA_DIR: dataDir,
              AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
              AZURE_STORAGE_CONTAINER: 'bench-scale',
              AUTH_ISSUER: 'http://portal.bench/auth/local',
              SIGN_IN_ATTEMPTS_PER_MINUTE: '100000',
              LOG_LEVEL: 'warn',
              ...(process.env.JOB_CONCURRENCY ? { JOB_CONCURRENCY: process.env.JOB_CONCURRENCY } : {}),
            },
            120_000,
            entry,
          ),
        );
      }
      const proxy = await startRoundRobinProxy(servers.slice(0, count).map((server) => server.baseUrl));
      const headers = {
        authorization: `Bearer ${await tokenFrom(servers[0].baseUrl, 'summit')}`,
        'content-type': 'application/json',
      };
      const latencies: number[] = [];
      const errors: Record<string, number> = {};
      const submitOne = async () => {
        const started = performance.now();
        try {
          const response = await fetch(`${proxy.baseUrl}${pergolaSubmitPath}`, {
            method: 'POST',
            headers: { ...headers, 'idempotency-key': randomUUID() },
            body,
          });
          await response.arrayBuffer();
          if (response.status !== 201) errors[response.status] = (errors[response.status] ?? 0) + 1;
        } catch (error) {
          const code = (error as { cause?: { code?: string } }).cause?.code ?? 'network';
          errors[code] = (errors[code] ?? 0) + 1;
        }
        return performance.now() - started;
      };
      const burst = async (total: number) => {
        let next = 0;
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (next < total) {
              next += 1;
              latencies.push(await submitOne());
            }
          }),
        );
      };
      await burst(warmup);
      await drainJobs(databaseUrl);
      latencies.length = 0;
      for (const key of Object.keys(errors)) delete errors[key];
      const loadBefore = load();
      const started = performance.now();
      await burst(submits);
      const seconds = (performance.now() - started) / 1000;
      await drainJobs(databaseUrl);
      const drawnSeconds = (performance.now() - started) / 1000;
      const sorted = [...latencies].sort((a, b) => a - b);
      const errorCount = Object.values(errors).reduce((sum, n) => sum + n, 0);
      rows.push(
        `| ${count} | ${(submits / seconds).toFixed(1)} | ${percentile(sorted, 50).toFixed(0)} | ${percentile(sorted, 99).toFixed(0)} | ${(submits / drawnSeconds).toFixed(1)} | ${errorCount}${errorCount ? ` ${JSON.stringify(errors)}` : ''} | ${loadBefore} -> ${load()} |`,
      );
      process.stdout.write(`${rows.at(-1)}\n`);
      await proxy.close();
    }
    process.stdout.write(
      `\n${submits} submits per run, ${concurrency} in flight, after ${warmup} to warm up\n` +
        '| servers | submits/s (acknowledged) | p50 ms | p99 ms | orders drawn/s (to the last drawing) | errors | load average (1, 5, 15 min) before -> after |\n' +
        '|---|---|---|---|---|---|---|\n' +
        `${rows.join('\n')}\n`,
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all([postgres.stop(), azurite.stop()]);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:scale failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
