import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTestDialects } from '../support/api-dialects';
import { eachMethod, startServerWithRoutes, type ServerWithRoutes } from '../support/route-table';
import type { TestServer } from '../support/test-server';

interface WalkedRoute {
  method: string;
  url: string;
  isPublic: boolean;
}

/** The only routes a caller may reach without a token; anything else marked public is a mistake. */
const expectedPublic = [
  'GET /api/healthz', // liveness: the process answers
  'GET /api/readyz', // readiness for a load balancer: which part is down, with error codes only
  'GET /api/docs', // the OpenAPI document: shapes only, no data (plugins/api-docs.ts)
  'GET /auth/config',
  'GET /auth/local/authorize',
  'POST /auth/local/authorize',
  'POST /auth/local/token',
  'GET /auth/local/jwks.json',
  'GET /images/walls/:folder/:file',
  'GET /*', // the built web app's files
  'GET /', // its index.html
];

const hex = (c: string, isUpper: boolean) => {
  const code = c.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${isUpper ? code.toUpperCase() : code.toLowerCase()}`;
};

/**
 * Every way we know to write the route's path so that a string test of the raw URL misses `/api/` while a
 * router might still decode it to the route: each prefix character percent-encoded (lower- and upper-case hex,
 * and the upper-case letter), the whole prefix encoded, `%2F` for slashes, double slashes, dot segments,
 * double encoding, backslashes, a trailing slash or dot.
 */
export function encodingsOf(routePath: string): string[] {
  const prefixEnd = routePath.indexOf('/', 1) + 1 || routePath.length; // "/api/"
  const prefix = routePath.slice(0, prefixEnd);
  const rest = routePath.slice(prefixEnd);
  const variants = new Set<string>();
  // The leading slash stays: a request target must start with one (Node refuses anything else before routing).
  for (let i = 1; i < prefix.length; i += 1) {
    for (const isUpper of [false, true]) {
      const c = prefix[i];
      const encoded = /[a-z]/.test(c) && isUpper ? hex(c.toUpperCase(), true) : hex(c, isUpper);
      variants.add(`${prefix.slice(0, i)}${encoded}${prefix.slice(i + 1)}${rest}`);
    }
  }
  for (const isUpper of [false, true]) {
    variants.add(`/${[...prefix.slice(1)].map((c) => hex(c, isUpper)).join('')}${rest}`);
    if (rest) variants.add(`${prefix}${hex(rest[0], isUpper)}${rest.slice(1)}`);
    variants.add(`${prefix.slice(0, -1)}${hex('/', isUpper)}${rest}`);
  }
  const name = prefix.slice(1, -1);
  variants.add(`/${routePath}`);
  variants.add(`${prefix}/${rest}`);
  variants.add(`/.${routePath}`);
  variants.add(`${prefix}./${rest}`);
  variants.add(`/x/..${routePath}`);
  variants.add(`/${name}/x/../${rest}`);
  variants.add(`/%2e${routePath}`);
  variants.add(`/${name.toUpperCase()}/${rest}`);
  variants.add(`/%25${hex(name[0], false).slice(1)}${name.slice(1)}/${rest}`);
  variants.add(`/%5C${name}%5C${rest}`);
  variants.add(`${routePath}/`);
  variants.add(`${routePath}/.`);
  variants.add(`${routePath};x=1`);
  return [...variants];
}

/** A path for the route with sample values in its parameters and wildcard. */
function concretePath(url: string): string {
  return url.replace(/:[A-Za-z]+/g, 'x1').replace(/\*$/, 'x1');
}

/** Sends the path byte for byte (fetch and inject would normalise it first). */
function rawRequest(baseUrl: string, method: string, requestPath: string, agent: http.Agent) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<{ status: number; contentType: string; body: string }>((resolve, reject) => {
    const hasBody = method === 'POST' || method === 'PUT';
    const request = http.request(
      {
        host: hostname,
        port,
        method,
        path: requestPath,
        agent,
        headers: hasBody ? { 'content-type': 'application/json' } : {},
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, contentType: String(response.headers['content-type']), body }),
        );
      },
    );
    request.on('error', reject);
    request.end(hasBody ? '{}' : undefined);
  });
}

describe.each(routeTestDialects())('no encoding of a path gets past sign-in ($dialect)', ({ dialect }) => {
  let routes: WalkedRoute[] = [];
  let started: ServerWithRoutes;
  let server: TestServer;
  beforeAll(async () => {
    started = await startServerWithRoutes(dialect);
    server = started.server;
    // Read after start-up: hooks of inner scopes (the web app's) run after ours and may still set the config.
    routes = eachMethod(started.registered).map(({ method, url, route }) => ({
      method,
      url,
      isPublic: route.config?.isPublic === true,
    }));
  });
  afterAll(async () => started?.close());

  it('lets only sign-in, health, wall pictures and the web app files through without a token', () => {
    const publicRoutes = routes.filter((r) => r.isPublic && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual([...expectedPublic].sort());
  });

  it('answers every protected route, however its path is encoded, with 401 or 404 and never its data', async () => {
    const protectedRoutes = routes.filter((r) => !r.isPublic);
    expect(protectedRoutes.length).toBeGreaterThan(40);
    const requests = protectedRoutes.flatMap((route) =>
      [concretePath(route.url), ...encodingsOf(concretePath(route.url))].map((requestPath) => ({
        ...route,
        requestPath,
      })),
    );
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const answers = new Map<number, number>();
    const leaks: string[] = [];
    try {
      for (let i = 0; i < requests.length; i += 8) {
        await Promise.all(
          requests.slice(i, i + 8).map(async ({ method, url, requestPath }) => {
            const answer = await rawRequest(server.baseUrl, method, requestPath, agent).catch((error: Error) => ({
              status: 0,
              contentType: '',
              body: error.message,
            }));
            answers.set(answer.status, (answers.get(answer.status) ?? 0) + 1);
            const isRefused =
              answer.status === 401 ||
              (answer.status === 404 && (method === 'HEAD' || /json/.test(answer.contentType)));
            if (!isRefused)
              leaks.push(`${method} ${requestPath} (route ${url}) -> ${answer.status} ${answer.body.slice(0, 80)}`);
          }),
        );
      }
    } finally {
      agent.destroy();
    }
    const routeCount = new Set(protectedRoutes.map((r) => `${r.method} ${r.url}`)).size;
    console.info(
      `[encoded paths, ${dialect}] ${routeCount} protected route methods, ${requests.length} requests without a token:`,
      Object.fromEntries([...answers].sort()),
    );
    expect(leaks).toEqual([]);
  }, 120_000);
});
