import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

function isServerPath(url: string): boolean {
  return /^\/(api|auth)(\/|\?|$)/.test(url);
}

/** Serves the built web app and answers any other GET with index.html so client routes survive a reload. */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) await app.register(fastifyStatic, { root: webDist, wildcard: true, index: ['index.html'] });

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(request.url);
    if (isPageRequest && hasBuild) return reply.type('text/html').sendFile('index.html');
    if (isPageRequest) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(`The web app is not built: ${webDist}/index.html does not exist. Run "npm run build", then reload.\n`);
    }
    return reply
      .code(404)
      .send({ statusCode: 404, error: 'Not Found', message: `No route ${request.method} ${request.url.split('?', 1)[0]}` });
  });
}
