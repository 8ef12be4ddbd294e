/**
 * Issue 12: a staff price change published through the CLI shows on the pergola page without a restart. The server
 * holds the embedded database, so the CLI goes through its API (`--server` with a staff token): export the published
 * version, raise the 12x14 fixed-attached price (and the golden order that checks it), import as a draft, publish;
 * the page the dealer opens next shows the new price.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBackend, runDefinitionsCommand, type CliIo } from '../../scripts/definitions';
import { describeExpectedPrice, readShownPrice } from './configurator-replay';
import { openConfigurator } from './sunroom-page';
import { readGolden } from './support/golden-orders';
import { configuratorRoutes } from './support/golden-replay';
import { useSignedInPage } from './support/harness';

const pricePath = 'definitions/prices/pergola/pergola-fixed-attached.json';
const goldenName = '043-price-pergola-fixed-attached-10-6-x-13-rounds-up-to-12-x-14-even-sizes.json';
const goldenPath = `tests/golden/pergola/${goldenName}`;

describe('a staff price change published through the CLI', () => {
  const e2e = useSignedInPage('summit');
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cli-price-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = { out: (text) => out.push(text), err: (text) => err.push(text) };
    const backend = apiBackend(e2e.baseUrl, await e2e.server.tokenFor('temo.staff'));
    const code = await runDefinitionsCommand(backend, args, io);
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('shows on the pergola page without a restart', async () => {
    const golden = readGolden('pergola', goldenName);
    const { page } = e2e;
    await e2e.seedDraft(page, 'summit', 'pergola', golden.start ?? {});
    await openConfigurator(page, e2e.baseUrl, configuratorRoutes.pergola);
    await expect.poll(() => readShownPrice(page)).toBe(describeExpectedPrice(8830));

    expect((await cli(['export', '1', dir])).code).toBe(0);
    const priceFile = path.join(dir, ...pricePath.split('/'));
    const table = JSON.parse(await readFile(priceFile, 'utf8')) as { prices: Record<string, number> };
    table.prices['12x14'] = 8900;
    await writeFile(priceFile, `${JSON.stringify(table, null, 2)}\n`);
    const goldenFile = path.join(dir, ...goldenPath.split('/'));
    const order = JSON.parse(await readFile(goldenFile, 'utf8')) as { expect: { price: number } };
    order.expect.price = 8900;
    await writeFile(goldenFile, `${JSON.stringify(order, null, 2)}\n`);
    const imported = await cli(['import', dir, '--note', 'pergola 12x14 up']);
    expect(imported.code, imported.err).toBe(0);
    const draft = /^draft (\d+)/.exec(imported.out)![1];
    const published = await cli(['publish', draft]);
    expect(published.code, published.err).toBe(0);

    await page.reload();
    await page.locator('form').waitFor();
    await expect.poll(() => readShownPrice(page), { timeout: 15_000 }).toBe(describeExpectedPrice(8900));
  }, 120_000);
});
