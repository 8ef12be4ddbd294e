/**
 * `npm run bench:desk`: the order desk's grid (GET /api/staff/orders) on 100,000 orders (issue 14).
 *
 * 1. A throwaway DATA_DIR: the demo data seeded into PGlite (as `npm run seed`), then BENCH_DESK_ORDERS (default
 *    100,000) orders across the demo dealers are added in one INSERT ... SELECT generate_series (states, products,
 *    job names and sent days spread over about a year).
 * 2. The server started again (the built one, dist/server/server.js, when `npm run build` made it; else from source;
 *    BENCH_DESK_ENTRY=built|source chooses), signed in as temo.staff, and each request below sent BENCH_RUNS times
 *    (default 15) after one untimed warm-up, one at a time over HTTP: p50 and p95 of the wall time to the whole answer.
 *    The first answer of each (cold) is printed too. Not a test: figures for the closing note.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/database';
import { readDemoData, seedDemoData } from '../src/server/db/seed-demo-data';

const orderCount = Number(process.env.BENCH_DESK_ORDERS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 15);
const port = Number(process.env.BENCH_PORT ?? 18_441);
const builtEntry = path.resolve('dist/server/server.js');
const entryName = process.env.BENCH_DESK_ENTRY ?? (existsSync(builtEntry) ? 'built' : 'source');
const entry = entryName === 'built' ? [builtEntry] : ['--import', 'tsx', path.resolve('src/server/server.ts')];
const base = `http://127.0.0.1:${port}`;

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

let webDist = process.env.WEB_DIST ?? path.resolve('dist/web');

/** Spawns the server on `dataDir` and resolves once /api/healthz answers, with how to stop it. */
async function startServer(dataDir: string): Promise<() => Promise<void>> {
  const child = spawn(process.execPath, entry, {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const errors: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  let gone = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => (gone = true));
  const stop = async () => {
    if (!gone) child.kill('SIGTERM');
    await exited;
  };
  for (;;) {
    if (gone) throw new Error(`The server exited before answering: ${errors.join('')}`);
    try {
      if ((await fetch(`${base}/api/healthz`)).ok) return stop;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The orders, in one statement: dealers (and one of their users) in turn, five states, five products, ~1 year. */
async function seedOrders(dataDir: string): Promise<void> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    await database.migrate();
    await seedDemoData(database.db, await readDemoData(path.resolve('definitions/demo-data')));
    await database.db.execute(sql`
      WITH u AS (
        SELECT dealer_id, min(id) AS user_id, row_number() OVER (ORDER BY dealer_id) - 1 AS k
        FROM users WHERE dealer_id IN (SELECT id FROM dealers WHERE name <> 'TEMO Inc.') GROUP BY dealer_id
      ), n AS (SELECT count(*) AS c FROM u)
      INSERT INTO orders (dealer_id, user_id, form_id, file_name, status, is_ordered, data, job_name, folder_name,
                          detailer, emailed_on, created_at)
      SELECT u.dealer_id, u.user_id,
        (ARRAY['sunroom', 'pergola', 'screenroom', 'pavilion', 'engineering'])[1 + g % 5],
        'BENCH-' || lpad(g::text, 6, '0'),
        (ARRAY['initial', 'unprocessed', 'processed', 'confirmed', 'shipped'])[1 + (g / 7) % 5],
        true,
        jsonb_build_object('personalInfo', jsonb_build_object('firstName', 'Ada', 'lastName', 'Bench' || g,
          'email', 'bench@example.com')),
        (ARRAY['SMITH', 'JONES', 'GARCIA', 'MILLER', 'DAVIS', 'LOPEZ', 'WILSON', 'TAYLOR'])[1 + g % 8] || ', ' || g,
        CASE WHEN (g / 7) % 5 > 0 THEN '25-' || lpad(g::text, 6, '0') END,
        CASE WHEN (g / 7) % 5 > 1 THEN (ARRAY['Dana Whitfield', 'Grace Liu', 'Owen Becker'])[1 + g % 3] END,
        CASE WHEN (g / 7) % 5 > 1 THEN (date '2026-01-01' + (g % 300)) END,
        timestamptz '2026-11-01T00:00:00Z' - make_interval(mins => g * 5)
      FROM generate_series(1, ${orderCount}) AS g CROSS JOIN n JOIN u ON u.k = g % n.c
    `);
    await database.db.execute(sql`ANALYZE orders`);
  } finally {
    await database.close();
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function timed(url: string, token: string): Promise<{ ms: number; total: number; rows: number }> {
  const began = performance.now();
  const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = (await answer.json()) as { total?: number; orders?: unknown[]; dealers?: unknown[] };
  const ms = performance.now() - began;
  if (!answer.ok) throw new Error(`${url}: ${answer.status} ${JSON.stringify(body)}`);
  return { ms, total: body.total ?? 0, rows: body.orders?.length ?? body.dealers?.length ?? 0 };
}

const scenarios: [string, string][] = [
  ['first page (newest first, 100 rows)', '/api/staff/orders'],
  ['status = processed', '/api/staff/orders?status=processed'],
  ['dealer = Summit', '/api/staff/orders?dealerId=1002'],
  ['dealer + status (unprocessed)', '/api/staff/orders?dealerId=1002&status=unprocessed'],
  ['product = pergola', '/api/staff/orders?formId=pergola'],
  ['text "garcia" (job name)', '/api/staff/orders?q=garcia'],
  ['text "BENCH-0421" (file name)', '/api/staff/orders?q=BENCH-0421'],
  ['sent in March 2026', '/api/staff/orders?from=2026-03-01&to=2026-03-31'],
  ['sort job name asc', '/api/staff/orders?sort=jobName&dir=asc'],
  ['sort dealer name desc', '/api/staff/orders?sort=dealerName&dir=desc'],
  ['sort status asc', '/api/staff/orders?sort=status&dir=asc'],
  ['sort e-mailed on desc', '/api/staff/orders?sort=emailedOn&dir=desc'],
  ['page 500 (offset 49,900)', '/api/staff/orders?offset=49900'],
  ['status + text + dates', '/api/staff/orders?status=shipped&q=smith&from=2026-01-01&to=2026-06-30'],
  ['filters (dealers, products)', '/api/staff/order-filters'],
];

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-desk-'));
  try {
    // Only the API is measured: a one-page web app stands in when the web app is not built.
    if (!existsSync(path.join(webDist, 'index.html'))) {
      webDist = path.join(dataDir, 'web');
      await mkdir(webDist);
      await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
    }
    console.log(`order desk bench: ${orderCount.toLocaleString('en-US')} orders, ${entryName} server, load ${load()}`);
    const began = performance.now();
    await seedOrders(dataDir);
    console.log(
      `demo data seeded, orders inserted (one INSERT ... SELECT generate_series) and analysed: ${((performance.now() - began) / 1000).toFixed(1)} s`,
    );
    const stop = await startServer(dataDir);
    try {
      const signIn = await fetch(`${base}/auth/local/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'temo.staff', password: 'demo1234' }),
      });
      const { access_token: token } = (await signIn.json()) as { access_token: string };
      console.log(
        `\n${'request'.padEnd(40)}${'matches'.padStart(9)}${'cold'.padStart(9)}${'p50'.padStart(9)}${'p95'.padStart(9)}  (ms)`,
      );
      for (const [name, route] of scenarios) {
        const cold = await timed(`${base}${route}`, token);
        const times: number[] = [];
        for (let i = 0; i < runs; i += 1) times.push((await timed(`${base}${route}`, token)).ms);
        console.log(
          `${name.padEnd(40)}${String(cold.total || cold.rows).padStart(9)}${cold.ms.toFixed(0).padStart(9)}${percentile(times, 50).toFixed(0).padStart(9)}${percentile(times, 95).toFixed(0).padStart(9)}`,
        );
      }
      console.log(`\n${runs} runs each after the cold one; load average at the end ${load()}`);
    } finally {
      await stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
