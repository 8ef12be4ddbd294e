import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDocsPath } from '../../src/server/plugins/api-docs';
import { routeTestDialects } from '../support/api-dialects';
import { eachMethod, startServerWithRoutes, type ServerWithRoutes } from '../support/route-table';
import type { TestServer } from '../support/test-server';

interface Operation {
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  security?: unknown[];
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

const methods = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/** Routes that never answer 2xx: the catch-alls that refuse a file path with more segments than its route takes. */
const refusalOnlyRoutes = [
  'GET /api/TxtThings/pdf/*',
  'GET /api/TxtThings/historypdf/*',
  'GET /api/TxtThings/textfile/*',
  'GET /api/staff/orders/:fileName/files/*',
];

/** Fastify's `/a/:b/*` as OpenAPI writes it: `/a/{b}/{*}`. */
const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

describe.each(routeTestDialects())('GET /api/docs: the OpenAPI document ($dialect)', ({ dialect }) => {
  let registered: RouteOptions[] = [];
  let started: ServerWithRoutes;
  let server: TestServer;
  let document: OpenApiDocument;
  beforeAll(async () => {
    // With a built web app, so that its routes are registered too (and kept out of the document).
    started = await startServerWithRoutes(dialect);
    ({ server, registered } = started);
    const response = await server.app.inject({ url: apiDocsPath });
    expect(response.statusCode, response.body).toBe(200);
    document = response.json();
  });
  afterAll(async () => started?.close());

  /** What the server registered, as `METHOD url`, without HEAD (Fastify adds one per GET) and hidden routes (the web app's files). */
  const documentedRoutes = () =>
    eachMethod(registered.filter((route) => !route.schema?.hide)).filter(({ method }) => method !== 'HEAD');

  it('leaves out only the web app (its page and files), which is not the API', () => {
    const hidden = eachMethod(registered.filter((route) => route.schema?.hide)).filter(
      ({ method }) => method !== 'HEAD',
    );
    expect(hidden.map(({ method, url }) => `${method} ${url}`).sort()).toEqual(['GET /', 'GET /*']);
  });

  it('is public: an integrator reads it before having a token', async () => {
    const response = await fetch(`${server.baseUrl}${apiDocsPath}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('is an OpenAPI 3 document: version, info, paths with methods, each with responses', () => {
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(document.info.title).toBeTruthy();
    expect(document.info.version).toBeTruthy();
    expect(Object.keys(document.paths).length).toBeGreaterThan(40);
    for (const [path, item] of Object.entries(document.paths)) {
      expect(path.startsWith('/'), path).toBe(true);
      const operations = Object.entries(item).filter(([key]) => methods.includes(key));
      expect(operations.length, path).toBeGreaterThan(0);
      for (const [method, operation] of operations) {
        expect(Object.keys(operation.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(0);
        for (const status of Object.keys(operation.responses ?? {}))
          expect(status, `${method} ${path}`).toMatch(/^[1-9]\d\d$|^default$/);
      }
    }
  });

  it('lists every route the server registers, with its body and a success answer with a schema', () => {
    const routes = documentedRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const { method, url, route } of routes) {
      const name = `${method} ${url}`;
      const operation = document.paths[toOpenApiPath(url)]?.[method.toLowerCase()];
      if (!operation) {
        problems.push(`${name}: not in the document`);
        continue;
      }
      if (route.schema?.body) {
        const bodies = Object.values(operation.requestBody?.content ?? {});
        if (!bodies.some((body) => body.schema)) problems.push(`${name}: takes a body the document does not describe`);
      }
      const answers = Object.entries(operation.responses ?? {});
      const hasSuccess = answers.some(
        ([status, answer]) =>
          /^[23]\d\d$/.test(status) &&
          (status === '204' || status === '302' || Object.values(answer.content ?? {}).some((c) => c.schema)),
      );
      if (!hasSuccess && !refusalOnlyRoutes.includes(name)) problems.push(`${name}: no 2xx answer with a schema`);
    }
    expect(problems).toEqual([]);
    console.info(
      `[openapi, ${dialect}] ${routes.length} routes documented in ${Object.keys(document.paths).length} paths`,
    );
  });

  it('lists the error answers the app sends: 401 on signed-in routes, 400 where input is checked, 503, and the dealer refusals', () => {
    const responsesOf = (path: string, method: string) => Object.keys(document.paths[path]?.[method]?.responses ?? {});
    expect(responsesOf('/api/SpareParts/GetSpareParts', 'get')).toEqual(
      expect.arrayContaining(['200', '400', '401', '503']),
    );
    expect(responsesOf('/api/OrderingSunrooms/SubmitSunroom', 'post')).toEqual(
      expect.arrayContaining(['200', '201', '400', '401', '404', '409', '422', '503', '997', '998', '999']),
    );
    expect(responsesOf('/api/staff/orders/{fileName}/transition', 'post')).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409']),
    );
    // The GET shares its answer map with the POSTs: what a body adds (413, 415) stays with the routes that take one.
    expect(responsesOf('/api/staff/orders/{fileName}', 'get')).not.toContain('413');
    expect(responsesOf('/api/SpareParts/CustomGlass', 'post')).toEqual(expect.arrayContaining(['413', '415']));
    expect(responsesOf('/api/healthz', 'get')).not.toContain('401');
    expect(document.paths['/api/healthz'].get.security).toEqual([]);
    const refusal =
      document.paths['/api/SpareParts/GetSpareParts'].get.responses?.['401'].content?.['application/json'].schema;
    expect(refusal).toMatchObject({ properties: { message: { type: 'string' }, reasons: { type: 'array' } } });
  });

  it('describes what the server really sends: a 401 and a 400 fit their documented shape', async () => {
    const unauthorised = await server.app.inject({ url: '/api/SpareParts/GetSpareParts' });
    expect(unauthorised.statusCode).toBe(401);
    expect(unauthorised.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'A bearer token is required',
    });
    const token = await server.tokenFor('lakeside');
    const badQuery = await server.app.inject({
      url: '/api/SpareParts/GetSpareParts?top=0',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.any(String),
      reasons: [expect.stringMatching(/top/)],
    });
  });
});
