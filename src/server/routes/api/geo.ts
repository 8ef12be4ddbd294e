import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Refusal } from '../../../contracts/common';
import { Place, PostalCodeParams } from '../../../contracts/geo';
import { lookUpPostalCode, parsePostalCode } from '../../services/geo-lookup';

/** GET /api/geo/postal-codes/:code: city and state/province for a US zip or a Canadian postal code (by its FSA), offline. */
export async function geoRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      '/api/geo/postal-codes/:code',
      { schema: { params: PostalCodeParams, response: { 200: Place, 400: Refusal, 404: Refusal } } },
      async (request, reply) => {
        const parsed = parsePostalCode(request.params.code);
        if (!parsed.ok) {
          return reply.code(400).send({
            statusCode: 400,
            error: 'Bad Request',
            message: `'${request.params.code}' is not a postal code`,
            reasons: parsed.reasons,
          });
        }
        const place = lookUpPostalCode(parsed);
        if (!place)
          return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Unknown postal code' });
        // The dataset changes only with a package upgrade: let the browser keep answers for a day.
        reply.header('cache-control', 'private, max-age=86400');
        return place;
      },
    );
}
