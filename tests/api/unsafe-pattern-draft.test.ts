/**
 * Issue 43 point 2: a draft whose rule holds a regular expression that backtracks catastrophically
 * (`{"!": {"matches": ["aaaa…!", "^(a+)+$"]}}` held every request for 38–73 s) is answered at once with its checks
 * refusing it — naming the file, the rule and the pattern — and cannot be published. PGlite only: what is tested
 * happens before any SQL that differs (the draft's checks and the publish refusal).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checks, Draft } from '../../src/contracts/definition-versions';
import { routeTestDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';

const rulesPath = 'definitions/pergola/rules.json';
const hostile = { '!': { matches: ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!', '^(a+)+$'] } };

describe.each(routeTestDialects())('a draft with a backtracking pattern ($dialect)', ({ dialect }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
  });
  afterAll(async () => server?.close());

  const call = async (username: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    server.app.inject({
      method,
      url,
      payload: payload as Record<string, unknown>,
      headers: { authorization: `Bearer ${await server.tokenFor(username)}` },
    });

  it('is refused by its checks at once, naming the file, the rule and the pattern, and cannot be published', async () => {
    const opened = await call('temo.product', 'POST', '/api/definition-drafts', { note: 'backtracking rule' });
    expect(opened.statusCode).toBe(201);
    const draftId = (opened.json() as { draft: Draft }).draft.id;
    const file = (
      await call('temo.product', 'GET', `/api/definition-drafts/${draftId}/file?path=${encodeURIComponent(rulesPath)}`)
    ).json() as { hash: string; content: string };
    const rules = JSON.parse(file.content) as { rules: Record<string, unknown>[] };
    const position = rules.rules.length;
    // checkEmpty: the test runs on every pass of every golden order, as the draft did.
    rules.rules.push({
      kind: 'validate',
      id: 'no-backtracking',
      path: 'lengthFeet',
      checkEmpty: true,
      test: hostile,
      message: 'never shown',
    });

    const started = performance.now();
    const saved = await call('temo.product', 'PUT', `/api/definition-drafts/${draftId}/file`, {
      path: rulesPath,
      content: `${JSON.stringify(rules, null, 2)}\n`,
      baseHash: file.hash,
    });
    console.log(`the hostile draft's checks answered in ${Math.round(performance.now() - started)} ms`);
    expect(saved.statusCode, saved.body).toBe(200);
    const { checks } = saved.json() as { checks: Checks };
    expect(checks.ok).toBe(false);
    expect(checks.staticChecks.problems).toContainEqual(
      expect.objectContaining({
        file: rulesPath,
        path: `/rules/${position}/test/!/matches/1`,
        severity: 'error',
        reason: expect.stringMatching(/^rule "no-backtracking": the pattern "\^\(a\+\)\+\$" is refused: .*exponential/),
      }),
    );

    const published = await call('temo.staff', 'POST', `/api/definition-drafts/${draftId}/publish`, { note: 'try' });
    expect(published.statusCode).toBe(422);
    expect((published.json() as { message: string }).message).toMatch(/rule "no-backtracking".*\^\(a\+\)\+\$/);
    expect((await call('summit', 'GET', '/api/definitions/pergola')).headers['x-definitions-version']).toBe('1');
  });
});
