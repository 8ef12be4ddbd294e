/**
 * npm run bench:start: the server's cold start on existing data and the definitions route (docs/measuring.md).
 * 1. A DATA_DIR seeded once (a first start seeds the demo data into PGlite), then BENCH_RUNS (default 5) starts of
 *    each entry: spawn to the first 200 of GET /api/healthz, the process stopped (SIGTERM) between runs. Entries:
 *    `built` (node dist/server/server.js, when `npm run build` made it) and `source` (node --import tsx
 *    src/server/server.ts) and, given BENCH_BASELINE_SERVER=<another checkout's src/server/server.ts>, `baseline` (the
 *    same through tsx: main's code beside this branch's); runs interleaved. BENCH_START_ENTRIES=built limits them.
 * 2. On each entry, GET /api/definitions/sunroom as a signed-in dealer with `Accept-Encoding: br, gzip`, BENCH_CONCURRENCY (default 8)
 *    requests in flight for BENCH_SECONDS (default 5): requests/s and bytes on the wire per answer; then the same
 *    with If-None-Match (the browser's revalidation).
 * The load average is printed before and after: the machine is shared, read figures beside it.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const port = Number(process.env.BENCH_PORT ?? 18_431);
const builtEntry = path.resolve('dist/server/server.js');
const baseline = process.env.BENCH_BASELINE_SERVER;
const entries: Record<string, string[]> = {
  built: [builtEntry],
  source: ['--import', 'tsx', path.resolve('src/server/server.ts')],
  ...(baseline ? { baseline: ['--import', 'tsx', path.resolve(baseline)] } : {}),
};
const wanted = (process.env.BENCH_START_ENTRIES ?? 'built,source,baseline')
  .split(',')
  .filter((name) => name in entries && (name !== 'built' || existsSync(builtEntry)));

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

interface Started {
  ms: number;
  /** CPU time (user + system) the process spent until it answered: steadier than wall time on a loaded machine. */
  cpuMs: number | undefined;
  stop: () => Promise<void>;
}

/** utime + stime of a process from /proc (Linux; clock ticks of 10 ms), undefined elsewhere. */
function cpuTimeOf(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** Spawns the server and resolves once /api/healthz answers 200, with the time that took. */
async function start(args: string[], dataDir: string): Promise<Started> {
  const began = performance.now();
  const child = spawn(process.execPath, args, {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: process.env.WEB_DIST ?? path.resolve('dist/web'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const errors: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const stop = async () => {
    if (!gone) child.kill('SIGTERM');
    await exited;
  };
  for (;;) {
    if (gone) throw new Error(`The server exited before answering: ${errors.join('')}`);
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/api/healthz`);
      if (answer.ok) return { ms: performance.now() - began, cpuMs: cpuTimeOf(child.pid), stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Answer {
  status: number;
  wireBytes: number;
  headers: http.IncomingHttpHeaders;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

/** One GET whose body is counted as sent (not decompressed): the bytes on the wire. */
function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      let wireBytes = 0;
      response.on('data', (chunk: Buffer) => (wireBytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, wireBytes, headers: response.headers }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

async function throughput(url: string, headers: Record<string, string>) {
  const first = await get(url, headers);
  let count = 0;
  let bytes = 0;
  const until = performance.now() + seconds * 1000;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const answer = await get(url, headers);
        if (answer.status !== first.status) throw new Error(`status ${answer.status} after ${first.status}`);
        count += 1;
        bytes += answer.wireBytes;
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  return { first, perSecond: count / elapsed, bytesPerAnswer: Math.round(bytes / Math.max(1, count)) };
}

/** The definitions route on a running server: with compression, without, and revalidated. */
async function measureDefinitions(name: string): Promise<void> {
  const signIn = await fetch(`http://127.0.0.1:${port}/auth/local/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'summit', password: 'demo1234' }),
  });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const url = `http://127.0.0.1:${port}/api/definitions/sunroom`;
  const asked = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
  for (let warm = 0; warm < 20; warm += 1) await get(url, asked); // first use prepares; the JIT warms up
  const full = await throughput(url, asked);
  console.log(
    `GET /api/definitions/sunroom, ${name} (${full.first.headers['content-encoding'] ?? 'identity'}, cache-control "${full.first.headers['cache-control'] ?? ''}", etag ${full.first.headers.etag ?? 'none'}): ${full.perSecond.toFixed(0)} requests/s, ${full.bytesPerAnswer} bytes per answer, load ${load()}`,
  );
  const identity = await throughput(url, { ...asked, 'accept-encoding': 'identity' });
  console.log(
    `  uncompressed: ${identity.perSecond.toFixed(0)} requests/s, ${identity.bytesPerAnswer} bytes per answer`,
  );
  const etag = full.first.headers.etag;
  if (etag) {
    const revalidated = await throughput(url, { ...asked, 'if-none-match': etag });
    console.log(
      `  If-None-Match: ${revalidated.first.status}, ${revalidated.perSecond.toFixed(0)} requests/s, ${revalidated.bytesPerAnswer} bytes per answer`,
    );
  }
}

async function main(): Promise<void> {
  console.log(`bench:start on ${os.cpus().length} cores, load ${load()} (1/5/15 min), entries ${wanted.join(', ')}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-start-'));
  try {
    const seedEntry = wanted[0] ?? 'source';
    const seeding = await start(entries[seedEntry], dataDir);
    console.log(`first start (seeding an empty PGlite, ${seedEntry}): ${(seeding.ms / 1000).toFixed(2)} s`);
    await seeding.stop();
    // Interleaved (run 1 of each entry, then run 2...): the machine's load moves every figure.
    const times = new Map(wanted.map((name) => [name, [] as number[]]));
    const cpu = new Map(wanted.map((name) => [name, [] as number[]]));
    for (let run = 0; run < runs; run += 1) {
      for (const name of wanted) {
        const started = await start(entries[name], dataDir);
        times.get(name)!.push(started.ms);
        if (started.cpuMs !== undefined) cpu.get(name)!.push(started.cpuMs);
        await started.stop();
      }
    }
    for (const name of wanted) {
      const wall = times.get(name)!;
      const used = cpu.get(name)!;
      console.log(
        `cold start, existing data, ${name}: median ${(median(wall) / 1000).toFixed(2)} s over ${runs} (${wall
          .map((ms) => (ms / 1000).toFixed(2))
          .join(', ')})${used.length ? `, CPU median ${(median(used) / 1000).toFixed(2)} s` : ''}, load ${load()}`,
      );
    }
    for (const name of wanted) {
      const server = await start(entries[name], dataDir);
      try {
        await measureDefinitions(name);
      } finally {
        await server.stop();
      }
    }
    agent.destroy();
    console.log(`load at the end ${load()}`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
