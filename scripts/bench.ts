/**
 * npm run bench: per definition, the time to apply one edit and re-derive everything (hidden, options,
 * clamps, missing, messages, payload), over thousands of edits replayed from the golden orders, for
 * json-logic-engine's compiled and interpreted evaluators; and, beside it, single edits on a realistic page
 * state (the final states of the largest complete golden orders: a digit typed, a choice switched).
 * Prints a table (docs/measuring.md). BENCH_FORMS=sunroom,impact limits the forms; BENCH_RECOMPUTE=1 adds the replay
 * with every edit derived from nothing (what the memo saves); BENCH_STATE=a.json,b.json
 * adds the final states of golden-order-shaped files ({form, context, start, steps}: e.g. a page's draft) as bases.
 * BENCH_AGAINST=<checkout> (e.g. a `git worktree` of main) also times that checkout's engine, with its own definitions,
 * on the same edits, in batches interleaved with this one's in the same process: before and after under the same load.
 * The engine timed is the one shipped: src/engine bundled by esbuild as the server build bundles it (the browser's vite
 * build likewise). tsx, which runs this script, compiles with keepNames, wrapping each function made in a pass in a
 * name-setting call the shipped code does not make (~7% of the replay).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import {
  compileDefinition,
  type CompiledDefinition,
  type DefinitionBundle,
  type EvaluatorMode,
  type Rule,
} from '../src/engine/index';
import { loadAllDefinitions } from '../src/server/definitions/index';
import { collectFiles, validateGoldenOrder, type GoldenOrder } from './lib/golden-orders';
import { buildRealisticScenario, measureRealistic } from './lib/realistic-edits';

const MIN_EDITS = Number(process.env.BENCH_EDITS ?? 20_000);
const REALISTIC_EDITS = Number(process.env.BENCH_REALISTIC_EDITS ?? 5_000);
const onlyForms = process.env.BENCH_FORMS ? new Set(process.env.BENCH_FORMS.split(',')) : undefined;
const loadBefore = loadavg();
const extraStates: GoldenOrder[] = (process.env.BENCH_STATE ?? '')
  .split(',')
  .filter(Boolean)
  .map((file) => JSON.parse(readFileSync(file, 'utf8')) as GoldenOrder);
const { definitions } = loadAllDefinitions(process.env.DEFINITIONS_DIR ?? 'definitions');
const orders: GoldenOrder[] = collectFiles([process.argv.slice(2).find((a) => a !== '--') ?? 'tests/golden'])
  .files.map((file) => {
    try {
      return JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      return undefined;
    }
  })
  .filter((order) => order !== undefined && validateGoldenOrder(order, definitions).length === 0);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

/** One timed edit: the path set or blurred and the milliseconds of that call with its re-derivation. */
interface Timed {
  path: string;
  ms: number;
}

/** The engine calls a bench times: this checkout's, or another's (BENCH_AGAINST). */
interface Engine {
  compileDefinition: typeof compileDefinition;
  createSession: (typeof import('../src/engine/index'))['createSession'];
}

/** A checkout's src/engine bundled as shipped (esbuild, no keepNames) and loaded; the bundle file is removed after. */
async function shippedEngine(checkout: string): Promise<Engine> {
  const outfile = join(tmpdir(), `bench-engine-${randomUUID()}.mjs`);
  await build({
    entryPoints: [resolve(checkout, 'src/engine/index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  try {
    return (await import(pathToFileURL(outfile).href)) as Engine;
  } finally {
    rmSync(outfile, { force: true });
  }
}
const ours = await shippedEngine('.');
const againstDir = process.env.BENCH_AGAINST;
const against: Engine | undefined = againstDir ? await shippedEngine(againstDir) : undefined;
// That checkout's own definitions, read by its own loader: a change of the definitions (a new rule kind used in them)
// is timed as a whole, before against after. A form it does not have is timed on ours.
const againstDefinitions: Map<string, { bundle: DefinitionBundle }> | undefined = againstDir
  ? (
      (await import(
        pathToFileURL(resolve(againstDir, 'src/server/definitions/index.ts')).href
      )) as typeof import('../src/server/definitions/index')
    ).loadAllDefinitions(resolve(againstDir, 'definitions')).definitions
  : undefined;

/**
 * Replay the form's orders until `minEdits` edits were timed; each sample is one set() or blur() including the full
 * re-derivation. With `recomputeAll`, each edit derives from nothing (what the engine's memo saves).
 */
function measure(
  definition: CompiledDefinition,
  formOrders: GoldenOrder[],
  minEdits: number,
  recomputeAll = false,
  engine: Engine = ours,
): Timed[] {
  const samples: Timed[] = [];
  while (samples.length < minEdits) {
    for (const order of formOrders) {
      const start = order.start;
      const session = engine.createSession(definition, { context: order.context ?? {}, start, recomputeAll });
      for (const step of order.steps ?? []) {
        if ('set' in step) {
          for (const [path, value] of Object.entries(step.set)) {
            const begin = performance.now();
            session.set(path, value);
            samples.push({ path, ms: performance.now() - begin });
          }
        } else {
          const begin = performance.now();
          session.blur(step.blur);
          samples.push({ path: `blur ${step.blur}`, ms: performance.now() - begin });
        }
      }
    }
  }
  return samples;
}

/** Per scenario, this checkout's samples and the other's, timed in 20 batches in alternating order. */
function measureAgainst(
  other: Engine,
  bundles: [DefinitionBundle, DefinitionBundle],
  formOrders: GoldenOrder[],
  scenario: ReturnType<typeof buildRealisticScenario>,
): { scenario: string; ours: Timed[]; theirs: Timed[] }[] {
  const engines = [ours, other];
  const definitions = engines.map((engine, e) => engine.compileDefinition(bundles[e]));
  const replay: Timed[][] = [[], []];
  const realistic: Timed[][] = [[], []];
  const batches = 20;
  for (let batch = -2; batch < batches; batch++) {
    for (const e of batch % 2 === 0 ? [0, 1] : [1, 0]) {
      const isWarmUp = batch < 0;
      const edits = isWarmUp ? 500 : Math.ceil(MIN_EDITS / batches);
      const timed = [
        formOrders.length > 0 ? measure(definitions[e], formOrders, edits, false, engines[e]) : [],
        measureRealistic(
          definitions[e],
          scenario,
          Math.ceil(edits / 4),
          () => performance.now(),
          engines[e].createSession,
        ),
      ];
      if (isWarmUp) continue;
      replay[e].push(...timed[0]);
      realistic[e].push(...timed[1]);
    }
  }
  return [
    { scenario: 'replay', ours: replay[0], theirs: replay[1] },
    { scenario: 'realistic', ours: realistic[0], theirs: realistic[1] },
  ].filter((row) => row.ours.length > 0);
}

/** Count, median, p95, mean of the samples' times, as table cells. */
function summarise(samples: Timed[]): string[] {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const mean = sorted.reduce((sum, x) => sum + x, 0) / sorted.length;
  return [
    String(sorted.length),
    percentile(sorted, 0.5).toFixed(4),
    percentile(sorted, 0.95).toFixed(4),
    mean.toFixed(4),
  ];
}

/** The path whose edits have the highest median, e.g. `doorOption.1 0.41`. */
function slowestPath(samples: Timed[]): string {
  const byPath = new Map<string, number[]>();
  for (const sample of samples) {
    const times = byPath.get(sample.path);
    if (times) times.push(sample.ms);
    else byPath.set(sample.path, [sample.ms]);
  }
  let worst = ['', -1] as [string, number];
  for (const [path, values] of byPath) {
    const median = percentile(
      [...values].sort((a, b) => a - b),
      0.5,
    );
    if (median > worst[1]) worst = [path, median];
  }
  return worst[1] < 0 ? '' : `${worst[0]} ${worst[1].toFixed(3)}`;
}

// With BENCH_AGAINST: how many times slower the other checkout's p95 is, per scenario (a ratio reads the same on a
// slow or a fast phase of a shared machine, where the milliseconds do not).
const ratios: string[] = [];
const rows: string[][] = [
  ['form', 'rules', 'evaluator', 'scenario', 'edits', 'median ms', 'p95 ms', 'mean ms', 'slowest edit (median ms)'],
];
for (const [form, { bundle }] of definitions) {
  if (onlyForms && !onlyForms.has(form)) continue;
  const formOrders = orders.filter((o) => o.form === form && (o.steps?.length ?? 0) > 0);
  if (formOrders.length === 0) {
    rows.push([form, '-', '-', 'replay', '0', 'no golden orders with steps', '', '', '']);
  } else {
    for (const mode of ['compiled', 'interpreted'] as EvaluatorMode[]) {
      const definition = ours.compileDefinition(bundle, { evaluator: mode });
      measure(definition, formOrders, 2_000); // warm-up: let the JIT settle before timing
      const samples = measure(definition, formOrders, MIN_EDITS);
      rows.push([form, String(definition.ruleIds.length), mode, 'replay', ...summarise(samples), slowestPath(samples)]);
    }
    if (process.env.BENCH_RECOMPUTE === '1') {
      const definition = ours.compileDefinition(bundle);
      measure(definition, formOrders, 500, true);
      const samples = measure(definition, formOrders, Math.min(MIN_EDITS, 5_000), true);
      rows.push([
        form,
        String(definition.ruleIds.length),
        'compiled',
        'replay, recompute all',
        ...summarise(samples),
        '',
      ]);
    }
  }
  // Realistic: single edits on the final states of the 3 largest complete orders (compiled evaluator, as shipped); the
  // states are found with the engine the scripts import, the edits timed with the shipped one.
  const scenario = buildRealisticScenario(
    compileDefinition(bundle),
    orders.filter((o) => o.form === form),
    3,
    extraStates.filter((o) => o.form === form),
  );
  const definition = ours.compileDefinition(bundle);
  if (scenario.bases.length === 0) {
    rows.push([
      form,
      String(definition.ruleIds.length),
      'compiled',
      'realistic',
      '0',
      'no complete golden order',
      '',
      '',
      '',
    ]);
    continue;
  }
  if (against) {
    const theirs = againstDefinitions?.get(form)?.bundle ?? bundle;
    for (const row of measureAgainst(against, [bundle, theirs], formOrders, scenario)) {
      const name = `${row.scenario} (interleaved)`;
      const other = basename(resolve(againstDir!));
      const [ourCells, theirCells] = [summarise(row.ours), summarise(row.theirs)];
      rows.push([form, '', 'this checkout', name, ...ourCells, slowestPath(row.ours)]);
      rows.push([form, '', other, name, ...theirCells, slowestPath(row.theirs)]);
      // summarise's cells: count, median, p95, mean.
      ratios.push(
        `${form} ${row.scenario}: p95 ${other} / this checkout ${(Number(theirCells[2]) / Number(ourCells[2])).toFixed(2)}x`,
      );
    }
  }
  const now = () => performance.now();
  measureRealistic(definition, scenario, Math.min(1_000, REALISTIC_EDITS), now, ours.createSession); // warm-up
  const samples = measureRealistic(definition, scenario, REALISTIC_EDITS, now, ours.createSession);
  for (const kind of ['typing', 'choice'] as const) {
    const ofKind = samples.filter((s) => s.kind === kind);
    if (ofKind.length === 0) continue;
    rows.push([
      form,
      String(definition.ruleIds.length),
      'compiled',
      `realistic ${kind}`,
      ...summarise(ofKind),
      slowestPath(ofKind),
    ]);
  }
}
// A synthetic definition of the sunroom's size (320 rules, per-wall arrays), until the sunroom's own exists.
function makeSyntheticBundle(): DefinitionBundle {
  const properties: Record<string, unknown> = {
    walls: { type: 'array', items: { type: 'integer' } },
    doors: { type: 'array', items: { type: 'string', enum: ['Yes', 'No'] } },
  };
  const rules: Rule[] = [];
  for (let i = 0; i < 60; i++) {
    properties[`f${i}`] = { type: 'string', enum: ['A', 'B', 'C'] };
    properties[`n${i}`] = { type: 'integer' };
    rules.push({ kind: 'hide', path: `n${i}`, when: { '==': [{ var: `f${i}` }, 'C'] } });
    rules.push({ kind: 'required', paths: [`f${i}`, `n${i}`], when: { '!=': [{ var: `f${(i + 1) % 60}` }, 'B'] } });
    rules.push({
      kind: 'validate',
      path: `n${i}`,
      test: { '<=': [0, { var: '$value' }, 100] },
      message: 'Out of range',
    });
    rules.push({ kind: 'onChange', of: `f${i}`, when: { '==': [{ var: '$value' }, 'A'] }, reset: [`n${i}`] });
    rules.push({
      kind: 'clamp',
      path: `n${i}`,
      min: 0,
      max: { if: [{ '==': [{ var: `f${i}` }, 'B'] }, 50, 100] },
      step: 1,
    });
  }
  rules.push(
    { kind: 'onChange', of: 'f0', set: { walls: { fill: [8, null] }, doors: { fill: [8, null] } } },
    { kind: 'required', forEach: 'walls', path: 'walls.{i}', label: 'Wall Length Feet {n}' },
    { kind: 'required', forEach: 'walls', path: 'doors.{i}', when: { '>=': [{ item: 'walls' }, 4] } },
    { kind: 'force', forEach: 'walls', when: { '<': [{ item: 'walls' }, 4] }, set: { 'doors.{i}': 'No' } },
    {
      kind: 'options',
      path: 'doors.{i}',
      where: { or: [{ '==': [{ var: '$option' }, 'No'] }, { '>=': [{ item: 'walls' }, 4] }] },
    },
  );
  for (let i = 0; i < 15; i++)
    rules.push({
      kind: 'compute',
      name: `total${i}`,
      value: { '+': Array.from({ length: 8 }, (_, k) => ({ num: { var: `n${(i * 4 + k) % 60}` } })) },
    });
  return { form: 'synthetic', schema: { type: 'object', properties }, ui: {}, rules: { form: 'synthetic', rules } };
}

function makeSyntheticOrders(): GoldenOrder[] {
  const steps: NonNullable<GoldenOrder['steps']> = [{ set: { f0: 'B' } }];
  for (let i = 0; i < 8; i++)
    steps.push({ set: { [`walls.${i}`]: String(2 + i) } }, { set: { [`doors.${i}`]: 'Yes' } });
  for (let i = 0; i < 60; i++)
    steps.push(
      { set: { [`f${i}`]: ['A', 'B', 'C'][i % 3] } },
      { set: { [`n${i}`]: String(i * 3) } },
      { blur: `n${i}` },
    );
  return [{ form: 'synthetic', title: 'synthetic', steps }];
}

if (!onlyForms || onlyForms.has('synthetic')) {
  const bundle = makeSyntheticBundle();
  for (const mode of ['compiled', 'interpreted'] as EvaluatorMode[]) {
    const definition = ours.compileDefinition(bundle, { evaluator: mode });
    measure(definition, makeSyntheticOrders(), 2_000);
    const samples = measure(definition, makeSyntheticOrders(), MIN_EDITS);
    rows.push([
      'synthetic (sunroom-sized)',
      String(definition.ruleIds.length),
      mode,
      'replay',
      ...summarise(samples),
      '',
    ]);
  }
}

const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => (row[col] ?? '').length)));
for (const row of rows)
  process.stdout.write(
    `${row
      .map((cell, col) => (cell ?? '').padEnd(widths[col]))
      .join('  ')
      .trimEnd()}\n`,
  );
for (const line of ratios) process.stdout.write(`(${line})\n`);
const loadAfter = loadavg();
process.stdout.write(
  `(node ${process.version}; one edit = set() or blur() plus the full re-derivation; goal 0.2 ms for the sunroom)\n`,
);
process.stdout.write(
  "(replay: golden-order steps from their start, most of them a session's first edit; replay, recompute all (BENCH_RECOMPUTE=1): the same with every edit derived from nothing; realistic: one set() on the final state of the 3 largest complete orders, typing = a character deleted or typed back, choice = a choice switched away or back)\n",
);
process.stdout.write(
  `(machine: ${cpus().length} cores, load average ${loadBefore.map((x) => x.toFixed(2)).join(' ')} before, ${loadAfter.map((x) => x.toFixed(2)).join(' ')} after)\n`,
);
