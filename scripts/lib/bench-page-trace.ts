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
  return busyTimePerKey(await traceEvents(browser, page, body, categories, [keyMark, 'RunTask']));
}

/** The events of a trace of `body` in `page` (the categories given) whose JSON holds one of `hints`. */
export async function traceEvents(
  browser: Browser,
  page: Page,
  body: () => Promise<void>,
  traceCategories: readonly string[],
  hints: readonly string[],
): Promise<TraceEvent[]> {
  await browser.startTracing(page, { categories: [...traceCategories] });
  const typed = await body().then(
    () => undefined,
    (error: unknown) => ({ error }),
  );
  // Tracing is stopped whatever happened, so the browser can trace the next page.
  const buffer = await browser.stopTracing();
  if (typed) throw typed.error;
  return readTraceEvents(buffer, hints);
}

/** The hints that keep what phasesPerKey reads. */
export const phaseHints = [keyMark, 'RunTask', '"ph":"X"'];

/** What each devtools.timeline event is, for the split of a key's main-thread time (phasesPerKey). */
const phaseOf: Readonly<Record<string, string>> = {
  EventDispatch: 'script',
  FunctionCall: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  EvaluateScript: 'script',
  MajorGC: 'script',
  MinorGC: 'script',
  UpdateLayoutTree: 'style',
  ParseAuthorStyleSheet: 'style',
  Layout: 'layout',
  'IntersectionObserverController::computeIntersections': 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  Commit: 'paint',
};

/** The trace categories phasesPerKey reads. */
export const phaseCategories = ['toplevel', 'blink.user_timing', 'devtools.timeline'];

/**
 * Each key's main-thread wall time split by what it did: script (events, timers, frames' callbacks, microtasks, GC),
 * style (recalculation), layout, paint (pre-paint, paint, layerize, commit) and other (the tasks' rest), in ms. Each
 * event counts its own time without the events inside it (a forced layout inside a script is layout).
 */
export function phasesPerKey(events: readonly TraceEvent[]): Record<string, number>[] {
  const marks = events.filter((event) => event.name === keyMark).sort((a, b) => a.ts - b.ts);
  if (marks.length < 2) return [];
  const { pid, tid } = marks[0];
  const spans = events
    .filter(
      (event) =>
        event.pid === pid &&
        event.tid === tid &&
        event.ph === 'X' &&
        (taskNames.has(event.name) || phaseOf[event.name] !== undefined),
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const keys = marks
    .slice(1)
    .map(() => ({ script: 0, style: 0, layout: 0, paint: 0, other: 0 }) as Record<string, number>);
  // The open spans, outermost first, and the key each top-level task started in.
  const stack: { end: number; phase: string; key: number }[] = [];
  let key = 0;
  const add = (at: { key: number; phase: string }, us: number) => {
    if (at.key >= 0 && at.key < keys.length) keys[at.key][at.phase] += us / 1000;
  };
  let previous = 0;
  const advance = (to: number) => {
    // Time from `previous` to `to` belongs to the innermost open span.
    while (stack.length > 0 && stack[stack.length - 1].end <= to) {
      const top = stack.pop()!;
      add(top, top.end - previous);
      previous = top.end;
    }
    if (stack.length > 0) add(stack[stack.length - 1], to - previous);
    previous = to;
  };
  for (const span of spans) {
    advance(span.ts);
    if (stack.length === 0) {
      while (key < marks.length - 1 && span.ts >= marks[key + 1].ts) key++;
      if (span.ts < marks[0].ts || !taskNames.has(span.name)) continue;
    }
    const outer = stack[stack.length - 1];
    stack.push({
      end: span.ts + (span.dur ?? 0),
      phase: phaseOf[span.name] ?? outer?.phase ?? 'other',
      key: outer?.key ?? (span.ts < marks[marks.length - 1].ts ? key : -1),
    });
  }
  advance(Infinity);
  return keys;
}
