/**
 * Issue 43, point 3: definition work over its wall-clock limit (DEFINITION_CHECK_TIMEOUT_MS, here 50 ms: any real
 * check takes longer) is stopped and answered as a refusal naming the limit and what it was doing: the draft's
 * checks are not ok and it cannot be published; the next check runs on a new thread; an impact analysis fails saying
 * so. PGlite only: the limit lives in the worker pool, not in SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

const limitMs = 50;
const stoppedCheck =
  /^the checks of draft \d+ took longer than 50 ms and were stopped: (compiling the form|replaying|at the start)/;

type Json = Record<string, unknown>;
interface Checks {
  ok: boolean;
  stopped?: string;
  staticChecks: { errors: number; problems: { file: string; reason: string; check: string; severity: string }[] };
}

describe('definition work over its time limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ definitionWork: { workers: 1, timeoutMs: limitMs } }, { dialect: 'pglite' });
  });
  afterAll(async () => server?.close());

  const call = async (username: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
    const response = await server.app.inject({
      method,
      url,
      payload: payload as Json,
      headers: { authorization: `Bearer ${await server.tokenFor(username)}` },
    });
    return { status: response.statusCode, body: response.json() as Json };
  };

  it(
    'stops a draft check at the limit and refuses it; the draft cannot be published',
    { timeout: 120_000 },
    async () => {
      const opened = await call('temo.staff', 'POST', '/api/definition-drafts', { note: 'over the limit' });
      expect(opened.status).toBe(201);
      const checks = opened.body.checks as Checks;
      expect(checks.ok).toBe(false);
      expect(checks.staticChecks.errors).toBe(1);
      expect(checks.staticChecks.problems).toHaveLength(1);
      expect(checks.staticChecks.problems[0]).toMatchObject({ check: 'time-limit', severity: 'error' });
      expect(checks.staticChecks.problems[0].reason).toMatch(stoppedCheck);
      expect(checks).not.toHaveProperty('stopped'); // the contract's shape, nothing more
      const id = (opened.body.draft as { id: number }).id;

      // The stopped thread was ended: the save's check runs on a new one (and is stopped again).
      const file = await call(
        'temo.staff',
        'GET',
        `/api/definition-drafts/${id}/file?path=definitions/pergola/rules.json`,
      );
      const saved = await call('temo.staff', 'PUT', `/api/definition-drafts/${id}/file`, {
        path: 'definitions/pergola/rules.json',
        content: `${file.body.content as string}\n`,
        baseHash: file.body.hash,
      });
      expect(saved.status).toBe(200);
      expect((saved.body.checks as Checks).staticChecks.problems[0].reason).toMatch(stoppedCheck);

      const published = await call('temo.staff', 'POST', `/api/definition-drafts/${id}/publish`, { note: 'try' });
      expect(published.status).toBe(422);
      expect(published.body.message).toMatch(/^Not published: the checks of draft \d+ took longer than 50 ms/);
      const versions = await call('temo.staff', 'GET', '/api/definition-versions');
      expect((versions.body.versions as { fromDraftId: number | null }[]).some((v) => v.fromDraftId === id)).toBe(
        false,
      );
    },
  );

  it('fails an impact analysis whose page of orders runs over the limit, saying so', { timeout: 120_000 }, async () => {
    const opened = await call('temo.staff', 'POST', '/api/definition-drafts', { note: 'impact' });
    const id = (opened.body.draft as { id: number }).id;
    const started = await call('temo.staff', 'POST', `/api/definition-drafts/${id}/impact`, { days: 3650 });
    expect(started.status).toBe(202);
    const runId = (started.body.run as { id: number }).id;
    let run: { status: string; error: string | null } | undefined;
    for (let i = 0; i < 240 && run?.status !== 'done' && run?.status !== 'failed'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      run = (await call('temo.staff', 'GET', `/api/definition-impact/${runId}`)).body.run as typeof run;
    }
    expect(run?.status).toBe('failed');
    expect(run?.error).toMatch(
      new RegExp(`^the impact analysis of draft ${id} took longer than 50 ms on one page of orders and was stopped: `),
    );
  });
});
