import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { InitialOrdersAnswer } from '../../../contracts/order-lists';
import { publishedDefinitionFor } from '../../services/order-lifecycle/order-definition';
import { listInitialOrders } from '../../services/orders';

/**
 * GET /api/TxtThings/initialOrders (spec 1 §7): the caller's dealer's orders in status 'initial', keyed by file name.
 * lastName, firstName and sentBy are what each order's definition names (`parties`: engineering requests list their
 * job name as lastName and no firstName), dateTimeSent = UTC yyyymmddHHMMSS of the submission.
 */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const definitionFor = publishedDefinitionFor(app.definitions);
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get('/api/TxtThings/initialOrders', { schema: { response: { 200: InitialOrdersAnswer } } }, async (request) =>
      listInitialOrders(app.db, request.principal.dealerId, definitionFor),
    );
}
