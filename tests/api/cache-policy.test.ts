/**
 * Issue 43, point 6: an authenticated answer whose route sets no Cache-Control is `private, no-store` (plugins/auth.ts,
 * one onSend hook), so no cache, the browser's included, keeps a dealer's orders, /api/me, the staff lists, drafts or
 * definition versions. Routes with a deliberate policy keep theirs. The test walks the route table: every GET route
 * that needs a token, called as a seeded user with real ids from the seed where they matter; a route added later is
 * walked too (unknown parameters get a placeholder, and any 4xx answer counts), and must answer `private, no-store`
 * unless it joins the short list of deliberate policies below, each of which is checked to keep its own.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderHistoryAnswer, ProcessedOrdersAnswer } from '../../src/contracts/order-lists';
import { routeTestDialects } from '../support/api-dialects';
import { eachMethod, startServerWithRoutes, type ServerWithRoutes } from '../support/route-table';
import type { TestServer } from '../support/test-server';

const noStore = 'private, no-store';
const pricePath = 'definitions/prices/pergola/pergola-fixed-attached.json';

/**
 * The deliberate policies, by route (`GET url`): what each route answers when it serves what it means to cache. Short
 * on purpose; a route joins only with a reason.
 */
const deliberate: Record<string, string> = {
  // The published definition, revalidated by its ETag on every load (a version's URL: below, immutable).
  'GET /api/definitions/:form': 'private, no-cache',
  // An order's files: revalidated, never stored by a shared cache.
  'GET /api/TxtThings/textfile/:fileName': 'private, no-cache',
  'GET /api/TxtThings/pdf/:fileName/:pdfName': 'private, no-cache',
  'GET /api/TxtThings/historypdf/:pdfName': 'private, no-cache',
  'GET /api/staff/orders/:fileName/files/:name': 'private, no-cache',
  // Data that changes only with a package or the catalogue: a day in the browser.
  'GET /api/geo/postal-codes/:code': 'private, max-age=86400',
  'GET /api/SpareParts/GetImage': 'private, max-age=86400',
};

/** Who calls a route: staff for the order desk and the workbench, a dealer for the rest. */
const callerOf = (url: string) =>
  url.startsWith('/api/staff/') || url.startsWith('/api/definition-') ? 'temo.staff' : 'lakeside';

const isPublic = (route: RouteOptions) => (route.config as { isPublic?: boolean } | undefined)?.isPublic === true;

describe.each(routeTestDialects())('Cache-Control of authenticated answers ($dialect)', ({ dialect }) => {
  let started: ServerWithRoutes;
  let server: TestServer;
  /** Real values from the seed, by parameter or query field name; a route's own URL where one name is not enough. */
  const values: Record<string, string> = {
    form: 'sunroom',
    skip: '0',
    top: '10',
    page: '1',
    pageSize: '10',
    offset: '0',
    limit: '10',
    path: pricePath,
    under: 'definitions/prices',
    code: '90210',
  };
  const urls: Record<string, string> = {};
  let treeHash = '';

  const call = async (username: string, url: string, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'GET',
      url,
      headers: { ...headers, authorization: `Bearer ${await server.tokenFor(username)}` },
    });
  const json = async <T>(username: string, url: string): Promise<T> => {
    const response = await call(username, url);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json<T>();
  };
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

  beforeAll(async () => {
    started = await startServerWithRoutes(dialect);
    server = started.server;

    // A dealer's orders: processed (PDFs), unprocessed (text file), a shipped record of the history (its PDF).
    const processed = (await json<ProcessedOrdersAnswer>('lakeside', '/api/SQLThings/ProcessedData')).processedData[0];
    const unprocessed = Object.keys(await json<object>('lakeside', '/api/TxtThings/unprocessedFiles'))[0];
    const history = (await json<OrderHistoryAnswer>('lakeside', '/api/SQLThings/OrderHistoryData?page=1&pageSize=1000'))
      .orderHistoryData;
    const record = history.find((row) => row.fileName.startsWith('HIS-'))!;
    expect([processed, unprocessed, record].every(Boolean), 'the seed has the orders this test calls').toBe(true);
    const summary = `${processed.fileName}-order-summary.pdf`;
    Object.assign(values, {
      fileName: unprocessed,
      inputString: unprocessed,
      folderName: processed.folderName,
      fileNames: processed.fileName,
    });
    urls['/api/TxtThings/pdf/:fileName/:pdfName'] =
      `/api/TxtThings/pdf/${processed.fileName}/${summary}?${q({ folderName: processed.folderName })}`;
    urls['/api/TxtThings/historypdf'] =
      `/api/TxtThings/historypdf?${q({ folderName: record.folder, fileNames: record.fileName })}`;
    urls['/api/TxtThings/historypdf/:pdfName'] =
      `/api/TxtThings/historypdf/${record.fileName}-order-summary.pdf?${q({ folderName: record.folder })}`;
    urls['/api/staff/orders/:fileName'] = `/api/staff/orders/${processed.fileName}`;
    urls['/api/staff/orders/:fileName/details'] = `/api/staff/orders/${processed.fileName}/details`;
    urls['/api/staff/orders/:fileName/files/:name'] = `/api/staff/orders/${processed.fileName}/files/${summary}`;

    // A part's picture.
    const parts = await json<{ spareParts: { imageID: string }[] }>('lakeside', '/api/SpareParts/GetSpareParts?top=1');
    values.imageId = parts.spareParts[0].imageID;

    // The definition versions, and a draft of staff's own to read.
    const versions = await json<{ published: number; versions: { id: number; treeHash: string }[] }>(
      'temo.staff',
      '/api/definition-versions',
    );
    const published = versions.versions.find((version) => version.id === versions.published)!;
    treeHash = published.treeHash;
    Object.assign(values, { id: String(published.id), from: String(published.id), to: String(published.id) });
    const opened = await server.app.inject({
      method: 'POST',
      url: '/api/definition-drafts',
      headers: { authorization: `Bearer ${await server.tokenFor('temo.staff')}` },
      payload: { note: 'cache policy walk' },
    });
    expect(opened.statusCode, opened.body).toBeLessThan(300);
    const draftId = String(opened.json<{ draft: { id: number } }>().draft.id);
    for (const suffix of ['', '/file', '/files', '/diff']) {
      const route = `/api/definition-drafts/:id${suffix}`;
      urls[route] = requestUrl(route, { ...values, id: draftId }, requiredQuery(started.registered, route));
    }
  });
  afterAll(async () => started?.close());

  /** The route's required query fields (its schema's), to fill. */
  function requiredQuery(routes: RouteOptions[], url: string): string[] {
    const route = routes.find((r) => r.url === url);
    return (route?.schema?.querystring as { required?: string[] } | undefined)?.required ?? [];
  }

  /** The route's URL with its parameters and required query fields filled from `given`, a placeholder for others. */
  function requestUrl(url: string, given: Record<string, string>, query: string[]): string {
    const path = url
      .replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(given[name] ?? 'x'))
      .replace(/\*$/, 'x');
    const search = q(Object.fromEntries(query.map((name) => [name, given[name] ?? 'x'])));
    return search ? `${path}?${search}` : path;
  }

  it('answers every authenticated GET route private, no-store, except the deliberate policies, which keep theirs', async () => {
    const routes = eachMethod(started.registered).filter(({ method, route }) => method === 'GET' && !isPublic(route));
    // /api/me, the dealer's lists and files, drafts, catalogue, the order desk, the workbench: more than 50 today.
    expect(routes.length).toBeGreaterThanOrEqual(50);
    const lines: string[] = [];
    const wrong: string[] = [];
    for (const { url, route } of routes) {
      const key = `GET ${url}`;
      const target = urls[url] ?? requestUrl(url, values, requiredQuery([route], url));
      const response = await call(callerOf(url), target);
      const policy = response.headers['cache-control'];
      const line = `${key} -> ${response.statusCode} ${String(policy)}`;
      lines.push(line);
      const expected = deliberate[key];
      if (response.statusCode >= 500) wrong.push(`${line}: ${response.body.slice(0, 200)}`);
      else if (expected !== undefined && (response.statusCode !== 200 || policy !== expected))
        wrong.push(`${line} (the deliberate policy is ${expected}; ${target})`);
      else if (expected === undefined && policy !== noStore) wrong.push(`${line} (${target})`);
    }
    expect(wrong, lines.join('\n')).toEqual([]);
    // Every deliberate policy is a route the server still registers (a renamed route must not leave a stale entry).
    expect(Object.keys(deliberate).filter((key) => !routes.some(({ url }) => `GET ${url}` === key))).toEqual([]);
    // Some of the walk's answers are 200s with the seed's data, not just refusals.
    expect(lines.filter((line) => line.includes(` -> 200 ${noStore}`)).length).toBeGreaterThanOrEqual(30);
  });

  it("keeps a definition version's immutable policy, and the plain URL's revalidation on a 304", async () => {
    const version = await call('lakeside', `/api/definitions/sunroom?version=${treeHash}`);
    expect(version.statusCode).toBe(200);
    expect(version.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const plain = await call('lakeside', '/api/definitions/sunroom');
    const again = await call('lakeside', '/api/definitions/sunroom', { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers a deliberate route no-store when it refuses (its own policy is for what it means to cache)', async () => {
    for (const url of ['/api/geo/postal-codes/00000', '/api/SpareParts/GetImage?imageId=IMG-NOPE-1']) {
      const response = await call('lakeside', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['cache-control'], url).toBe(noStore);
    }
  });

  it('answers no-store to a signed-in caller the route refuses (403), and to an unknown /api path (404)', async () => {
    for (const [url, status] of [
      ['/api/staff/orders?offset=0&limit=10', 403],
      ['/api/definition-versions', 403],
      ['/api/NoSuchThing', 404],
    ] as const) {
      const response = await call('lakeside', url);
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['cache-control'], url).toBe(noStore);
    }
  });

  it('leaves public answers and refused tokens as their routes made them', async () => {
    const jwks = await server.app.inject({ url: '/auth/local/jwks.json' });
    expect(jwks.headers['cache-control']).toBe('public, max-age=300');
    const config = await server.app.inject({ url: '/auth/config' });
    expect(config.headers['cache-control']).toBeUndefined();
    const refused = await server.app.inject({ url: '/api/me' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBeUndefined();
  });
});
