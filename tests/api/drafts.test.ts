import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Refusal } from '../../src/contracts/index';
import { apiDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';

describe.each(apiDialects())('drafts ($dialect)', ({ dialect, skipReason }) => {
  if (skipReason) {
    it.skip(`PostgreSQL run skipped: ${skipReason}`, () => {});
    return;
  }
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
  });
  afterAll(async () => server?.close());

  const call = async (
    method: 'GET' | 'PUT' | 'DELETE',
    username: string | null,
    payload?: unknown,
    form = 'engineering',
  ) =>
    server.app.inject({
      method,
      url: `/api/drafts/${form}`,
      headers: username ? { authorization: `Bearer ${await server.tokenFor(username)}` } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('keeps what a dealer typed: save, read back, replace, delete', async () => {
    const none = await call('GET', 'lakeside');
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');

    const first = { userFileName: 'SMITH01', personalInfo: { zip: '16501' }, windSpeed: null };
    expect((await call('PUT', 'lakeside', { data: first })).statusCode).toBe(204);
    const read = await call('GET', 'lakeside');
    expect(read.statusCode).toBe(200);
    const body = read.json() as { data: unknown; updatedAt: string };
    expect(body.data).toEqual(first);
    expect(Number.isNaN(Date.parse(body.updatedAt))).toBe(false);

    const second = { userFileName: 'JONES02' };
    expect((await call('PUT', 'lakeside', { data: second })).statusCode).toBe(204);
    expect((await call('GET', 'lakeside')).json()).toMatchObject({ data: second });

    expect((await call('DELETE', 'lakeside')).statusCode).toBe(204);
    expect((await call('GET', 'lakeside')).statusCode).toBe(204);
    expect((await call('DELETE', 'lakeside')).statusCode).toBe(204);
  });

  it("keeps each user's draft to that user", async () => {
    await call('PUT', 'summit', { data: { userFileName: 'SUMMIT1' } });
    await call('PUT', 'harbor', { data: { userFileName: 'HARBOR1' } });
    expect((await call('GET', 'summit')).json()).toMatchObject({ data: { userFileName: 'SUMMIT1' } });
    expect((await call('GET', 'harbor')).json()).toMatchObject({ data: { userFileName: 'HARBOR1' } });
    expect((await call('GET', 'temo.employee')).statusCode).toBe(204);
    await call('DELETE', 'harbor');
    expect((await call('GET', 'summit')).json()).toMatchObject({ data: { userFileName: 'SUMMIT1' } });
  });

  it('refuses a draft over 256 KB with 413 and a message, and keeps the previous one', async () => {
    await call('PUT', 'lakeside', { data: { userFileName: 'KEEP' } });
    const response = await call('PUT', 'lakeside', { data: { amendments: 'x'.repeat(300 * 1024) } });
    expect(response.statusCode).toBe(413);
    expect((response.json() as Refusal).message).toMatch(/256 KB/);
    const huge = await call('PUT', 'lakeside', { data: { amendments: 'x'.repeat(2 * 1024 * 1024) } });
    expect(huge.statusCode).toBe(413);
    expect((await call('GET', 'lakeside')).json()).toMatchObject({ data: { userFileName: 'KEEP' } });
  });

  it.each([
    ['no data', {}],
    ['data that is not an object', { data: [1, 2] }],
    ['data that is a string', { data: 'text' }],
    ['an unknown field', { data: {}, userId: 3 }],
  ])('answers 400 for a body with %s', async (_name, payload) => {
    const response = await call('PUT', 'lakeside', payload);
    expect(response.statusCode).toBe(400);
    expect((response.json() as Required<Pick<Refusal, 'reasons'>>).reasons.length).toBeGreaterThan(0);
  });

  it('answers 404 for a form the server does not serve', async () => {
    expect((await call('PUT', 'lakeside', { data: {} }, 'no-such-form')).statusCode).toBe(404);
    expect((await call('GET', 'lakeside', undefined, 'no-such-form')).statusCode).toBe(404);
  });

  it.each(['GET', 'PUT', 'DELETE'] as const)('%s needs a bearer token (401)', async (method) => {
    expect((await call(method, null, method === 'PUT' ? { data: {} } : undefined)).statusCode).toBe(401);
  });
});
