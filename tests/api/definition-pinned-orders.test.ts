/**
 * Issue 12, orders pinned to the definitions version they were checked with: the order's text file and PDFs keep that
 * version's labels after a label change is published; a page that loaded an older version is re-checked under the
 * published one (same result: stored with the new version; another result: 409 with the new messages, nothing stored).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/server/db/schema';
import { apiDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';

const run = promisify(execFile);
const hasPdftotext = existsSync('/usr/bin/pdftotext');
/** The sunroom family's field titles (the order text labels its lines by them). */
const roomSchemaPath = 'definitions/shared/room/schema.json';
const rulesPath = 'definitions/pergola/rules.json';
type Json = Record<string, unknown>;

async function goldenStart(folder: string, number: string): Promise<Json> {
  const name = (await readdir(path.resolve('tests/golden', folder))).find((file) => file.startsWith(`${number}-`))!;
  return (JSON.parse(await readFile(path.resolve('tests/golden', folder, name), 'utf8')) as { start: Json }).start;
}

describe.each(apiDialects())('orders pinned to their definitions version ($dialect)', ({ dialect, skipReason }) => {
  if (skipReason) {
    it.skip(`PostgreSQL run skipped: ${skipReason}`, () => {});
    return;
  }
  let server: TestServer;
  let scratch: string;
  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
    scratch = await mkdtemp(path.join(os.tmpdir(), 'pinned-orders-'));
  });
  afterAll(async () => {
    await server?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  const call = async (
    username: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    server.app.inject({
      method,
      url,
      payload: payload as Json,
      headers: { authorization: `Bearer ${await server.tokenFor(username)}`, ...headers },
    });

  /** Opens a draft, changes one file with `change`, publishes it as temo.staff; answers the new version id. */
  async function publishChange(treePath: string, change: (text: string) => string): Promise<number> {
    const draft = (await call('temo.staff', 'POST', '/api/definition-drafts', { note: 'pinned test' })).json() as {
      draft: { id: number };
    };
    const file = (
      await call(
        'temo.staff',
        'GET',
        `/api/definition-drafts/${draft.draft.id}/file?path=${encodeURIComponent(treePath)}`,
      )
    ).json() as { hash: string; content: string };
    const put = await call('temo.staff', 'PUT', `/api/definition-drafts/${draft.draft.id}/file`, {
      path: treePath,
      content: change(file.content),
      baseHash: file.hash,
    });
    expect(put.statusCode, put.body).toBe(200);
    const published = await call('temo.staff', 'POST', `/api/definition-drafts/${draft.draft.id}/publish`, {});
    expect(published.statusCode, published.body).toBe(200);
    return (published.json() as { version: { id: number } }).version.id;
  }

  const loadedVersion = async (form = 'pergola', username = 'summit') =>
    Number((await call(username, 'GET', `/api/definitions/${form}`)).headers['x-definitions-version']);
  /** A complete sunroom order for lakeside (golden order 001 and one of the dealer's locations). */
  const sunroomBody = async () => {
    const locations = (await call('lakeside', 'GET', '/api/DealerUserIDName/locations')).json() as Json;
    return { ...(await goldenStart('sunroom', '001')), selectedLocation: Object.keys(locations)[0] };
  };
  const submitSunroom = (data: Json, version: number) =>
    call(
      'lakeside',
      'POST',
      '/api/OrderingSunrooms/SubmitSunroom?isOrdered=true&form=sunroom',
      { SunroomsData: data },
      { 'x-definitions-version': String(version) },
    );
  const submit = (data: Json, version?: number) =>
    call(
      'summit',
      'POST',
      '/api/OrderingPergolas/SubmitData?isOrdered=true&form=pergola',
      { PergolasData: data },
      version === undefined ? {} : { 'x-definitions-version': String(version) },
    );
  const stored = async (fileName: string) =>
    (await server.app.db.select().from(orders).where(eq(orders.fileName, fileName)))[0];
  const textOf = async (fileName: string, username = 'lakeside') =>
    (await call(username, 'GET', `/api/TxtThings/textfile/${fileName}`)).body;
  async function pdfTextOf(fileName: string): Promise<string> {
    await server.app.db
      .update(orders)
      .set({ folderName: `F-${fileName}` })
      .where(eq(orders.fileName, fileName));
    const response = await call(
      'lakeside',
      'GET',
      `/api/TxtThings/pdf/${fileName}/${fileName}-order-summary.pdf?folderName=${encodeURIComponent(`F-${fileName}`)}`,
    );
    expect(response.statusCode).toBe(200);
    const file = path.join(scratch, `${fileName}.pdf`);
    await writeFile(file, response.rawPayload);
    return (await run('/usr/bin/pdftotext', ['-layout', file, '-'])).stdout;
  }

  // A publish proves the draft on every golden order its forms have: seconds alone, far more on a loaded machine.
  const publishTimeoutMs = 120_000;
  let oldOrder: string;
  let before: number;
  let afterLabel: number;

  it('stores the version the order was checked with', async () => {
    before = await loadedVersion('sunroom', 'lakeside');
    const response = await submitSunroom(await sunroomBody(), before);
    expect(response.statusCode, response.body).toBe(201);
    oldOrder = (response.json() as { fileName: string }).fileName;
    expect((await stored(oldOrder)).definitionVersionId).toBe(before);
  });

  it(
    "an old order's text file and PDF keep its version's labels after a label change is published",
    async () => {
      afterLabel = await publishChange(roomSchemaPath, (text) =>
        text.replace('"title": "Window Wall Style"', '"title": "Window Wall Series"'),
      );
      expect(afterLabel).toBeGreaterThan(before);
      expect(await loadedVersion('sunroom', 'lakeside')).toBe(afterLabel);
      // The old order's files are made only now, after the publish: still labelled by the version it was checked with.
      const oldText = await textOf(oldOrder);
      expect(oldText).toContain('Window Wall Style');
      expect(oldText).not.toContain('Window Wall Series');
      // Made again from scratch (the stored files removed), the old order's text is the same.
      await server.app.storage
        .forDealer((await stored(oldOrder)).dealerId)
        .delete(`orders/${oldOrder}/${oldOrder}.txt`);
      expect(await textOf(oldOrder)).toBe(oldText);
      const fresh = await submitSunroom(await sunroomBody(), afterLabel);
      expect(fresh.statusCode).toBe(201);
      const newOrder = (fresh.json() as { fileName: string }).fileName;
      expect((await stored(newOrder)).definitionVersionId).toBe(afterLabel);
      expect(await textOf(newOrder)).toContain('Window Wall Series');
      if (hasPdftotext) {
        const oldPdf = await pdfTextOf(oldOrder);
        expect(oldPdf).toContain('Window Wall Style');
        expect(oldPdf).not.toContain('Window Wall Series');
        expect(await pdfTextOf(newOrder)).toContain('Window Wall Series');
      }
    },
    publishTimeoutMs,
  );

  it('a page that loaded an older version gets the same result under the new one: stored with the new version', async () => {
    const response = await submitSunroom(await sunroomBody(), before);
    expect(response.statusCode, response.body).toBe(201);
    expect((await stored((response.json() as { fileName: string }).fileName)).definitionVersionId).toBe(afterLabel);
  });

  it(
    'another result under the new version: 409 with its messages, nothing stored',
    async () => {
      const data = await goldenStart('pergola', '001');
      const zed = { ...data, personalInfo: { ...(data.personalInfo as Json), lastName: 'Zed' } };
      const withRule = await publishChange(rulesPath, (text) => {
        const file = JSON.parse(text) as { rules: Json[] };
        file.rules.push({
          kind: 'validate',
          id: 'validate:lastNameZed',
          description: 'Test: customers named Zed are on hold.',
          path: 'personalInfo.lastName',
          test: { '!=': [{ var: '$value' }, 'Zed'] },
          message: 'Orders for Zed are on hold',
        });
        return `${JSON.stringify(file, null, 2)}\n`;
      });
      const count = async () => (await server.app.db.select({ id: orders.id }).from(orders)).length;
      const rowsBefore = await count();
      const response = await submit(zed, afterLabel);
      expect(response.statusCode, response.body).toBe(409);
      const body = response.json() as Json;
      expect(body).toMatchObject({
        statusCode: 409,
        error: 'Conflict',
        code: 'definitions-changed',
        definitions: { loaded: { versionId: afterLabel }, published: { versionId: withRule } },
        changed: ['messages'],
        missing: [],
        errors: { 'personalInfo.lastName': 'Orders for Zed are on hold' },
      });
      expect(String(body.message)).toMatch(/Reload the form/);
      expect(await count()).toBe(rowsBefore);
      // The page reloaded the new version: the ordinary 422 with the same message.
      const reloaded = await submit(zed, withRule);
      expect(reloaded.statusCode).toBe(422);
      // A header that is not a version id is refused; one this database does not know is not compared.
      expect((await submit(data, 'abc' as unknown as number)).statusCode).toBe(400);
      expect((await submit(data, 999_999)).statusCode).toBe(201);
    },
    publishTimeoutMs,
  );
});
