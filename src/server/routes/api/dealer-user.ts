import type { FastifyInstance } from 'fastify';
import { productLines } from '../../db/schema';
import { findDealer, listDealerLocations } from '../../repositories/dealers-repository';

async function loadDealer(app: FastifyInstance, dealerId: number) {
  const dealer = await findDealer(app.db, dealerId);
  // A user row always references a dealer; a missing one means the data was edited by hand.
  if (!dealer) throw Object.assign(new Error(`Dealer ${dealerId} does not exist`), { statusCode: 500 });
  return dealer;
}

/** Spec 1 §7: the signed-in dealer's name, product line and locations. */
export async function dealerUserRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/DealerUserIDName/DealerName',
    {
      schema: {
        response: { 200: { type: 'object', required: ['dealerName'], properties: { dealerName: { type: 'string' } } } },
      },
    },
    async (request) => ({ dealerName: (await loadDealer(app, request.principal.dealerId)).name }),
  );

  app.get(
    '/api/DealerUserIDName/GetProduct',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['theProduct'],
            properties: { theProduct: { type: 'string', enum: [...productLines] } },
          },
        },
      },
    },
    async (request) => ({ theProduct: (await loadDealer(app, request.principal.dealerId)).productLine }),
  );

  app.get(
    '/api/DealerUserIDName/locations',
    {
      schema: {
        response: { 200: { type: 'object', additionalProperties: { type: 'string' } } },
      },
    },
    async (request) => listDealerLocations(app.db, request.principal.dealerId),
  );
}
