import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTestDialects } from '../support/api-dialects';
import { forgeToken, forgeUnsignedToken } from '../support/forged-tokens';
import { startTestServer, type TestServer } from '../support/test-server';

const protectedRoutes = [
  '/api/DealerUserIDName/DealerName',
  '/api/DealerUserIDName/GetProduct',
  '/api/DealerUserIDName/locations',
  '/api/SpareParts/PortalDisclaimer',
  '/api/ContactList',
];

describe.each(routeTestDialects())('bearer token check on every /api route ($dialect)', ({ dialect }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
  });
  afterAll(async () => server?.close());

  const get = (url: string, token?: string) =>
    server.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('answers /api/healthz (liveness) and /api/readyz (readiness) without a token', async () => {
    const live = await get('/api/healthz');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok', isShuttingDown: false });
    const response = await get('/api/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ready',
      reasons: [],
      database: { status: 'up', dialect },
      storage: { status: 'up', kind: 'directory' },
      definitions: { status: 'loaded', versionId: expect.any(Number) },
      isShuttingDown: false,
    });
  });

  const badTokens: [string, (s: TestServer) => Promise<string | undefined> | string | undefined][] = [
    ['no token', () => undefined],
    ['a token that is not a JWT', () => 'not-a-jwt'],
    ['an expired token', (s) => forgeToken(s, { expiresIn: -60 })],
    ['a token for another audience', (s) => forgeToken(s, { audience: 'SomeOtherApi' })],
    ['a token from another issuer', (s) => forgeToken(s, { issuer: 'https://evil.example.com/auth/local' })],
    ['a token signed by an unknown key with the real kid', (s) => forgeToken(s, { isSignedByUnknownKey: true })],
    ['a token signed by an unknown key and kid', (s) => forgeToken(s, { isSignedByUnknownKey: true, kid: 'attacker' })],
    ['an unsigned token (alg: none)', (s) => forgeUnsignedToken(s)],
    ['a valid token for a user who does not exist', (s) => forgeToken(s, { subject: 'local:nobody' })],
  ];

  for (const route of protectedRoutes) {
    it.each(badTokens)(`refuses ${route} with %s (401)`, async (_label, makeToken) => {
      const response = await get(route, await makeToken(server));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    });

    it(`answers ${route} with a valid token`, async () => {
      const response = await get(route, await server.tokenFor('lakeside'));
      expect(response.statusCode).toBe(200);
    });
  }

  it('refuses an unknown /api path without a token rather than revealing it does not exist', async () => {
    expect((await get('/api/NoSuchThing')).statusCode).toBe(401);
  });

  it('answers an unknown /api path with a token as 404 JSON, not the web app', async () => {
    const response = await get('/api/NoSuchThing', await server.tokenFor('lakeside'));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404 });
  });

  it('accepts a token over real HTTP as well as inject', async () => {
    const token = await server.tokenFor('summit');
    const response = await fetch(`${server.baseUrl}/api/DealerUserIDName/DealerName`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ dealerName: 'Summit Patio Covers' });
  });
});
