import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** GET /api/healthz: public; checks that the database answers. */
export async function healthzRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/healthz',
    {
      config: { isPublic: true },
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['status', 'database'],
            properties: { status: { type: 'string', enum: ['ok'] }, database: { type: 'string' } },
          },
        },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: app.dbDialect };
    },
  );
}
