import type { FastifyInstance } from 'fastify';

/** Form ids are folder names: lower case letters, digits and dashes. */
export const formParamSchema = {
  type: 'object',
  required: ['form'],
  properties: { form: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,63}$' } },
} as const;

/** GET /api/definitions/:form: the definition bundle the page runs (re-read after a staff edit, no rebuild). */
export async function definitionRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { form: string } }>(
    '/api/definitions/:form',
    { schema: { params: formParamSchema } },
    async (request, reply) => {
      const served = app.definitions.get(request.params.form);
      if (!served) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `Unknown form '${request.params.form}'` });
      const { form, schema, ui, rules, data } = served.bundle;
      // Staff edits must reach the page on its next load, so the bundle is never cached as fresh.
      reply.header('cache-control', 'no-cache');
      return { form, schema, ui, rules, data: data ?? {} };
    },
  );
}
