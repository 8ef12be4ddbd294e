import { answerClientError } from './client-errors';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { AppConfig } from './config';
import { databasePlugin, openPreparedDatabase } from './db/database-plugin';
import type { SeedOptions } from './db/seed-demo-data';
import { registerApiDocs } from './plugins/api-docs';
import { registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { registerInputGuard } from './plugins/input-guard';
import { registerWebApp } from './plugins/web-app';
import { registerSecurityHeaders } from './plugins/security-headers';
import { authConfigRoutes } from './routes/auth/auth-config';
import { wallImageRoutes } from './routes/images/wall-images';
import { localSignInRoutes } from './routes/auth/local-sign-in';
import { apiRoutePlugins } from './routes/index';
import { loadOrCreateSigningKey } from './services/local-signing-key';
import { removeServerRecord, urlOfAddress, writeServerRecord } from './services/server-record';
import { createTokenVerifier, resolveLocalIssuer } from './services/token-verifier';
import { createDatabaseSignInLimiter } from './services/sign-in-limiter';
import { checkDeployedDefinitions, definitionsPlugin } from './services/definition-versions/index';
import { jobsPlugin } from './services/jobs/index';
import { jobHandlers } from './services/jobs/job-handlers';
import { storagePlugin } from './services/storage/index';
import { submitPipelinePlugin } from './services/submit-pipeline/index';
import { createServerDrain } from './services/shutdown/server-drain';
import './types';

export interface BuildAppOverrides {
  /** Use this PGlite (tests restore a seeded snapshot) instead of opening DATA_DIR/pglite or DATABASE_URL. */
  pglite?: PGlite;
  logger?: FastifyServerOptions['logger'];
  /** Seed demo data when the dealers table is empty, or finish an interrupted seed (default true). */
  shouldSeedWhenEmpty?: boolean;
  /** Called for every route as it is registered (tests walk them all). */
  onRoute?: (route: RouteOptions) => void;
  /** Sizes of a fresh start-up seed and its step hook (tests interrupt it); a resumed seed keeps its recorded sizes. */
  seedOptions?: SeedOptions;
}

/** Builds the whole server (database, migrations, seed, auth, routes, web app) without listening. */
export async function buildApp(config: AppConfig, overrides: BuildAppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: overrides.logger ?? { level: config.logLevel },
    bodyLimit: 10 * 1024 * 1024,
    // Slow clients (a trickle of headers or body) are cut off with 408; Node checks every half headers-timeout.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(config.headersTimeoutMs / 2))),
    },
    clientErrorHandler: answerClientError,
  });
  if (overrides.onRoute) app.addHook('onRoute', overrides.onRoute);
  app.decorate('config', config);
  app.decorate('drain', createServerDrain()); // SIGTERM sets it: readiness answers 503 from then on
  // A draining server ends each kept-alive connection with its answer, so the close never waits for an idle client.
  app.addHook('onSend', async (_request, reply) => {
    if (app.drain.isDraining) reply.header('connection', 'close');
  });
  // The services, each a plugin naming what it needs (fastify-plugin: decorated on the app itself, in this order).
  const deployed = await checkDeployedDefinitions(app); // throws (refuses to start) on a broken definition, before the database opens
  const database = await openPreparedDatabase(config, app.log, {
    pglite: overrides.pglite,
    shouldSeedWhenEmpty: overrides.shouldSeedWhenEmpty,
    seedOptions: overrides.seedOptions,
  });
  await app.register(databasePlugin, { handle: database });
  await app.register(definitionsPlugin, { deployed }); // app.definitions: the published version (the deployed tree imported when new)

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  registerInputGuard(app); // 400 for over-deep JSON, NUL and lone surrogates in body, query and params
  registerErrorHandler(app);
  await registerSecurityHeaders(app, config);
  // Definitions are JSON of up to 350 KB; brotli at a middling quality packs them well without costing much CPU.
  await app.register(fastifyCompress, {
    global: true,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(storagePlugin); // app.storage: files by dealer under DATA_DIR/files or in Azure Blob Storage
  await app.register(jobsPlugin, { handlers: jobHandlers }); // app.jobs: durable jobs (drawings), started on ready, handed back on close
  await app.register(submitPipelinePlugin); // app.submitPipeline: every submit route's way to a stored order

  const localKey = config.authMode === 'local' ? await loadOrCreateSigningKey(config.dataDir) : undefined;
  const authenticate = registerAuth(app, createTokenVerifier(config, localKey));

  await registerApiDocs(app); // before any route: the OpenAPI document and the shared error answers see them all
  await app.register(authConfigRoutes);
  await app.register(wallImageRoutes); // public wall-code pictures, outside /api
  if (localKey) {
    const limiter = createDatabaseSignInLimiter(app.db, config.signIn); // lockouts hold on every server
    await app.register(async (scope) => localSignInRoutes(scope, localKey, limiter));
  }
  for (const plugin of apiRoutePlugins) await app.register(plugin);
  await registerWebApp(app, config.webDist, authenticate);
  registerServerRecord(app, config);
  return app;
}

/** While it listens, the server's record in DATA_DIR tells `npm run orders` to go through its API (server-record.ts). */
function registerServerRecord(app: FastifyInstance, config: AppConfig): void {
  // Fastify runs onListen hooks after listen() has resolved: a server closed right away waits for the write in flight
  // (else the record was written after close, for a server no longer there, into a DATA_DIR perhaps being removed).
  let writing: Promise<boolean> | undefined;
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') return;
    writing = writeServerRecord(config.dataDir, {
      pid: process.pid,
      url: urlOfAddress(address),
      database: app.dbDialect,
      authMode: config.authMode,
      issuer: resolveLocalIssuer(config),
      audience: config.auth.audience,
      startedAt: new Date().toISOString(),
    }).then(() => true);
    await writing;
  });
  app.addHook('onClose', async () => {
    if (await writing?.catch(() => false)) await removeServerRecord(config.dataDir);
  });
}
