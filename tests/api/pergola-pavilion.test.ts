import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredOrder } from '../../src/contracts/index';
import { compileDefinition, createSession, type DefinitionBundle } from '../../src/engine/index';
import { orders } from '../../src/server/db/schema';
import { startTestServer, type TestServer } from '../support/test-server';

/** The start data of a golden order (by folder and number), a complete order as the page would post it. */
async function goldenStart(folder: string, number: string): Promise<Record<string, unknown>> {
  const name = (await readdir(path.resolve('tests/golden', folder))).find((file) => file.startsWith(`${number}-`))!;
  return (
    JSON.parse(await readFile(path.resolve('tests/golden', folder, name), 'utf8')) as { start: Record<string, unknown> }
  ).start;
}

/** definitions/pergola, pavilion and the folders they include, copied to a temp DEFINITIONS_DIR a test may edit. */
async function copyDefinitions(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-prices-'));
  for (const folder of ['pergola', 'pavilion', 'shared', 'prices'])
    await cp(path.resolve('definitions', folder), path.join(dir, folder), { recursive: true });
  return dir;
}

describe('pergola and pavilion: submit, and staff price edits by JSON only', () => {
  let dir: string;
  let server: TestServer;
  beforeAll(async () => {
    dir = await copyDefinitions();
    server = await startTestServer({ definitionsDir: dir });
  });
  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const auth = async (username = 'summit') => ({ authorization: `Bearer ${await server.tokenFor(username)}` });
  const fetchBundle = async (form: string) => {
    const response = await server.app.inject({ url: `/api/definitions/${form}`, headers: await auth() });
    expect(response.statusCode).toBe(200);
    return response.json() as DefinitionBundle;
  };
  const priceOf = (bundle: DefinitionBundle, data: Record<string, unknown>) =>
    createSession(compileDefinition(bundle), { context: {}, start: data }).state.price;

  it('stores a complete pergola order posted as PergolasData (201, fileName, unprocessed)', async () => {
    const data = await goldenStart('pergola', '001');
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/OrderingPergolas/SubmitData?isOrdered=true',
      headers: await auth(),
      payload: { PergolasData: data },
    });
    expect(response.statusCode).toBe(201);
    const { fileName } = response.json() as StoredOrder;
    const [stored] = await server.app.db.select().from(orders).where(eq(orders.fileName, fileName));
    expect(stored).toMatchObject({ formId: 'pergola', status: 'unprocessed', isOrdered: true });
    expect(stored.data).toMatchObject({ operableOption: 'PERGOLA OPERABLE', lengthFeet: 12, widthFeet: 16 });
  });

  it('stores a pavilion preview posted as PavillionsData, and answers 422 with the missing list for an incomplete one', async () => {
    const data = await goldenStart('pavilion', '002');
    const preview = await server.app.inject({
      method: 'POST',
      url: '/api/OrderingPavilions/SubmitPavilion?isOrdered=false',
      headers: await auth(),
      payload: { PavillionsData: data },
    });
    expect(preview.statusCode).toBe(201);
    const [stored] = await server.app.db
      .select()
      .from(orders)
      .where(eq(orders.fileName, (preview.json() as StoredOrder).fileName));
    expect(stored).toMatchObject({ formId: 'pavilion', status: 'initial', isOrdered: false });

    const incomplete = await server.app.inject({
      method: 'POST',
      url: '/api/OrderingPavilions/SubmitPavilion?isOrdered=true',
      headers: await auth(),
      payload: { PavillionsData: { ...data, pavstyle: null } },
    });
    expect(incomplete.statusCode).toBe(422);
    expect((incomplete.json() as { missing: { path: string; label: string }[] }).missing).toContainEqual({
      path: 'pavstyle',
      label: 'Pavilion Style',
    });
  });

  it('serves an edited price table at once: the engine prices the order with the new number', async () => {
    const data = await goldenStart('pergola', '001');
    const before = await fetchBundle('pergola');
    const oldPrice = (before.data?.['pergola-operable-attached'] as { prices: Record<string, number> }).prices['12x16'];
    expect(priceOf(before, data)).toBe(oldPrice);

    const file = path.join(dir, 'prices', 'pergola', 'pergola-operable-attached.json');
    const table = JSON.parse(await readFile(file, 'utf8')) as { prices: Record<string, number> };
    table.prices['12x16'] = 123456;
    await writeFile(file, JSON.stringify(table, null, 2));

    const after = await fetchBundle('pergola');
    expect((after.data?.['pergola-operable-attached'] as { prices: Record<string, number> }).prices['12x16']).toBe(
      123456,
    );
    expect(priceOf(after, data)).toBe(123456);
  });

  it('keeps serving the last good table when an edit breaks it', async () => {
    const file = path.join(dir, 'prices', 'pavilion', 'pavilion-panel.json');
    const good = await readFile(file, 'utf8');
    const table = JSON.parse(good) as { prices: Record<string, unknown> };
    table.prices['12x16'] = 'ask Bob';
    await writeFile(file, JSON.stringify(table, null, 2));
    const served = await fetchBundle('pavilion');
    expect(typeof (served.data?.['pavilion-panel'] as { prices: Record<string, unknown> }).prices['12x16']).toBe(
      'number',
    );
    await writeFile(file, good);
  });
});
