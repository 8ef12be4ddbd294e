import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTestDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';

describe.each(routeTestDialects())('GET /api/geo/postal-codes/:code ($dialect)', ({ dialect }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
  });
  afterAll(async () => server?.close());

  const lookUp = async (code: string, isSignedIn = true) =>
    server.app.inject({
      url: `/api/geo/postal-codes/${encodeURIComponent(code)}`,
      headers: isSignedIn ? { authorization: `Bearer ${await server.tokenFor('lakeside')}` } : {},
    });

  it.each([
    ['90210', { postalCode: '90210', city: 'Beverly Hills', stateProvince: 'CA', country: 'US' }],
    ['16501', { postalCode: '16501', city: 'Erie', stateProvince: 'PA', country: 'US' }],
    ['90210-1234', { postalCode: '90210', city: 'Beverly Hills', stateProvince: 'CA', country: 'US' }],
    ['M5V 3L9', { postalCode: 'M5V 3L9', city: 'Toronto', stateProvince: 'ON', country: 'CA' }],
    ['m5v3l9', { postalCode: 'M5V 3L9', city: 'Toronto', stateProvince: 'ON', country: 'CA' }],
    ['V6B 1A1', { postalCode: 'V6B 1A1', city: 'Vancouver', stateProvince: 'BC', country: 'CA' }],
    ['H3A', { postalCode: 'H3A', city: expect.stringMatching(/Montr/), stateProvince: 'QC', country: 'CA' }],
  ])('finds %s', async (code, place) => {
    const response = await lookUp(code);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(place);
  });

  it.each(['00000', 'Z9Z 9Z9'])('answers 404 for the well-formed but unknown %s', async (code) => {
    const response = await lookUp(code);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Unknown postal code' });
  });

  it.each(['abc', '1234', '123456', 'M5V-3L9', '9021O', "'; drop table"])(
    'answers 400 with reasons for the malformed %s',
    async (code) => {
      const response = await lookUp(code);
      expect(response.statusCode).toBe(400);
      const body = response.json() as { message: string; reasons: string[] };
      expect(body.message).toBeTruthy();
      expect(body.reasons.length).toBeGreaterThan(0);
    },
  );

  it('answers 400 for a code longer than any postal code', async () => {
    // Fastify's router stops matching params over 100 characters (404 Route not found) before this route sees them.
    expect((await lookUp('1'.repeat(60))).statusCode).toBe(400);
  });

  it('needs a bearer token (401)', async () => {
    expect((await lookUp('90210', false)).statusCode).toBe(401);
  });
});
