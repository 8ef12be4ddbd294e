import { describe, expect, it } from 'vitest';
import { busyTimePerKey, phasesPerKey, readTraceEvents, type TraceEvent } from './bench-page-trace';

const main = { pid: 7, tid: 1 };
const mark = (ts: number): TraceEvent => ({ name: 'bench-key', ph: 'R', ts, ...main });
const task = (ts: number, dur: number, where = main): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ts,
  dur,
  tdur: dur / 2,
  ...where,
});

describe('busyTimePerKey', () => {
  it('sums the main thread top-level tasks that start between one key mark and the next: wall and CPU ms', () => {
    const events = [mark(1_000), task(1_100, 2_000), task(4_000, 500), mark(10_000), task(10_500, 8_000), mark(30_000)];
    expect(busyTimePerKey(events)).toEqual({ wall: [2.5, 8], cpu: [1.25, 4] });
  });

  it('counts a task nested in another once, and leaves out other threads and tasks outside the marks', () => {
    const events = [
      task(0, 900),
      mark(1_000),
      task(1_100, 3_000),
      task(1_200, 1_000),
      { ...task(1_300, 1_000), name: 'ThreadControllerImpl::RunTask' },
      task(1_500, 5_000, { pid: 7, tid: 2 }),
      task(2_000, 5_000, { pid: 8, tid: 1 }),
      mark(5_000),
      task(6_000, 100),
    ];
    expect(busyTimePerKey(events).wall).toEqual([3]);
  });

  it('gives one figure per key even when a key had no task, and none without two marks', () => {
    expect(busyTimePerKey([mark(0), mark(10), task(20, 1_000), mark(2_000)]).wall).toEqual([0, 1]);
    expect(busyTimePerKey([mark(0), task(20, 1_000)])).toEqual({ wall: [], cpu: [] });
  });
});

describe('readTraceEvents', () => {
  const events = [
    mark(0),
    { ...task(5, 10), args: { data: { note: 'a } brace and a \\" quote in a string' } } },
    { name: 'Paint', ph: 'X', ts: 6, dur: 1, ...main },
    mark(20),
  ];

  it('reads the events named by a hint from a trace object or a bare array, skipping the rest', () => {
    for (const text of [JSON.stringify({ traceEvents: events, metadata: { a: { b: 1 } } }), JSON.stringify(events)]) {
      const read = readTraceEvents(Buffer.from(text), ['bench-key', 'RunTask']);
      expect(read.map((event) => event.name)).toEqual(['bench-key', 'RunTask', 'bench-key']);
      expect(read[1]).toEqual(events[1]);
    }
  });
});

describe('phasesPerKey', () => {
  const span = (name: string, ts: number, dur: number, where = main): TraceEvent => ({
    name,
    ph: 'X',
    ts,
    dur,
    ...where,
  });

  it("splits each key's tasks into script, style, layout, paint and the rest, each event by its own time", () => {
    const events = [
      mark(0),
      task(1_000, 10_000),
      span('EventDispatch', 1_000, 6_000),
      // A layout forced by the script is layout, not script.
      span('Layout', 3_000, 1_000),
      span('UpdateLayoutTree', 8_000, 1_000),
      span('Paint', 9_500, 500),
      mark(20_000),
      task(21_000, 2_000),
      span('Layout', 21_500, 1_000),
      span('Paint', 21_600, 100, { pid: 7, tid: 2 }),
      mark(30_000),
    ];
    expect(phasesPerKey(events)).toEqual([
      { script: 5, style: 1, layout: 1, paint: 0.5, other: 2.5 },
      { script: 0, style: 0, layout: 1, paint: 0, other: 1 },
    ]);
  });

  it('leaves out tasks before the first mark or after the last', () => {
    const events = [task(0, 500), mark(1_000), task(1_100, 1_000), mark(5_000), task(6_000, 1_000)];
    expect(phasesPerKey(events)).toEqual([{ script: 0, style: 0, layout: 0, paint: 0, other: 1 }]);
  });
});
