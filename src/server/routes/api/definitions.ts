import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Refusal } from '../../../contracts/common';
import { DefinitionBundle, FormParams } from '../../../contracts/forms';

/** GET /api/definitions/:form: the definition bundle the page runs (re-read after a staff edit, no rebuild). */
export async function definitionRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      '/api/definitions/:form',
      { schema: { params: FormParams, response: { 200: DefinitionBundle, 404: Refusal } } },
      async (request, reply) => {
        const served = app.definitions.get(request.params.form);
        if (!served)
          return reply
            .code(404)
            .send({ statusCode: 404, error: 'Not Found', message: `Unknown form '${request.params.form}'` });
        const { form, schema, ui, rules, data } = served.bundle;
        // Staff edits must reach the page on its next load, so the bundle is never cached as fresh.
        reply.header('cache-control', 'no-cache');
        return { form, schema, ui, rules, data: data ?? {} };
      },
    );
}
