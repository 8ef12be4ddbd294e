import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { OrderHistoryAnswer, OrderHistoryQuery } from '../../../contracts/order-lists';
import { readHistoryPage } from '../../services/order-history/history-pages';

/**
 * GET /api/SQLThings/OrderHistoryData?page={n}&pageSize=1000 (spec 1 §7): the caller's dealer's shipped orders,
 * page 1-based, newest dateShipped first and undated last; past the last page the list is empty.
 */
export async function orderHistoryRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      '/api/SQLThings/OrderHistoryData',
      { schema: { querystring: OrderHistoryQuery, response: { 200: OrderHistoryAnswer } } },
      async (request) => ({
        orderHistoryData: await readHistoryPage(
          app.db,
          request.principal.dealerId,
          request.query.page,
          request.query.pageSize,
        ),
      }),
    );
}
