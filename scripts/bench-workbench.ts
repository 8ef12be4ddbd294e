/**
 * npm run bench:workbench: what the definitions workbench waits for after an edit (docs/measuring.md).
 * 1. The server's draft check (TreeCompiler.check: compile what changed, replay every golden order) after a one-file
 *    edit: a pergola price table, the sunroom's rules.json.
 * 2. In memory, as the workbench's Web Worker runs it (src/definition-tree): the sunroom's golden orders from files
 *    (cold: compile and replay all); an edit to golden results with the compiler kept (a one-rule edit of the
 *    sunroom's rules.json, a sunroom price table row); the sunroom recompiled alone after a one-rule edit; posting the
 *    report and the tree (structured clone).
 * 3. The same in a real Web Worker in Debian's Chromium (BENCH_BROWSER=0 skips it): the worker bundled by Vite from
 *    src/definition-tree, the page posting the tree, then each edit as the changed file only; round trip from
 *    postMessage to the answer. Goal: edit to golden results under 1 s for the sunroom.
 * BENCH_RUNS=<n> (default 7) runs per figure; medians, min and max are printed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { DefinitionCompiler, runGoldenOrdersInMemory } from '../src/definition-tree/index';
import { benchProofPanel } from './lib/bench-workbench-proof';
import { TreeCompiler } from '../src/server/services/definition-versions/compile';
import { readTreeFromDisk, sha256, type TreeFiles } from '../src/server/services/definition-versions/tree';
import { measurePreviewUpdate } from './lib/bench-workbench-preview';

const runs = Number(process.env.BENCH_RUNS ?? 7);
const form = 'sunroom';
const sunroomRules = 'definitions/sunroom/rules.json';
const sunroomTable = 'definitions/prices/sunroom/sunroom-vista-view-206.json';
const pergolaTable = 'definitions/prices/pergola/pergola-fixed-attached.json';

/** A one-rule edit: the description of the sunroom's first rule, numbered so each run is new. */
const editRule = (text: string, i: number) =>
  text.replace('"Spec 2 §4.1: Value Series YES', `"Spec 2 §4.1 (edit ${i}): Value Series YES`);
/** One price row changed, numbered so each run is new. */
const editRow = (text: string, i: number) =>
  text.replace(/("\d+x\d+": )(\d+)/, (_m, key: string) => `${key}${90000 + i}`);

interface Figure {
  label: string;
  ms: number[];
  note?: string;
}
const figures: Figure[] = [];

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

function time<T>(run: () => T): [T, number] {
  const started = performance.now();
  const value = run();
  return [value, performance.now() - started];
}

async function timeAsync<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await run();
  return [value, performance.now() - started];
}

function editTree(tree: TreeFiles, treePath: string, text: string): TreeFiles {
  const hash = sha256(text);
  return { manifest: { ...tree.manifest, [treePath]: hash }, contents: new Map([...tree.contents, [hash, text]]) };
}

async function serverDraftChecks(tree: TreeFiles): Promise<void> {
  const compiler = new TreeCompiler();
  await compiler.check(tree);
  await compiler.check(tree);
  const text = (p: string) => tree.contents.get(tree.manifest[p])!;
  for (const [label, treePath, edit] of [
    ['server draft check after a pergola price table edit', pergolaTable, editRow],
    ['server draft check after a one-rule edit of sunroom/rules.json', sunroomRules, editRule],
  ] as const) {
    const ms: number[] = [];
    let orders = 0;
    for (let i = 0; i < runs; i++) {
      const [answer, took] = await timeAsync(() => compiler.check(editTree(tree, treePath, edit(text(treePath), i))));
      ms.push(took);
      orders = answer.checks.goldenOrders.total;
    }
    figures.push({ label, ms, note: `TreeCompiler.check, all ${orders} golden orders (cached but the edited forms')` });
  }
}

function inMemory(files: Record<string, string>): void {
  const sunroomOrders = runGoldenOrdersInMemory(files, { form }).total;
  figures.push({
    label: `sunroom golden orders from files in memory, cold (${sunroomOrders} orders)`,
    ms: Array.from({ length: runs }, () => time(() => runGoldenOrdersInMemory(files, { form }))[1]),
    note: 'compile the sunroom and replay every order, nothing cached',
  });
  for (const [label, treePath, edit] of [
    ['edit to golden results: one-rule edit of sunroom/rules.json', sunroomRules, editRule],
    ['edit to golden results: a sunroom price table row', sunroomTable, editRow],
  ] as const) {
    const compiler = new DefinitionCompiler();
    runGoldenOrdersInMemory(files, { form, compiler });
    const ms: number[] = [];
    const split: string[] = [];
    for (let i = 0; i < runs; i++) {
      const edited = { ...files, [treePath]: edit(files[treePath], i) };
      const [report, took] = time(() => runGoldenOrdersInMemory(edited, { form, compiler }));
      ms.push(took);
      split.push(`${report.tookMs.compile}+${report.tookMs.replay}`);
    }
    figures.push({ label, ms, note: `compiler kept; compile+replay ms per run: ${split.join(' ')}` });
  }
  const compiler = new DefinitionCompiler();
  compiler.compile(files, form);
  figures.push({
    label: 'sunroom recompiled alone after a one-rule edit',
    ms: Array.from(
      { length: runs },
      (_, i) => time(() => compiler.compile({ ...files, [sunroomRules]: editRule(files[sunroomRules], i) }, form))[1],
    ),
    note: 'merge includes, checkDefinition, compile (DefinitionCompiler.compile)',
  });
  const report = runGoldenOrdersInMemory(files, { form });
  figures.push({
    label: 'posting the report (structuredClone)',
    ms: Array.from({ length: runs }, () => time(() => structuredClone(report))[1]),
  });
  figures.push({
    label: `posting the whole tree (structuredClone, ${Object.keys(files).length} files)`,
    ms: Array.from({ length: runs }, () => time(() => structuredClone(files))[1]),
  });
}

/** The worker bundled by Vite from src/definition-tree, a page creating it, both served on 127.0.0.1. */
async function inChromium(files: Record<string, string>): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-workbench-'));
  try {
    const entry = path.join(dir, 'worker-entry.ts');
    await writeFile(
      entry,
      `import { createWorkbenchHandler } from ${JSON.stringify(path.resolve('src/definition-tree/index.ts'))};
const handle = createWorkbenchHandler();
self.onmessage = (event) => {
  const started = performance.now();
  const answer = handle(event.data);
  self.postMessage({ ...answer, workerMs: performance.now() - started });
};
`,
    );
    await build({
      configFile: false,
      logLevel: 'warn',
      build: {
        outDir: path.join(dir, 'out'),
        emptyOutDir: true,
        lib: { entry, formats: ['es'], fileName: () => 'worker.js' },
      },
    });
    const page = `<!doctype html><title>bench</title><script type="module">
const worker = new Worker('/worker.js', { type: 'module' });
let next = 0;
const waiting = new Map();
worker.onmessage = (event) => { const done = waiting.get(event.data.id); waiting.delete(event.data.id); done(event.data); };
window.ask = (request) => new Promise((resolve) => {
  const id = ++next;
  const started = performance.now();
  waiting.set(id, (answer) => resolve({ roundTripMs: performance.now() - started, workerMs: answer.workerMs, kind: answer.kind,
    total: answer.report?.total, failed: answer.report?.failed, message: answer.message }));
  worker.postMessage({ ...request, id });
});
</script>`;
    const worker = await readFile(path.join(dir, 'out', 'worker.js'));
    const server = createServer((request, response) => {
      const isWorker = request.url === '/worker.js';
      response.writeHead(200, { 'content-type': isWorker ? 'text/javascript' : 'text/html' });
      response.end(isWorker ? worker : page);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    try {
      const tab = await (await browser.newContext()).newPage();
      await tab.goto(`http://127.0.0.1:${port}/`);
      await tab.waitForFunction(() => 'ask' in window);
      type Answer = {
        roundTripMs: number;
        workerMs: number;
        kind: string;
        total?: number;
        failed?: number;
        message?: string;
      };
      const ask = (request: object) =>
        tab.evaluate((r) => (window as unknown as { ask: (r: object) => Promise<Answer> }).ask(r), request);
      const cold: Answer[] = [];
      for (let i = 0; i < Math.min(runs, 3); i++)
        cold.push(await ask({ files: { ...files, [sunroomRules]: editRule(files[sunroomRules], 1000 + i) }, form }));
      if (cold[0].kind !== 'golden-orders') throw new Error(`worker answered ${cold[0].kind}: ${cold[0].message}`);
      figures.push({
        label: `Chromium worker: the tree posted, sunroom compiled, ${cold[0].total} orders replayed`,
        ms: cold.map((a) => a.roundTripMs),
        note: `round trip; in the worker ${cold.map((a) => a.workerMs.toFixed(0)).join(' ')} ms`,
      });
      for (const [label, treePath, edit] of [
        ['Chromium worker: edit to golden results, one-rule edit of sunroom/rules.json', sunroomRules, editRule],
        ['Chromium worker: edit to golden results, a sunroom price table row', sunroomTable, editRow],
      ] as const) {
        const answers: Answer[] = [];
        for (let i = 0; i < runs; i++)
          answers.push(await ask({ changes: { [treePath]: edit(files[treePath], i) }, form }));
        figures.push({
          label,
          ms: answers.map((a) => a.roundTripMs),
          note: `changed file posted only; in the worker ${answers.map((a) => a.workerMs.toFixed(0)).join(' ')} ms`,
        });
      }
    } finally {
      await browser.close();
      server.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const tree = readTreeFromDisk({ definitionsDir: 'definitions', goldenDir: 'tests/golden' });
const files = Object.fromEntries(Object.entries(tree.manifest).map(([p, hash]) => [p, tree.contents.get(hash)!]));
const loadBefore = os.loadavg();
await serverDraftChecks(tree);
inMemory(files);
if (process.env.BENCH_BROWSER !== '0') await inChromium(files);
if (process.env.BENCH_BROWSER !== '0') figures.push(...(await measurePreviewUpdate(runs)));
if (process.env.BENCH_BROWSER !== '0') figures.push(...(await benchProofPanel(runs)));
const width = Math.max(...figures.map((f) => f.label.length));
for (const figure of figures) {
  const ms = figure.ms;
  process.stdout.write(
    `${figure.label.padEnd(width)}  median ${median(ms).toFixed(1).padStart(7)} ms  (min ${Math.min(...ms).toFixed(1)}, max ${Math.max(...ms).toFixed(1)}, ${ms.length} runs)${figure.note ? `\n${' '.repeat(width + 2)}${figure.note}` : ''}\n`,
  );
}
process.stdout.write(
  `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), node ${process.version}, load ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} after\n`,
);
