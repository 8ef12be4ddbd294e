import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { startTestServer, type TestDialect, type TestServer } from './test-server';

/** A started test server with every route it registered (the web app's too: a one-page WEB_DIST is made for it). */
export interface ServerWithRoutes {
  server: TestServer;
  /** As Fastify registered them; read after start-up, when inner scopes' hooks have set their config. */
  registered: RouteOptions[];
  close(): Promise<void>;
}

export async function startServerWithRoutes(dialect: TestDialect): Promise<ServerWithRoutes> {
  const webDist = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>portal shell</title>');
  const registered: RouteOptions[] = [];
  const server = await startTestServer({ webDist }, { dialect, onRoute: (route) => registered.push(route) });
  return {
    server,
    registered,
    close: async () => {
      await server.close();
      await rm(webDist, { recursive: true, force: true });
    },
  };
}

/** `METHOD url` of each route and method (a route may take several, e.g. HEAD and GET), with the route. */
export function eachMethod(routes: RouteOptions[]): { method: string; url: string; route: RouteOptions }[] {
  return routes.flatMap((route) => [route.method].flat().map((method) => ({ method, url: route.url, route })));
}
