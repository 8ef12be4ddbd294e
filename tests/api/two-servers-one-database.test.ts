/**
 * Issue 18: what a submit must never do twice holds across servers because it is in PostgreSQL, not in a process:
 * the same Idempotency-Key sent to two servers at once stores one order (the unique index on user and key), and
 * concurrent submits spread over two servers all get their own file name (the unique index on file_name).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
