/**
 * Main-thread busy time per key from a Chromium trace: the summed durations of the renderer main thread's top-level
 * tasks between one `bench-key` user-timing mark and the next (the driver marks before each key and after the last).
 * Wall time is what DevTools shows; the thread's CPU time (`tdur`) leaves out the time other processes held the core,
 * so it moves less with the machine's load.
 */
import type { Browser, Page } from 'playwright-core';

/** Top-level task events (`ThreadControllerImpl::RunTask`) and the user-timing marks that bound each key; the
 * devtools.timeline categories would add every function call, hundreds of MB for a few keys of a busy page. */
const categories = ['toplevel', 'blink.user_timing'];

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Microseconds. */
  ts: number;
  dur?: number;
  /** Thread CPU time, microseconds. */
  tdur?: number;
  cat?: string;
}

const keyMark = 'bench-key';
const taskNames = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

export interface BusyTime {
  /** ms per key, wall time. */
  wall: number[];
  /** ms per key, the main thread's CPU time. */
  cpu: number[];
}

/** Busy ms per key: top-level tasks on the thread that holds the marks, each counted once, by where it starts. */
export function busyTimePerKey(events: readonly TraceEvent[]): BusyTime {
  const marks = events.filter((event) => event.name === keyMark).sort((a, b) => a.ts - b.ts);
  if (marks.length < 2) return { wall: [], cpu: [] };
  const { pid, tid } = marks[0];
  const tasks = events
    .filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X' && taskNames.has(event.name))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const wall = new Array<number>(marks.length - 1).fill(0);
  const cpu = new Array<number>(marks.length - 1).fill(0);
  let coveredUntil = -Infinity;
  let key = 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    // A task nested in one already counted (a RunTask inside a RunTask) is part of it.
    if (task.ts < coveredUntil) continue;
    coveredUntil = end;
    while (key < wall.length && task.ts >= marks[key + 1].ts) key++;
    if (key >= wall.length) break;
    if (task.ts < marks[key].ts) continue;
    wall[key] += (task.dur ?? 0) / 1000;
    cpu[key] += (task.tdur ?? 0) / 1000;
  }
  return { wall, cpu };
}

/**
 * The events of a JSON trace that `keep` accepts, read object by object from the bytes: a busy page's trace with the
 * frame clock uncapped passes 512 MB, more than one string can hold. `hint` (a name every kept event contains) skips
 * parsing the rest.
 */
export function readTraceEvents(bytes: Buffer, hints: readonly string[]): TraceEvent[] {
  const quote = 0x22;
  const backslash = 0x5c;
  const open = 0x7b;
  const close = 0x7d;
  const events: TraceEvent[] = [];
  const hintBytes = hints.map((hint) => Buffer.from(hint));
  // The events are the objects at depth 2: `{"traceEvents":[{...},...]}` (or depth 1 in a bare array).
  const firstBracket = bytes.indexOf(0x5b);
  const eventDepth = firstBracket >= 0 && firstBracket < bytes.indexOf(open) ? 1 : 2;
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index];
    if (inString) {
      if (byte === backslash) index++;
      else if (byte === quote) inString = false;
      continue;
    }
    if (byte === quote) inString = true;
    else if (byte === open) {
      depth++;
      if (depth === eventDepth) start = index;
    } else if (byte === close) {
      if (depth === eventDepth && start >= 0) {
        const slice = bytes.subarray(start, index + 1);
        if (hintBytes.some((hint) => slice.includes(hint)))
          events.push(JSON.parse(slice.toString('utf8')) as TraceEvent);
        start = -1;
      }
      depth--;
    }
  }
  return events;
}

/** Traces `body` in `page` (Chromium tracing over CDP) and returns the busy time of each key it typed with marks. */
export async function traceKeys(browser: Browser, page: Page, body: () => Promise<void>): Promise<BusyTime> {
  await browser.startTracing(page, { categories });
  const typed = await body().then(
    () => undefined,
    (error: unknown) => ({ error }),
  );
  // Tracing is stopped whatever happened, so the browser can trace the next page.
  const buffer = await browser.stopTracing();
  if (typed) throw typed.error;
  return busyTimePerKey(readTraceEvents(buffer, [keyMark, 'RunTask']));
}
