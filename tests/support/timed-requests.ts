/**
 * "Does this stall everyone else?": while some work runs, a second client asks one cheap route (GET /api/me by
 * default) over real HTTP every ~50 ms, one request after another, and reports the slowest answer. The client runs on
 * a thread of its own: the test server shares the test's thread, so a client there would stop asking exactly while the
 * server is stuck, and never see the stall.
 */
import { Worker } from 'node:worker_threads';
import type { TestServer } from './test-server';

export interface TimedRequests<T> {
  /** What `work` resolved to. */
  result: T;
  /** The slowest answer, milliseconds. */
  worstMs: number;
  /** How many requests were timed. */
  count: number;
  /** Every latency, in order, milliseconds. */
  latenciesMs: number[];
}

export interface TimingOptions {
  /** The route timed (GET); default /api/me. */
  path?: string;
  /** Pause between one answer and the next request; default 50 ms. */
  intervalMs?: number;
  /** Requests timed at least, even when the work ends sooner; default 3. */
  minCount?: number;
  /** Requests timed at most (a bound for a work that never ends); default 10,000. */
  maxCount?: number;
  /** A request unanswered for this long counts as this long and ends the timing; default 60 s. */
  requestTimeoutMs?: number;
}

/** The client thread: plain JavaScript (no TypeScript loader in a worker), one request at a time until told to stop. */
const clientSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, token, intervalMs, minCount, maxCount, requestTimeoutMs } = workerData;
let isStopped = false;
parentPort.on('message', () => { isStopped = true; });
(async () => {
  const latencies = [];
  let failure;
  while (latencies.length < maxCount && (!isStopped || latencies.length < minCount)) {
    const started = performance.now();
    try {
      const response = await fetch(url, {
        headers: { authorization: 'Bearer ' + token },
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.status !== 200) { failure = 'GET ' + url + ' answered ' + response.status + ' while timing'; break; }
    } catch (error) {
      latencies.push(performance.now() - started);
      failure = 'GET ' + url + ' failed while timing: ' + error.message;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  parentPort.postMessage({ latencies, failure });
})();
`;

/**
 * Runs `work` while timing GET `path` with `token` against `server`; each answer must be 200 (anything else throws: a
 * refused request is no latency). Resolves once the work has settled and the client has stopped.
 */
export async function whileTimingRequests<T>(
  server: Pick<TestServer, 'baseUrl'>,
  token: string,
  work: () => Promise<T>,
  options: TimingOptions = {},
): Promise<TimedRequests<T>> {
  const { path = '/api/me', intervalMs = 50, minCount = 3, maxCount = 10_000, requestTimeoutMs = 60_000 } = options;
  const client = new Worker(clientSource, {
    eval: true,
    workerData: { url: `${server.baseUrl}${path}`, token, intervalMs, minCount, maxCount, requestTimeoutMs },
  });
  const timed = new Promise<{ latencies: number[]; failure?: string }>((resolve, reject) => {
    client.once('message', resolve);
    client.once('error', reject);
  });
  let result: T;
  try {
    result = await work();
  } finally {
    client.postMessage('stop');
    await timed.catch(() => {}); // a failed work's own error wins; the client's is thrown below
    await client.terminate();
  }
  const { latencies, failure } = await timed;
  if (failure) throw new Error(failure);
  return {
    result,
    worstMs: Math.round(Math.max(...latencies)),
    count: latencies.length,
    latenciesMs: latencies.map(Math.round),
  };
}
