/**
 * Issue 13: the web app learns the caller's roles from GET /api/me (to show the workbench only to staff), while the
 * server alone decides: every /api/definition-* route the server registers answers 403 to a dealer, even with a
 * request that would succeed for staff (valid parameters, query and body, so validation cannot answer first).
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeAnswer } from '../../src/contracts/me';
import { routeTestDialects } from '../support/api-dialects';
import { eachMethod, startServerWithRoutes, type ServerWithRoutes } from '../support/route-table';
import type { TestServer } from '../support/test-server';

const pricePath = 'definitions/prices/pergola/pergola-fixed-attached.json';

/** A valid value for each parameter, query or body field the definition routes take, by name. */
const validValues: Record<string, unknown> = {
  id: 1,
  path: pricePath,
  content: '{}',
  baseHash: '0'.repeat(64),
  from: 1,
  to: 1,
  note: 'walked by the role test',
  days: 30,
  limit: 10,
  status: 'open',
  under: 'definitions',
};

interface ObjectSchema {
  properties?: Record<string, unknown>;
  required?: string[];
}

/** Valid values for the order desk's routes (/api/staff/*), by name: `to` is a state there, not a version. */
const validStaffValues: Record<string, unknown> = {
  fileName: 'SUN-1001-20250101-000000-AAAA',
  name: 'SUN-1001-20250101-000000-AAAA-order-summary.pdf',
  '*': 'x',
  to: 'unprocessed',
  fileNames: ['SUN-1001-20250101-000000-AAAA'],
  move: { to: 'unprocessed' },
  detailer: 'Dana Whitfield',
  offset: 0,
  limit: 10,
};

/** The required fields of a route's schema part (query or body), filled with valid values. */
function validObject(schema: unknown, values = validValues): Record<string, unknown> | undefined {
  const required = (schema as ObjectSchema | undefined)?.required ?? [];
  if (!schema) return undefined;
  return Object.fromEntries(
    required.map((name) => {
      if (!(name in values)) throw new Error(`The role walk has no valid value for "${name}": add one`);
      return [name, values[name]];
    }),
  );
}

/** A request that passes the route's validation: `:id` filled, required query fields and body given. */
function validRequest(method: string, route: RouteOptions, values = validValues) {
  const url = route.url
    .replace(/:([A-Za-z]+)/g, (_, name: string) => String(values[name] ?? 1))
    .replace(/\*$/, String(values['*'] ?? 'x'));
  const query = validObject(route.schema?.querystring, values);
  const body = validObject(route.schema?.body, values);
  const search = query ? new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString() : '';
  return {
    method: method as 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: search ? `${url}?${search}` : url,
    payload: body ?? (method === 'POST' ? {} : undefined),
  };
}

describe.each(routeTestDialects())('GET /api/me and the staff routes ($dialect)', ({ dialect }) => {
  let started: ServerWithRoutes;
  let server: TestServer;
  beforeAll(async () => {
    started = await startServerWithRoutes(dialect);
    server = started.server;
  });
  afterAll(async () => started?.close());

  const as = async (username: string, request: { method: string; url: string; payload?: unknown }) =>
    server.app.inject({
      ...(request as { method: 'GET'; url: string; payload?: undefined }),
      headers: { authorization: `Bearer ${await server.tokenFor(username)}` },
    });

  it('answers who is signed in: username, display name and roles', async () => {
    const staff = await as('temo.staff', { method: 'GET', url: '/api/me' });
    expect(staff.statusCode).toBe(200);
    expect(staff.json<MeAnswer>()).toEqual({
      username: 'temo.staff',
      displayName: expect.any(String),
      roles: expect.arrayContaining(['definitions', 'publisher']),
      isEmployee: true,
    });
    const product = (await as('temo.product', { method: 'GET', url: '/api/me' })).json<MeAnswer>();
    expect(product.roles).toContain('definitions');
    expect(product.roles).not.toContain('publisher');
    const dealer = (await as('summit', { method: 'GET', url: '/api/me' })).json<MeAnswer>();
    expect(dealer).toMatchObject({ username: 'summit', isEmployee: false });
    expect(dealer.roles).not.toContain('definitions');
    expect((await server.app.inject({ url: '/api/me' })).statusCode).toBe(401);
  });

  it('refuses a dealer (403) on every /api/definition-* route the server registers', async () => {
    const routes = eachMethod(started.registered).filter(
      ({ method, url }) => url.startsWith('/api/definition-') && method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThanOrEqual(17);
    const answers: string[] = [];
    for (const { method, route } of routes) {
      const request = validRequest(method, route);
      const answer = await as('summit', request);
      answers.push(`${request.method} ${request.url} -> ${answer.statusCode}`);
    }
    expect(answers.filter((line) => !line.endsWith('-> 403'))).toEqual([]);
  });

  it('the same requests are not refused for staff with the roles (the walk sends requests that pass validation)', async () => {
    const reads = eachMethod(started.registered).filter(
      ({ method, url }) => url.startsWith('/api/definition-') && method === 'GET' && !url.includes('impact'),
    );
    for (const { method, route } of reads) {
      const request = validRequest(method, route);
      const answer = await as('temo.product', request);
      expect([200, 404], `${request.url}: ${answer.body.slice(0, 200)}`).toContain(answer.statusCode);
    }
  });
  it('refuses a dealer (403) and a caller without a token (401) on every /api/staff/* route the server registers', async () => {
    const routes = eachMethod(started.registered).filter(
      ({ method, url }) => url.startsWith('/api/staff/') && method !== 'HEAD',
    );
    // list, filters, show, details, file (and its catch-all), move, bulk moves, detailer, e-mail, emailed
    expect(routes.length).toBeGreaterThanOrEqual(11);
    const answers: string[] = [];
    for (const { method, route } of routes) {
      const request = validRequest(method, route, validStaffValues);
      for (const dealer of ['summit', 'lakeside', 'temo.product']) {
        const answer = await as(dealer, request);
        answers.push(`${dealer} ${request.method} ${request.url} -> ${answer.statusCode}`);
      }
      const anonymous = await server.app.inject(request as { method: 'GET'; url: string });
      answers.push(`anonymous ${request.method} ${request.url} -> ${anonymous.statusCode}`);
    }
    expect(answers.filter((line) => !line.endsWith(line.startsWith('anonymous') ? '-> 401' : '-> 403'))).toEqual([]);
  });
});
