/**
 * Issue 12, impact analysis of a draft: started through the API as a job, its progress and report read back; a stored
 * pergola order that a draft's new rule would refuse is listed as becoming incomplete, with the rule's message.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';

const rulesPath = 'definitions/pergola/rules.json';
type Json = Record<string, unknown>;

describe.each(apiDialects())('impact analysis of a definitions draft ($dialect)', ({ dialect, skipReason }) => {
  if (skipReason) {
    it.skip(`PostgreSQL run skipped: ${skipReason}`, () => {});
    return;
  }
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
  });
  afterAll(async () => server?.close());

  const call = async (username: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    server.app.inject({
      method,
      url,
      payload: payload as Json,
      headers: { authorization: `Bearer ${await server.tokenFor(username)}` },
    });

  it('lists the stored orders a draft would change, as a job with progress', async () => {
    const name = (await readdir(path.resolve('tests/golden/pergola'))).find((file) => file.startsWith('001-'))!;
    const start = (JSON.parse(await readFile(path.resolve('tests/golden/pergola', name), 'utf8')) as { start: Json })
      .start;
    const zed = { ...start, personalInfo: { ...(start.personalInfo as Json), lastName: 'Zed' } };
    const stored = await call('summit', 'POST', '/api/OrderingPergolas/SubmitData?isOrdered=true', {
      PergolasData: zed,
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const fileName = (stored.json() as { fileName: string }).fileName;

    const draft = (await call('temo.product', 'POST', '/api/definition-drafts', { note: 'Zed' })).json() as {
      draft: { id: number };
    };
    const id = draft.draft.id;
    const file = (
      await call('temo.product', 'GET', `/api/definition-drafts/${id}/file?path=${encodeURIComponent(rulesPath)}`)
    ).json() as { hash: string; content: string };
    const rules = JSON.parse(file.content) as { rules: Json[] };
    rules.rules.push({
      kind: 'validate',
      id: 'validate:lastNameZed',
      description: 'Test: customers named Zed are on hold.',
      path: 'personalInfo.lastName',
      test: { '!=': [{ var: '$value' }, 'Zed'] },
      message: 'Orders for Zed are on hold',
    });
    const put = await call('temo.product', 'PUT', `/api/definition-drafts/${id}/file`, {
      path: rulesPath,
      content: `${JSON.stringify(rules, null, 2)}\n`,
      baseHash: file.hash,
    });
    expect(put.statusCode).toBe(200);

    expect((await call('summit', 'POST', `/api/definition-drafts/${id}/impact`, { days: 1 })).statusCode).toBe(403);
    expect((await call('temo.product', 'POST', '/api/definition-drafts/99999/impact', {})).statusCode).toBe(404);
    const started = await call('temo.product', 'POST', `/api/definition-drafts/${id}/impact`, { days: 1 });
    expect(started.statusCode, started.body).toBe(202);
    const runId = (started.json() as { run: { id: number; status: string } }).run.id;

    let run: { status: string; done: number; total: number; report: Json | null } | undefined;
    for (let i = 0; i < 120; i += 1) {
      run = ((await call('temo.product', 'GET', `/api/definition-impact/${runId}`)).json() as { run: typeof run }).run;
      if (run!.status === 'done' || run!.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(run).toMatchObject({ status: 'done' });
    expect(run!.done).toBe(run!.total);
    const report = run!.report as {
      orders: number;
      forms: { form: string; becameIncomplete: number; changed: { fileName: string; incomplete?: Json }[] }[];
    };
    expect(report.orders).toBeGreaterThan(0);
    const pergola = report.forms.find((f) => f.form === 'pergola')!;
    expect(pergola.becameIncomplete).toBeGreaterThanOrEqual(1);
    expect(pergola.changed.find((o) => o.fileName === fileName)?.incomplete).toMatchObject({
      errors: { 'personalInfo.lastName': 'Orders for Zed are on hold' },
    });
    expect((await call('summit', 'GET', `/api/definition-impact/${runId}`)).statusCode).toBe(403);
  });
});
