/**
 * Issue 18: what a submit must never do twice holds across servers because it is in PostgreSQL, not in a process:
 * the same Idempotency-Key sent to two servers at once stores one order (the unique index on user and key), and
 * concurrent submits spread over two servers all get their own file name (the unique index on file_name). A price
 * published on A is what B holds in memory within 5 s (LISTEN/NOTIFY; the version check alone when it has no LISTEN).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServedDefinition } from '../../src/server/services/definition-registry';
import { startPublishedWatcher } from '../../src/server/services/definition-versions/published-watcher';
import { pergolaOrder, pergolaSubmitPath, query } from '../support/scale-out';
import { postgresSkipReason, startTestServer, type TestServer } from '../support/test-server';

describe.skipIf(postgresSkipReason())('two servers on one PostgreSQL database', () => {
  let a: TestServer;
  let b: TestServer;
  let dataDir: string;
  let body: string;
  let headers: Record<string, string>;
  beforeAll(async () => {
    // One DATA_DIR: the local sign-in's key (a token from A is good on B) and the files, as a shared volume would be.
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-two-servers-'));
    a = await startTestServer({ dataDir }, { dialect: 'postgres' });
    b = await startTestServer({ dataDir }, { sharedDatabaseUrl: a.config.databaseUrl });
    body = JSON.stringify({ PergolasData: await pergolaOrder() });
    headers = { authorization: `Bearer ${await a.tokenFor('summit')}`, 'content-type': 'application/json' };
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const submit = (server: TestServer, extra: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}${pergolaSubmitPath}`, { method: 'POST', headers: { ...headers, ...extra }, body }).then(
      async (response) => ({
        status: response.status,
        replayed: response.headers.get('idempotent-replayed'),
        fileName: ((await response.json()) as { fileName?: string }).fileName,
      }),
    );

  it('stores one order for one Idempotency-Key sent to both servers at once, and replays it to the other', async () => {
    for (let round = 0; round < 5; round += 1) {
      const key = randomUUID();
      const answers = await Promise.all([
        submit(a, { 'idempotency-key': key }),
        submit(b, { 'idempotency-key': key }),
        submit(a, { 'idempotency-key': key }),
        submit(b, { 'idempotency-key': key }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
      expect(new Set(answers.map((answer) => answer.fileName)).size).toBe(1);
      expect(answers.filter((answer) => answer.replayed === 'true')).toHaveLength(3);
      const stored = await query(a.config.databaseUrl!, 'select id from orders where file_name = $1', [
        answers[0].fileName,
      ]);
      expect(stored).toHaveLength(1);
    }
  });

  it('gives every one of 60 concurrent submits over both servers its own stored file name', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => submit(i % 2 ? b : a)));
    expect(answers.filter((answer) => answer.status !== 201)).toEqual([]);
    const fileNames = answers.map((answer) => answer.fileName!);
    expect(new Set(fileNames).size).toBe(fileNames.length);
    const stored = await query<{ file_name: string }>(
      a.config.databaseUrl!,
      'select file_name from orders where file_name = any($1)',
      [fileNames],
    );
    expect(stored.map((row) => row.file_name).sort()).toEqual([...fileNames].sort());
  });

  const pricePath = 'definitions/prices/pergola/pergola-fixed-attached.json';
  const goldenPath =
    'tests/golden/pergola/043-price-pergola-fixed-attached-10-6-x-13-rounds-up-to-12-x-14-even-sizes.json';
  const priceIn = (served: ServedDefinition | undefined) =>
    (served?.bundle.data?.['pergola-fixed-attached'] as { prices: Record<string, number> } | undefined)?.prices[
      '12x14'
    ];

  /** Publishes the 12x14 fixed-attached pergola price (and the golden order that checks it) through A's API. */
  async function publishPrice(price: number): Promise<void> {
    const staff = { authorization: `Bearer ${await a.tokenFor('temo.staff')}`, 'content-type': 'application/json' };
    const call = async (method: string, url: string, payload?: unknown) => {
      const response = await fetch(`${a.baseUrl}${url}`, {
        method,
        headers: staff,
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const text = await response.text();
      expect(response.status, text).toBeLessThan(300);
      return JSON.parse(text) as Record<string, unknown>;
    };
    const { draft } = (await call('POST', '/api/definition-drafts', { note: 'scale-out price' })) as {
      draft: { id: number };
    };
    const change = async (treePath: string, edit: (json: Record<string, unknown>) => void) => {
      const file = (await call(
        'GET',
        `/api/definition-drafts/${draft.id}/file?path=${encodeURIComponent(treePath)}`,
      )) as { hash: string; content: string };
      const json = JSON.parse(file.content) as Record<string, unknown>;
      edit(json);
      await call('PUT', `/api/definition-drafts/${draft.id}/file`, {
        path: treePath,
        content: `${JSON.stringify(json, null, 2)}\n`,
        baseHash: file.hash,
      });
    };
    await change(pricePath, (json) => ((json.prices as Record<string, number>)['12x14'] = price));
    await change(goldenPath, (json) => ((json.expect as Record<string, number>).price = price));
    await call('POST', `/api/definition-drafts/${draft.id}/publish`, {});
  }

  async function secondsUntil(isTrue: () => boolean, limitMs = 5000): Promise<number> {
    const started = Date.now();
    while (!isTrue() && Date.now() - started < limitMs) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(isTrue(), `not within ${limitMs} ms`).toBe(true);
    return (Date.now() - started) / 1000;
  }

  it("holds a price published on A in B's memory within 5 s, no request to B needed (LISTEN/NOTIFY)", async () => {
    const before = priceIn(b.app.definitions.get('pergola'));
    expect(before).toBeTypeOf('number');
    await publishPrice(before! + 111);
    const seconds = await secondsUntil(() => priceIn(b.app.definitions.get('pergola')) === before! + 111);
    process.stdout.write(`[two-servers] B held the price published on A after ${seconds} s\n`);
    expect(b.app.definitionVersions.published().versionId).toBe(a.app.definitionVersions.published().versionId);
  });

  it('picks a publish up by the version check alone, without LISTEN (PGlite, or a missed notification)', async () => {
    // A watcher with no database URL only polls: what a PGlite server runs, here over B's versions.
    const followed: number[] = [];
    const watcher = startPublishedWatcher({
      pollMs: 300,
      reconnectMs: 1000,
      follow: async () => {
        const state = await b.app.definitionVersions.followPublished();
        followed.push(state.versionId);
        return state;
      },
      log: { info: () => {}, warn: () => {} },
    });
    try {
      const before = priceIn(b.app.definitions.get('pergola'))!;
      await publishPrice(before + 1);
      const published = a.app.definitionVersions.published().versionId;
      await secondsUntil(() => followed.includes(published));
    } finally {
      await watcher.stop();
    }
  });
});
