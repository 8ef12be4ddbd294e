import { sql } from 'drizzle-orm';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import { LivenessAnswer, ReadinessAnswer } from '../../../contracts/health';
import { databaseRetryAfterSeconds } from '../../plugins/error-handler';
import type { StorageHealth } from '../../services/storage/index';

/** A check that has not answered by then counts as down (a PostgreSQL server that stopped answering). */
const checkTimeoutMs = 3000;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${checkTimeoutMs} ms`)), checkTimeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

type DatabaseHealth = ReadinessAnswer['database'];

function checkDatabase(app: FastifyInstance, log: FastifyBaseLogger): Promise<DatabaseHealth> {
  return withTimeout(app.db.execute(sql`select 1`), 'the database').then(
    () => ({ status: 'up' as const, dialect: app.dbDialect }),
    (error: unknown) => {
      log.warn({ err: error }, 'readyz: database down');
      // The code only (ECONNREFUSED, 57P03): the answer is public, the address and the driver's words stay in the log.
      const code =
        (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
      return {
        status: 'down' as const,
        dialect: app.dbDialect,
        problem: `the database cannot be reached${code ? ` (${code})` : ''}`,
      };
    },
  );
}

function checkStorage(app: FastifyInstance): Promise<StorageHealth> {
  return withTimeout(
    app.storage.health?.() ?? Promise.resolve<StorageHealth>({ status: 'up' }),
    'the file storage',
  ).catch((error: unknown): StorageHealth => ({ status: 'down', problem: (error as Error).message }));
}

function publishedVersionId(app: FastifyInstance): number | undefined {
  try {
    return app.definitionVersions.published().versionId;
  } catch {
    return undefined; // not started
  }
}

/**
 * GET /api/healthz (liveness): 200 while the process answers; it checks nothing outside it, so a load balancer never
 * restarts servers because PostgreSQL blinked. GET /api/readyz (readiness): 200 when the database answers, files
 * can be written, the definitions are loaded and the server is not shutting down; else 503 with the reasons.
 */
export async function healthzRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(
    '/api/healthz',
    { config: { isPublic: true }, schema: { response: { 200: LivenessAnswer } } },
    async () => ({ status: 'ok' as const, isShuttingDown: app.drain.isDraining }),
  );
  typed.get(
    '/api/readyz',
    { config: { isPublic: true }, schema: { response: { 200: ReadinessAnswer, 503: ReadinessAnswer } } },
    async (request, reply) => {
      const isShuttingDown = app.drain.isDraining;
      // A draining server is not ready whatever its parts say; no need to ask them.
      const [database, storage] = isShuttingDown
        ? [{ status: 'up' as const, dialect: app.dbDialect }, { status: 'up' as const }]
        : await Promise.all([checkDatabase(app, request.log), checkStorage(app)]);
      const versionId = publishedVersionId(app);
      const reasons = [
        ...(isShuttingDown ? ['the server is shutting down'] : []),
        ...(database.status === 'up' ? [] : [database.problem ?? 'the database cannot be reached']),
        ...(storage.status === 'up'
          ? []
          : [storage.problem ?? (storage.status === 'full' ? 'the file storage is full' : 'files cannot be written')]),
        ...(versionId === undefined ? ['the definitions are not loaded'] : []),
      ];
      if (reasons.length > 0) reply.code(503).header('retry-after', String(databaseRetryAfterSeconds));
      return {
        status: reasons.length === 0 ? ('ready' as const) : ('not-ready' as const),
        reasons,
        database,
        storage: { kind: app.config.azureStorage ? 'azure-blob' : 'directory', ...storage },
        definitions:
          versionId === undefined ? { status: 'not-loaded' as const } : { status: 'loaded' as const, versionId },
        isShuttingDown,
      };
    },
  );
}
