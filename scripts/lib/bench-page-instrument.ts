/**
 * What `npm run bench:page` installs in a page before any of its scripts, and how it types and reads the figures:
 * double-rAF per key (keydown, capture phase, to the second animation frame after it), Event Timing entries per key,
 * and navigation start to the first visible form input painted.
 */
import type { Page } from 'playwright-core';

/**
 * The flags that uncap the frame clock. Not `--run-all-compositor-stages-before-draw`: with it this Chromium (156) stops
 * running animation frames on the sunroom once a button's colour transition starts, and the idle page read 25-28 ms.
 */
export const uncappedFrameFlags = ['--disable-frame-rate-limit', '--disable-gpu-vsync'];

interface BenchKey {
  start: number;
  timeStamp: number;
  painted: number | null;
}

interface BenchEvent {
  name: string;
  startTime: number;
  processingEnd: number;
}

interface BenchState {
  keys: BenchKey[];
  events: BenchEvent[];
  firstInputAt: number | null;
  painted: Promise<void>;
}

declare global {
  interface Window {
    __bench: BenchState;
  }
}

/** Runs in the page before its scripts (serialised: it must not reach anything outside itself). */
function instrumentPage(): void {
  const state: BenchState = { keys: [], events: [], firstInputAt: null, painted: Promise.resolve() };
  window.__bench = state;
  window.addEventListener(
    'keydown',
    (event) => {
      const key: BenchKey = { start: performance.now(), timeStamp: event.timeStamp, painted: null };
      state.keys.push(key);
      state.painted = new Promise((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            key.painted = performance.now();
            resolve();
          }),
        ),
      );
    },
    { capture: true },
  );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[])
      state.events.push({ name: entry.name, startTime: entry.startTime, processingEnd: entry.processingEnd });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  // The first form input laid out with a size, then two frames: painted. The polling stops at the first key, so a
  // page without a form (Order History, the idle page) is not kept drawing frames while it is measured.
  const watch = () => {
    if (state.keys.length > 0) return;
    const input = document.querySelector<HTMLInputElement>('form input:not([type="hidden"])');
    const box = input?.getBoundingClientRect();
    if (box && box.width > 0 && box.height > 0) {
      requestAnimationFrame(() => requestAnimationFrame(() => (state.firstInputAt ??= performance.now())));
      return;
    }
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
}

/** Installs the instrumentation in every document the page opens from now on. */
export async function instrument(page: Page): Promise<void> {
  // tsx names functions through a __name helper the page does not have.
  await page.addInitScript({ content: `var __name = (fn) => fn; (${instrumentPage.toString()})();` });
}

/** Navigation start to the first visible form input painted, in ms (waits for it). */
export async function readFirstInputPainted(page: Page, timeout = 120_000): Promise<number> {
  const handle = await page.waitForFunction(() => window.__bench?.firstInputAt, undefined, { timeout });
  return (await handle.jsonValue()) as number;
}

/** Forgets the keys and events so far (typing that set the page up is not measured). */
export async function resetKeys(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__bench.keys = [];
    window.__bench.events = [];
  });
}

export interface TypeOptions {
  /** Before each key (e.g. focus the control the key acts on); not measured. */
  beforeKey?: (index: number) => Promise<void>;
  /** Put a `bench-key` user-timing mark before each key and one after the last: the trace's key boundaries. */
  mark?: boolean;
}

/** Presses each key after the last one painted and the page had 30 ms of idle. */
export async function typeKeys(page: Page, keys: readonly string[], options: TypeOptions = {}): Promise<void> {
  for (let i = 0; i < keys.length; i++) {
    await options.beforeKey?.(i);
    if (options.mark) await page.evaluate(() => performance.mark('bench-key'));
    await page.keyboard.press(keys[i]);
    // Bounded: headless Chromium with the uncapped clock has been seen to stop running animation frames.
    await page.evaluate(() =>
      Promise.race([window.__bench.painted, new Promise((resolve) => setTimeout(resolve, 5_000))]).then(
        () => new Promise((resolve) => setTimeout(resolve, 30)),
      ),
    );
  }
  if (options.mark) await page.evaluate(() => performance.mark('bench-key'));
}

export interface KeyFigures {
  /** keydown to the second animation frame after it, per key. */
  doubleRaf: number[];
  /** Event Timing `processingEnd − startTime` over the key's keydown..input entries; null when none was reported. */
  eventTiming: (number | null)[];
}

/** The figures of every key typed since the last reset. */
export function readKeyFigures(page: Page): Promise<KeyFigures> {
  return page.evaluate(() => {
    const { keys, events } = window.__bench;
    // keyup is left out: the driver sends it right after keydown, so it waits behind the key's work.
    const perKeyEvents = events.filter((event) => event.name !== 'keyup' && !event.name.startsWith('pointer'));
    return {
      doubleRaf: keys.flatMap((key) => (key.painted === null ? [] : [key.painted - key.start])),
      eventTiming: keys.map((key, index) => {
        const end = keys[index + 1]?.timeStamp ?? Infinity;
        const own = perKeyEvents.filter((event) => event.startTime >= key.timeStamp - 0.5 && event.startTime < end);
        if (own.length === 0) return null;
        return Math.max(...own.map((event) => event.processingEnd)) - Math.min(...own.map((event) => event.startTime));
      }),
    };
  });
}
