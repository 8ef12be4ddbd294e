import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviousDrafts, Refusal, RestoredDraft, StartedNew } from '../../src/contracts/index';
import { apiDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';

describe.each(apiDialects())('previous drafts: start a new order, restore ($dialect)', ({ dialect, skipReason }) => {
  if (skipReason) {
    it.skip(`PostgreSQL run skipped: ${skipReason}`, () => {});
    return;
  }
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
  });
  afterAll(async () => server?.close());

  const call = async (method: 'GET' | 'PUT' | 'POST', url: string, username: string | null, payload?: unknown) =>
    server.app.inject({
      method,
      url,
      headers: username ? { authorization: `Bearer ${await server.tokenFor(username)}` } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const previous = async (username: string, form = 'pergola') =>
    (await call('GET', `/api/drafts/${form}/previous`, username)).json() as PreviousDrafts;

  it('sets the form aside on "start a new order", lists it and restores it, setting aside what was shown', async () => {
    const first = { personalInfo: { lastName: 'Smith', firstName: 'Ann', zip: '16501' }, width: 12 };
    await call('PUT', '/api/drafts/pergola', 'lakeside', { data: first });

    const started = await call('POST', '/api/drafts/pergola/start-new', 'lakeside', { data: first });
    expect(started.statusCode).toBe(200);
    const { setAside } = started.json() as StartedNew;
    expect(setAside).toMatchObject({ name: 'Smith, Ann', answers: 4 });
    expect((await call('GET', '/api/drafts/pergola', 'lakeside')).statusCode).toBe(204);

    const listed = await previous('lakeside');
    expect(listed.drafts.map((draft) => draft.id)).toEqual([setAside!.id]);
    expect(Number.isNaN(Date.parse(listed.drafts[0]!.savedAt))).toBe(false);

    // The dealer typed a second form, then restores the first: the second is set aside, not lost.
    const second = { personalInfo: { lastName: 'Jones' } };
    const restored = await call('POST', `/api/drafts/pergola/previous/${setAside!.id}/restore`, 'lakeside', {
      data: second,
    });
    expect(restored.statusCode).toBe(200);
    const body = restored.json() as RestoredDraft;
    expect(body.data).toEqual(first);
    expect(body.setAside).toMatchObject({ name: 'Jones', answers: 1 });
    expect((await call('GET', '/api/drafts/pergola', 'lakeside')).json()).toMatchObject({ data: first });
    expect((await previous('lakeside')).drafts.map((draft) => draft.name)).toEqual(['Jones']);
  });

  it('sets nothing aside when the page holds no answers, and still starts afresh', async () => {
    await call('PUT', '/api/drafts/pavilion', 'summit', { data: { width: 10 } });
    const started = await call('POST', '/api/drafts/pavilion/start-new', 'summit', {});
    expect(started.statusCode).toBe(200);
    expect((started.json() as StartedNew).setAside).toBeNull();
    expect((await call('GET', '/api/drafts/pavilion', 'summit')).statusCode).toBe(204);
    expect((await previous('summit', 'pavilion')).drafts).toEqual([]);
  });

  it('keeps the newest ten per user and form', async () => {
    for (let index = 1; index <= 12; index += 1) {
      await call('POST', '/api/drafts/sunroom/start-new', 'summit', {
        data: { personalInfo: { lastName: `N${index}` } },
      });
    }
    const names = (await previous('summit', 'sunroom')).drafts.map((draft) => draft.name);
    expect(names).toEqual(['N12', 'N11', 'N10', 'N9', 'N8', 'N7', 'N6', 'N5', 'N4', 'N3']);
  });

  it("shows a dealer only their own drafts and refuses to restore another's (404)", async () => {
    const started = await call('POST', '/api/drafts/screenroom/start-new', 'harbor', {
      data: { personalInfo: { lastName: 'Harbor' } },
    });
    const harborId = (started.json() as StartedNew).setAside!.id;
    expect((await previous('lakeside', 'screenroom')).drafts).toEqual([]);
    const stolen = await call('POST', `/api/drafts/screenroom/previous/${harborId}/restore`, 'lakeside', {});
    expect(stolen.statusCode).toBe(404);
    // Nor through another form's address.
    const otherForm = await call('POST', `/api/drafts/pergola/previous/${harborId}/restore`, 'harbor', {});
    expect(otherForm.statusCode).toBe(404);
    expect((await previous('harbor', 'screenroom')).drafts.map((draft) => draft.id)).toEqual([harborId]);
  });

  it.each([
    ['data that is a list', '/api/drafts/pergola/start-new', { data: [1] }],
    ['data that is text', '/api/drafts/pergola/start-new', { data: 'x' }],
    ['an unknown field', '/api/drafts/pergola/start-new', { data: {}, userId: 2 }],
    ['an id that is not a number', '/api/drafts/pergola/previous/abc/restore', {}],
    ['an id of zero', '/api/drafts/pergola/previous/0/restore', {}],
    ['a negative id', '/api/drafts/pergola/previous/-1/restore', {}],
  ])('answers 400 with reasons for %s', async (_what, url, payload) => {
    const response = await call('POST', url, 'lakeside', payload);
    expect(response.statusCode).toBe(400);
    expect((response.json() as Required<Pick<Refusal, 'reasons'>>).reasons.length).toBeGreaterThan(0);
  });

  it('answers 404 for a form the server does not serve and 413 for a form too large to keep', async () => {
    expect((await call('POST', '/api/drafts/no-such-form/start-new', 'lakeside', {})).statusCode).toBe(404);
    expect((await call('GET', '/api/drafts/no-such-form/previous', 'lakeside')).statusCode).toBe(404);
    const huge = await call('POST', '/api/drafts/pergola/start-new', 'lakeside', {
      data: { amendments: 'x'.repeat(300 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
  });

  it.each([
    ['GET', '/api/drafts/pergola/previous'],
    ['POST', '/api/drafts/pergola/start-new'],
    ['POST', '/api/drafts/pergola/previous/1/restore'],
  ] as const)('%s %s needs a bearer token (401)', async (method, url) => {
    expect((await call(method, url, null, method === 'POST' ? {} : undefined)).statusCode).toBe(401);
  });
});
