import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ConfirmedOrdersAnswer, ProcessedOrdersAnswer, UnprocessedOrdersAnswer } from '../../../contracts/order-lists';
import {
  listConfirmedOrders,
  listProcessedOrders,
  listUnprocessedOrders,
} from '../../services/order-lifecycle/order-lists';
import { publishedDefinitionFor } from '../../services/order-lifecycle/order-definition';

/**
 * Order Tracking lists (spec 1 §3/§7) of the caller's dealer. Dates are yyyy-mm-dd (UTC); emailedOn, detailer,
 * confirmation and schedDate are null until staff record them. initialOrders lives in orders.ts.
 */
export async function currentOrderRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // Job names, folders and names come from each order's definition (its parties).
  const definitionFor = publishedDefinitionFor(app.definitions);
  api.get(
    '/api/SQLThings/ConfirmedData',
    { schema: { response: { 200: ConfirmedOrdersAnswer } } },
    async (request) => ({
      confirmedData: await listConfirmedOrders(app.db, request.principal.dealerId, definitionFor),
    }),
  );
  api.get(
    '/api/SQLThings/ProcessedData',
    { schema: { response: { 200: ProcessedOrdersAnswer } } },
    async (request) => ({
      processedData: await listProcessedOrders(app.db, request.principal.dealerId, definitionFor),
    }),
  );
  api.get(
    '/api/TxtThings/unprocessedFiles',
    { schema: { response: { 200: UnprocessedOrdersAnswer } } },
    async (request) => listUnprocessedOrders(app.db, request.principal.dealerId, definitionFor),
  );
}
