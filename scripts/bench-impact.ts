/**
 * npm run bench:impact: impact analysis of a draft over N stored configurator orders (default 10,000), on a fresh
 * PGlite database in a temp folder. The orders are the final states of the configurator golden orders (sunroom,
 * screenroom, impact, pergola, pavilion: start plus steps replayed through the engine), varied (customer name, a
 * special instruction) and stored as orders of the last days; the draft raises every pergola fixed-attached price 5%
 * and renames a sunroom-family field title. Prints the time of the analysis, its peak RSS/heap and the report's
 * counts. BENCH_IMPACT_ORDERS=<n> changes the count.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createSession } from '../src/engine/index';
import { readDefinitionFolder } from '../src/server/definitions/index';
import { openDatabase } from '../src/server/db/database';
import { dealers, orders, users } from '../src/server/db/schema';
import { DefinitionVersions, goldenDirFor } from '../src/server/services/definition-versions/index';
import { sha256 } from '../src/server/services/definition-versions/tree';

const count = Number(process.env.BENCH_IMPACT_ORDERS ?? 10_000);
const forms = ['sunroom', 'screenroom', 'impact', 'pergola', 'pavilion'];
const definitionsDir = path.resolve('definitions');

interface Golden {
  form?: string;
  start?: Record<string, unknown>;
  steps?: ({ set: Record<string, unknown> } | { blur: string })[];
}

/** Final data of every golden order of the configurator forms, replayed through the engine. */
async function finalStates(): Promise<{ form: string; data: Record<string, unknown> }[]> {
  const states: { form: string; data: Record<string, unknown> }[] = [];
  for (const form of forms) {
    const { compiled } = readDefinitionFolder(path.join(definitionsDir, form), form);
    if (!compiled) continue;
    const folder = path.resolve('tests/golden', form);
    for (const name of (await readdir(folder)).filter((n) => n.endsWith('.json')).sort()) {
      const golden = JSON.parse(await readFile(path.join(folder, name), 'utf8')) as Golden;
      const session = createSession(compiled, { context: {}, start: golden.start ?? {} });
      for (const step of golden.steps ?? []) {
        if ('set' in step) for (const [p, v] of Object.entries(step.set)) session.set(p, v);
        else session.blur(step.blur);
      }
      states.push({ form, data: session.state.data });
    }
  }
  return states;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-impact-'));
  const handle = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  try {
    await handle.migrate();
    const { db } = handle;
    await db.insert(dealers).values({ id: 1, name: 'Bench Dealer', productLine: 'SUNROOMS' });
    await db.insert(users).values({ id: 1, dealerId: 1, username: 'bench', displayName: 'Bench', externalId: 'bench' });
    const versions = new DefinitionVersions(
      { definitionsDir, goldenDir: goldenDirFor(definitionsDir) },
      undefined,
      false,
    );
    await versions.start(db);

    const states = await finalStates();
    const seedStarted = performance.now();
    for (let offset = 0; offset < count; offset += 500) {
      const rows = [];
      for (let i = offset; i < Math.min(count, offset + 500); i += 1) {
        const { form, data } = states[i % states.length];
        const varied = structuredClone(data);
        const info = varied.personalInfo as Record<string, unknown> | undefined;
        if (info) info.lastName = `Customer ${i}`;
        rows.push({
          dealerId: 1,
          userId: 1,
          formId: form,
          fileName: `BENCH-${form}-${i}`,
          status: 'unprocessed' as const,
          isOrdered: true,
          data: varied,
          createdAt: new Date(Date.now() - (i % 20) * 3_600_000),
          updatedAt: new Date(Date.now() - (i % 20) * 3_600_000),
        });
      }
      await db.insert(orders).values(rows);
    }
    const seedMs = performance.now() - seedStarted;

    const pricePath = 'definitions/prices/pergola/pergola-fixed-attached.json';
    const titlePath = 'definitions/shared/room/schema.json';
    const tree = await versions.versionTree((await versions.publishedPointer())!.versionId);
    const priceTable = JSON.parse(tree!.contents.get(tree!.manifest[pricePath])!) as { prices: Record<string, number> };
    for (const key of Object.keys(priceTable.prices))
      priceTable.prices[key] = Math.round(priceTable.prices[key] * 1.05);
    const priceText = `${JSON.stringify(priceTable, null, 2)}\n`;
    const titleText = tree!.contents
      .get(tree!.manifest[titlePath])!
      .replace('"title": "Window Wall Style"', '"title": "Window Wall Series"');
    const contents = new Map([
      [sha256(priceText), priceText],
      [sha256(titleText), titleText],
    ]);
    const opened = await versions.openDraft(
      'bench',
      'bench draft',
      { [pricePath]: sha256(priceText), [titlePath]: sha256(titleText) },
      contents,
    );
    if (opened.kind !== 'ok') throw new Error(`draft not opened: ${opened.kind}`);

    global.gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 50);
    const started = performance.now();
    let progressCalls = 0;
    const report = await versions.impactOfDraft(opened.draft.id, 30, () => {
      progressCalls += 1;
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    });
    const tookMs = performance.now() - started;
    clearInterval(sampler);
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    process.stdout.write(
      [
        `impact analysis over ${report!.orders} stored configurator orders (${states.length} golden final states, varied; seeded in ${(seedMs / 1000).toFixed(1)} s)`,
        `  time ${(tookMs / 1000).toFixed(2)} s (compiling the draft included; ${progressCalls} progress reports), ${(tookMs / report!.orders).toFixed(2)} ms per order`,
        `  memory: RSS ${mb(base.rss)} before, peak ${mb(peakRss)}; heap ${mb(base.heapUsed)} before, peak ${mb(peakHeap)}`,
        ...report!.forms.map(
          (f) =>
            `  ${f.form.padEnd(11)} ${String(f.orders).padStart(6)} orders: price ${f.changedPrice}, incomplete ${f.becameIncomplete}, body ${f.changedBody}`,
        ),
        `  machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      ].join('\n') + '\n',
    );
  } finally {
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
