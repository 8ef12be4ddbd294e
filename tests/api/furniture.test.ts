import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Refusal } from '../../src/contracts/index';
import { routeTestDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';

const item = (id: string, kind = 'sofa', x = 120, y = 80, rotation = 15) => ({ id, kind, x, y, rotation });

describe.each(routeTestDialects())('furniture on drawing pages ($dialect)', ({ dialect }) => {
  let server: TestServer;
  let fileName: string;
  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
    const unprocessed = (await call('GET', 'lakeside', '/api/TxtThings/unprocessedFiles')).json() as Record<
      string,
      unknown
    >;
    fileName = Object.keys(unprocessed)[0];
  });
  afterAll(async () => server?.close());

  async function call(method: 'GET' | 'PUT', username: string, url: string, payload?: unknown) {
    return server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${await server.tokenFor(username)}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }
  const url = (name: string) => `/api/ExampleImages/Furniture?inputString=${encodeURIComponent(name)}`;

  it('starts empty, keeps what was placed per page, and replaces it on the next save', async () => {
    expect((await call('GET', 'lakeside', url(fileName))).json()).toEqual({ pages: {} });
    const pages = {
      [`${fileName}-01-plan.png`]: [
        item('a', 'sofa'),
        item('b', 'roundTableAndChairs', 300.5, 410, -45),
        item('c', 'grill', 0, 0, 360),
      ],
      [`${fileName}-02-front.png`]: [],
    };
    const saved = await call('PUT', 'lakeside', url(fileName), { pages });
    expect(saved.statusCode, saved.body).toBe(204);
    expect((await call('GET', 'lakeside', url(fileName))).json()).toEqual({ pages });

    const next = { [`${fileName}-01-plan.png`]: [item('a', 'spa', 50, 60, 90)] };
    expect((await call('PUT', 'lakeside', url(fileName), { pages: next })).statusCode).toBe(204);
    expect((await call('GET', 'lakeside', url(fileName))).json()).toEqual({ pages: next });
  });

  it('accepts every furniture kind of the palette', async () => {
    const kinds = [
      'sofa',
      'loveSeat',
      'landing',
      'landingStep',
      'roundTableAndChairs',
      'twoChairTable',
      'plant',
      'fan',
      'coffeeTable',
      'endTable',
      'spa',
      'outdoorKitchen',
      'grill',
    ];
    const pages = { 'plan.png': kinds.map((kind, i) => item(`k${i}`, kind, i * 10, i * 10, 0)) };
    expect((await call('PUT', 'lakeside', url(fileName), { pages })).statusCode).toBe(204);
    expect((await call('GET', 'lakeside', url(fileName))).json()).toEqual({ pages });
  });

  it.each([
    ['an unknown kind', { 'p.png': [item('a', 'piano')] }],
    ['x beyond the image', { 'p.png': [item('a', 'sofa', 20_001)] }],
    ['a negative y', { 'p.png': [item('a', 'sofa', 10, -1)] }],
    ['rotation beyond a turn', { 'p.png': [item('a', 'sofa', 10, 10, 720)] }],
    ['a missing id', { 'p.png': [{ kind: 'sofa', x: 1, y: 1, rotation: 0 }] }],
    ['the same id twice on a page', { 'p.png': [item('a'), item('a')] }],
    ['201 items on a page', { 'p.png': Array.from({ length: 201 }, (_, i) => item(`i${i}`)) }],
    ['a page named with ..', { '../p.png': [item('a')] }],
    ['a page named with a backslash', { 'a\\p.png': [item('a')] }],
    ['pages that are not an object', []],
  ])('refuses %s with 400 and keeps what was saved', async (_what, pages) => {
    const before = (await call('GET', 'lakeside', url(fileName))).json();
    const response = await call('PUT', 'lakeside', url(fileName), { pages });
    expect(response.statusCode, response.body).toBe(400);
    expect((response.json() as Refusal).message).toEqual(expect.any(String));
    expect((await call('GET', 'lakeside', url(fileName))).json()).toEqual(before);
  });

  it('takes up to 200 items on a page', async () => {
    const pages = { 'p.png': Array.from({ length: 200 }, (_, i) => item(`i${i}`, 'plant', i, i, 0)) };
    expect((await call('PUT', 'lakeside', url(fileName), { pages })).statusCode).toBe(204);
  });

  it("answers 404 for another dealer's order and an unknown one, 400 for unsafe names", async () => {
    expect((await call('GET', 'summit', url(fileName))).statusCode).toBe(404);
    expect((await call('PUT', 'summit', url(fileName), { pages: {} })).statusCode).toBe(404);
    expect((await call('GET', 'lakeside', url('SUN-1001-20200101-000000-ZZZZ'))).statusCode).toBe(404);
    for (const bad of ['..', '../x', 'a\\b', 'a\0b', '/etc/passwd', '%2e%2e']) {
      expect((await call('GET', 'lakeside', url(bad))).statusCode, bad).toBe(400);
      expect((await call('PUT', 'lakeside', url(bad), { pages: {} })).statusCode, bad).toBe(400);
    }
  });
});
