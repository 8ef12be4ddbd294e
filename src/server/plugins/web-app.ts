import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Authenticate } from './auth';
import { allowEvalOnPage } from './security-headers';

/**
 * The path as a router or a proxy might read it: percent-decoding repeated (double encoding), backslashes as
 * slashes, repeated slashes collapsed, dot segments resolved, lower case. Undefined when it cannot be decoded.
 */
export function normalizePathname(url: string): string | undefined {
  let pathname = url.split('?', 1)[0];
  for (let round = 0; round < 3 && pathname.includes('%'); round += 1) {
    try {
      pathname = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
  }
  return path.posix.normalize(pathname.replace(/\\/g, '/').replace(/\/+/g, '/')).toLowerCase();
}

/** The page with this answer's CSP style nonce in a meta tag; the app hands it to emotion, goober and ag-grid. */
export function withStyleNonce(html: string, nonce: string): string {
  return html.replace(/<head>/i, `<head>\n<meta name="csp-nonce" content="${nonce}">`);
}

/**
 * Vite's hashed files (dist/web/assets/*: a new name for new content) are cached for a year and never revalidated;
 * anything else (public/ files under fixed names) is revalidated on each use.
 */
export function cacheControlFor(webDist: string, file: string): string {
  const relative = path.relative(webDist, file);
  return relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, no-cache';
}

function isServerPath(pathname: string | undefined): boolean {
  return pathname === undefined || /^\/(api|auth)(\/|$)/.test(pathname);
}

/**
 * Serves the built web app (public, like any static site) and answers any other GET with index.html so client
 * routes survive a reload. Unknown server paths are 404 JSON, after the token check for `/api` so that a caller
 * without one learns nothing about which paths exist.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string, authenticate: Authenticate): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = existsSync(indexFile);
  const indexHtml = hasBuild ? readFileSync(indexFile, 'utf8') : '';
  const sendIndex = (reply: FastifyReply) => {
    allowEvalOnPage(reply);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(withStyleNonce(indexHtml, reply.cspNonce.style));
  };
  if (hasBuild) {
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, isPublic: true };
      });
      // index.html always comes from the not-found handler below, so every page load is answered the same way.
      await scope.register(fastifyStatic, {
        root: webDist,
        wildcard: true,
        index: false,
        allowedPath: (pathname) => pathname !== '/index.html',
        preCompressed: true, // the .br/.gz files `npm run build` writes beside each asset; others by @fastify/compress
        cacheControl: false, // set below, per file
        setHeaders: (response, file) => response.setHeader('cache-control', cacheControlFor(webDist, file)),
      });
      // The page, not the API: out of the OpenAPI document, like @fastify/static's own routes (schemaHide).
      scope.get('/', { schema: { hide: true } }, async (_request, reply) => sendIndex(reply));
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = normalizePathname(request.url);
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(pathname);
    if (isPageRequest && hasBuild) return sendIndex(reply);
    if (isPageRequest) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(`The web app is not built: ${webDist}/index.html does not exist. Run "npm run build", then reload.\n`);
    }
    if ((pathname === undefined || pathname.startsWith('/api')) && !(await authenticate(request, reply))) return reply;
    return reply.code(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `No route ${request.method} ${request.url.split('?', 1)[0]}`,
    });
  });
}
