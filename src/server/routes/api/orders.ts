import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { InitialOrdersAnswer } from '../../../contracts/order-lists';
import { listInitialOrders } from '../../services/orders';

/**
 * GET /api/TxtThings/initialOrders (spec 1 §7): the caller's dealer's orders in status 'initial', keyed by file name.
 * Engineering requests: lastName = the job name (userFileName), firstName = '' (no customer is named),
 * sentBy = personalInfo.sender, dateTimeSent = UTC yyyymmddHHMMSS of the submission.
 */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get('/api/TxtThings/initialOrders', { schema: { response: { 200: InitialOrdersAnswer } } }, async (request) =>
      listInitialOrders(app.db, request.principal.dealerId),
    );
}
