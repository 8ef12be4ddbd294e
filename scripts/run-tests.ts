/**
 * `npm test`: the whole suite on every core. unit, api and e2e run in one vitest (two workers); the timing project
 * (kill -9, restarts, start-up under load, anything asserting a time) runs beside it in a second vitest on a worker of
 * its own. Output streams as it comes (timing's lines prefixed), then one closing line over both:
 * `N passed, N failed, N skipped`. `npm test -- --durations` adds each file's time and the ten slowest files
 * (docs/measuring.md, "The test suite"). With other arguments it is plain `vitest run <arguments>`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { createInterface } from 'node:readline';
import path from 'node:path';
import ensureWebBuild from '../tests/e2e/global-setup';

const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const summaryLine = /^(\d+) passed, (\d+) failed, (\d+) skipped$/;

interface Run {
  name: string;
  code: number;
  seconds: number;
  summary?: [number, number, number];
}

function runVitest(name: string, args: string[], prefix = ''): Promise<Run> {
  const started = Date.now();
  const child = spawn(process.execPath, [vitest, 'run', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: process.env,
  });
  let summary: Run['summary'];
  const pipe = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) =>
    new Promise<void>((resolve) => {
      const lines = createInterface({ input: stream, crlfDelay: Infinity });
      lines.on('line', (line) => {
        const match = summaryLine.exec(line.trim());
        if (match) summary = [Number(match[1]), Number(match[2]), Number(match[3])];
        else out.write(`${prefix}${line}\n`);
      });
      lines.on('close', resolve);
    });
  const piped = Promise.all([pipe(child.stdout, process.stdout), pipe(child.stderr, process.stderr)]);
  const stop = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', stop).on('SIGTERM', stop);
  return new Promise((resolve) => {
    child.on('close', async (code, signal) => {
      await piped;
      process.off('SIGINT', stop).off('SIGTERM', stop);
      resolve({ name, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000, summary });
    });
  });
}

/** The reporters of a run that also writes each file's time to `file` (vitest's JSON report). */
function durationReporters(file: string): string[] {
  return [
    '--reporter=default',
    '--reporter=./tests/summary-reporter.ts',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ];
}

interface JsonReport {
  testResults: { name: string; startTime: number; endTime: number; assertionResults: unknown[] }[];
}

/** Per project: the files' summed time and test count; then the ten slowest files. */
function printDurations(reports: string[]): void {
  const files = reports.flatMap((report) => {
    try {
      return (JSON.parse(readFileSync(report, 'utf8')) as JsonReport).testResults;
    } catch {
      return [];
    }
  });
  const projectOf = (file: string) => {
    const relative = path.relative(root, file);
    const folder = /^tests\/(api|security|e2e|timing)\//.exec(relative)?.[1];
    return folder === 'security' ? 'api' : (folder ?? 'unit');
  };
  const rows = files.map((file) => ({
    file: path.relative(root, file.name),
    project: projectOf(file.name),
    seconds: (file.endTime - file.startTime) / 1000,
    tests: file.assertionResults.length,
  }));
  process.stdout.write('\nproject    files  tests  summed file time\n');
  for (const project of ['unit', 'api', 'e2e', 'timing']) {
    const mine = rows.filter((row) => row.project === project);
    const seconds = mine.reduce((sum, row) => sum + row.seconds, 0);
    const tests = mine.reduce((sum, row) => sum + row.tests, 0);
    process.stdout.write(
      `${project.padEnd(9)} ${String(mine.length).padStart(6)} ${String(tests).padStart(6)}  ${seconds.toFixed(0)} s\n`,
    );
  }
  process.stdout.write('\nthe ten slowest files\n');
  for (const row of rows.sort((a, b) => b.seconds - a.seconds).slice(0, 10))
    process.stdout.write(`${row.seconds.toFixed(1).padStart(7)} s  ${row.file} (${row.tests} tests)\n`);
}

async function main(): Promise<number> {
  const durations = process.argv[2] === '--durations';
  const args = process.argv.slice(durations ? 3 : 2);
  if (args.length > 0) {
    const run = await runVitest('vitest', args);
    if (run.summary)
      process.stdout.write(`\n${run.summary[0]} passed, ${run.summary[1]} failed, ${run.summary[2]} skipped\n`);
    return run.code;
  }
  // Both runs' e2e set-ups need the web build: made once here, before they start, not twice at once.
  await ensureWebBuild();
  const reports = durations ? mkdtempSync(path.join(os.tmpdir(), 'dealer-portal-durations-')) : undefined;
  const reporters = (name: string) => (reports ? durationReporters(path.join(reports, `${name}.json`)) : []);
  const runs = await Promise.all([
    runVitest('unit, api, e2e', ['--project', 'unit', '--project', 'api', '--project', 'e2e', ...reporters('main')]),
    runVitest('timing', ['--project', 'timing', ...reporters('timing')], 'timing │ '),
  ]);
  if (reports) printDurations([path.join(reports, 'main.json'), path.join(reports, 'timing.json')]);
  const totals = [0, 0, 0];
  process.stdout.write('\n');
  for (const run of runs) {
    const counts = run.summary
      ? `${run.summary[0]} passed, ${run.summary[1]} failed, ${run.summary[2]} skipped`
      : 'no summary';
    process.stdout.write(`${run.name}: ${counts} in ${run.seconds.toFixed(0)} s (exit ${run.code})\n`);
    run.summary?.forEach((n, i) => (totals[i] += n));
  }
  // A run that ended without its summary (a crash, a failed set-up) counts as a failure.
  const failed = totals[1] + runs.filter((run) => !run.summary).length;
  process.stdout.write(`\n${totals[0]} passed, ${failed} failed, ${totals[2]} skipped\n`);
  return runs.some((run) => run.code !== 0) ? 1 : 0;
}

process.exitCode = await main();
