import { sql } from 'drizzle-orm';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { HealthAnswer } from '../../../contracts/health';
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

/**
 * GET /api/healthz: public; whether the database answers and files can be written. 200 when both are up, else 503
 * (with Retry-After); the body names the part that is down.
 */
export async function healthzRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      '/api/healthz',
      { config: { isPublic: true }, schema: { response: { 200: HealthAnswer, 503: HealthAnswer } } },
      async (request, reply) => {
        const [database, storage] = await Promise.all([
          withTimeout(app.db.execute(sql`select 1`), 'the database').then(
            () => ({ status: 'up' as const, dialect: app.dbDialect }),
            (error: unknown) => {
              request.log.warn({ err: error }, 'healthz: database down');
              // The code only (ECONNREFUSED, 57P03): the answer is public, the address and the driver's words stay in the log.
              const code =
                (error as { code?: string; cause?: { code?: string } }).cause?.code ??
                (error as { code?: string }).code;
              return {
                status: 'down' as const,
                dialect: app.dbDialect,
                problem: `the database cannot be reached${code ? ` (${code})` : ''}`,
              };
            },
          ),
          withTimeout(
            app.storage.health?.() ?? Promise.resolve<StorageHealth>({ status: 'up' }),
            'the file storage',
          ).catch((error: unknown): StorageHealth => ({ status: 'down', problem: (error as Error).message })),
        ]);
        const isUp = database.status === 'up' && storage.status === 'up';
        if (!isUp) reply.code(503).header('retry-after', String(databaseRetryAfterSeconds));
        return {
          status: isUp ? ('ok' as const) : ('down' as const),
          database,
          storage: { kind: app.config.azureStorage ? 'azure-blob' : 'directory', ...storage },
        };
      },
    );
}
