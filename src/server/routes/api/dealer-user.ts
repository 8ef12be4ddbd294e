import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { DealerLocations, DealerNameAnswer, ProductLineAnswer } from '../../../contracts/dealer';
import { findDealer, listDealerLocations } from '../../repositories/dealers-repository';

async function loadDealer(app: FastifyInstance, dealerId: number) {
  const dealer = await findDealer(app.db, dealerId);
  // A user row always references a dealer; a missing one means the data was edited by hand.
  if (!dealer) throw Object.assign(new Error(`Dealer ${dealerId} does not exist`), { statusCode: 500 });
  return dealer;
}

/** Spec 1 §7: the signed-in dealer's name, product line and locations. */
export async function dealerUserRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get('/api/DealerUserIDName/DealerName', { schema: { response: { 200: DealerNameAnswer } } }, async (request) => ({
    dealerName: (await loadDealer(app, request.principal.dealerId)).name,
  }));

  api.get(
    '/api/DealerUserIDName/GetProduct',
    { schema: { response: { 200: ProductLineAnswer } } },
    async (request) => ({
      theProduct: (await loadDealer(app, request.principal.dealerId)).productLine,
    }),
  );

  api.get('/api/DealerUserIDName/locations', { schema: { response: { 200: DealerLocations } } }, async (request) =>
    listDealerLocations(app.db, request.principal.dealerId),
  );
}
