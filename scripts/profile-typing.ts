/**
 * `npm run bench:profile`: a CPU profile (CDP Profiler, 100 µs sampling) of typing the sunroom's first wall length, as
 * bench:page types it, and the time per key inside emotion's `serializeStyles` (style objects serialised during a
 * render) with the component stacks that call it. Uses dist/web as it is: for readable names build it unminified
 * first (`npx vite build --minify false`). Env: BENCH_KEYS (60), BENCH_PAGES (a scenario name prefix, 'sunroom: wall'),
 * PROFILE_STYLE_COUNTS=1 (instead: serialisations and renders counted per key; PROFILE_LIBRARY_RENDERS=Radio,ButtonBase
 * counts those library components too), PROFILE_PHASES=1 (instead: each key's main thread split into script, style,
 * layout and paint from a trace; =keys: also per key of the ten-key typing cycle), WEB_DIST (the build to serve,
 * default dist/web), PROFILE_OUT (a file to keep the profile in).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { chromiumFlags, chromiumPath, signIn } from '../tests/e2e/support/browser';
import { startTestServer } from '../tests/support/test-server';
import { instrument, resetKeys, typeKeys, uncappedFrameFlags } from './lib/bench-page-instrument';
import { pageScenarios } from './lib/bench-page-scenarios';
import { phaseCategories, phaseHints, phasesPerKey, traceEvents } from './lib/bench-page-trace';
import { summariseProfile, type CpuProfile } from './lib/cpu-profile';

const keyCount = Number(process.env.BENCH_KEYS ?? 60);
const scenarioName = process.env.BENCH_PAGES ?? 'sunroom: wall';
const focus = (process.env.PROFILE_FUNCTIONS ?? 'serializeStyles').split(',');

/**
 * Counts emotion's serialisations by the MUI classes of the element they style: a breakpoint that never pauses (its
 * condition counts and answers false) on each `serializeStyles(` call of the unminified build's chunks.
 */
async function countStylesBy(cdp: CDPSession): Promise<void> {
  const assets = path.resolve(process.env.WEB_DIST ?? 'dist/web', 'assets');
  const condition =
    '(globalThis.__styleCounts ??= {}, (k => globalThis.__styleCounts[k] = (globalThis.__styleCounts[k] || 0) + 1)(' +
    "(typeof props === 'object' && typeof props.className === 'string' && props.className.includes('MuiInputBase-input') && 'input #' + props.id) || " +
    "(typeof props === 'object' && typeof props.className === 'string' && props.className.split(' ').filter(c => c.startsWith('Mui') || c.startsWith('wall') || c.startsWith('field')).slice(0, 2).join(' ')) || " +
    "(typeof FinalTag !== 'undefined' ? (typeof FinalTag === 'string' ? FinalTag : FinalTag.displayName || FinalTag.name) : 'css prop')), false)";
  await cdp.send('Debugger.enable');
  for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
    const lines = readFileSync(path.join(assets, file), 'utf8').split('\n');
    for (const [lineNumber, line] of lines.entries()) {
      if (!/[^a-zA-Z]serializeStyles\(/.test(line) || line.includes('function serializeStyles')) continue;
      await cdp.send('Debugger.setBreakpointByUrl', {
        urlRegex: `${file.replace(/[.]/g, '\\.')}$`,
        lineNumber,
        columnNumber: line.indexOf('serializeStyles('),
        condition,
      });
    }
  }
}

/** Counts calls of the app's own components (functions named like components in our chunks) the same way. */
async function countRenders(cdp: CDPSession): Promise<void> {
  const assets = path.resolve(process.env.WEB_DIST ?? 'dist/web', 'assets');
  for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
    const mapFile = path.join(assets, `${file}.map`);
    let sources: string[] = [];
    try {
      sources = (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources;
    } catch {
      continue;
    }
    const isOwn = sources.some((source) => source.includes('/src/web/'));
    const libraryNames = new Set([
      ...['TextField', 'InputBase', 'FormControl', 'OutlinedInput', 'InputLabel', 'FormLabel'],
      ...(process.env.PROFILE_LIBRARY_RENDERS ?? '').split(',').filter(Boolean),
    ]);
    const lines = readFileSync(path.join(assets, file), 'utf8').split('\n');
    for (const [lineNumber, line] of lines.entries()) {
      const name = /function ([A-Z][A-Za-z0-9]*)\(/.exec(line)?.[1];
      if (!name || lineNumber + 1 >= lines.length || (!isOwn && !libraryNames.has(name))) continue;
      await cdp.send('Debugger.setBreakpointByUrl', {
        urlRegex: `${file.replace(/[.]/g, '\\.')}$`,
        lineNumber: lineNumber + 1,
        condition: `(globalThis.__styleCounts ??= {}, globalThis.__styleCounts['render ${name}'] = (globalThis.__styleCounts['render ${name}'] || 0) + 1, false)`,
      });
    }
  }
}

/** Keys a trace holds: one cycle of the typing (wallLengthCycle's ten keys). */
const traceBatch = 10;

/** The keys typed under a devtools.timeline trace, ten a trace: each key's main thread split by phase, mean ms. */
async function printPhases(
  browser: Browser,
  page: Page,
  keys: readonly string[],
  beforeKey: ((index: number) => Promise<void>) | undefined,
): Promise<void> {
  const perKey: Record<string, number>[] = [];
  for (let start = 0; start < keys.length; start += traceBatch) {
    const batch = keys.slice(start, start + traceBatch);
    const events = await traceEvents(
      browser,
      page,
      () => typeKeys(page, batch, { beforeKey: beforeKey && ((i) => beforeKey(start + i)), mark: true }),
      phaseCategories,
      phaseHints,
    );
    perKey.push(...phasesPerKey(events));
  }
  const phases = ['script', 'style', 'layout', 'paint', 'other'];
  const mean = (phase: string) => perKey.reduce((sum, key) => sum + key[phase], 0) / perKey.length;
  const total = phases.reduce((sum, phase) => sum + mean(phase), 0);
  console.log(`main thread per key, wall ms, mean of ${perKey.length} keys (devtools.timeline trace):`);
  for (const phase of phases) console.log(`  ${phase.padEnd(7)} ${mean(phase).toFixed(2).padStart(6)}`);
  console.log(`  ${'total'.padEnd(7)} ${total.toFixed(2).padStart(6)}`);
  // PROFILE_PHASES=keys: the same split per key of a trace's batch (one typing cycle), to see which keys cost.
  if (process.env.PROFILE_PHASES !== 'keys') return;
  console.log(`\nper key of the batch, mean ms: key  ${phases.join(' ')}`);
  for (let position = 0; position < Math.min(traceBatch, keys.length); position++) {
    const at = perKey.filter((_, index) => index % traceBatch === position);
    const cells = phases.map((phase) =>
      (at.reduce((sum, key) => sum + key[phase], 0) / at.length).toFixed(2).padStart(phase.length),
    );
    console.log(`  ${String(position).padStart(2)} ${keys[position].padEnd(9)} ${cells.join(' ')}`);
  }
}

async function main(): Promise<void> {
  const scenario = pageScenarios(keyCount).find((candidate) => candidate.name.startsWith(scenarioName));
  if (!scenario) throw new Error(`no scenario named ${scenarioName}`);
  // WEB_DIST as the server reads it: an unminified build kept beside the minified one.
  const server = await startTestServer(process.env.WEB_DIST ? { webDist: path.resolve(process.env.WEB_DIST) } : {});
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumFlags, ...uncappedFrameFlags],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await instrument(page);
    if (scenario.user) await signIn(page, server.baseUrl, scenario.user);
    const typing = await scenario.prepare(page, server);
    // Warm-up keys (JIT, first renders of the messages), then the profiled ones.
    await typeKeys(page, typing.keys.slice(0, 10), { beforeKey: typing.beforeKey });
    await resetKeys(page);
    const cdp = await context.newCDPSession(page);
    if (process.env.PROFILE_STYLE_COUNTS) {
      await countStylesBy(cdp);
      await countRenders(cdp);
      await typeKeys(page, typing.keys, { beforeKey: typing.beforeKey });
      const counts = await page.evaluate(
        () => (globalThis as { __styleCounts?: Record<string, number> }).__styleCounts ?? {},
      );
      console.log(`style serialisations per key by element (${typing.keys.length} keys):`);
      for (const [name, count] of Object.entries(counts).sort((a, b) => b[1] - a[1]))
        console.log(`  ${(count / typing.keys.length).toFixed(2).padStart(7)}  ${name}`);
      return;
    }
    if (process.env.PROFILE_PHASES) {
      await printPhases(browser, page, typing.keys, typing.beforeKey);
      return;
    }
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await typeKeys(page, typing.keys, { beforeKey: typing.beforeKey });
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    // PROFILE_OUT=<file>.cpuprofile keeps the whole profile (DevTools' Performance panel opens it).
    if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
    const summary = summariseProfile(profile, focus);
    console.log(`${scenario.name}: ${typing.keys.length} keys profiled (${typing.note ?? ''})`);
    console.log(
      `script per key (samples not idle, not program/GC): ${(summary.busyMs / typing.keys.length).toFixed(2)} ms`,
    );
    for (const [name, figures] of summary.functions) {
      console.log(`\n${name}: ${(figures.inclusiveMs / typing.keys.length).toFixed(3)} ms per key (inclusive)`);
      for (const [stack, ms] of figures.stacks.slice(0, 12))
        console.log(`  ${(ms / typing.keys.length).toFixed(3).padStart(7)} ms  ${stack}`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
