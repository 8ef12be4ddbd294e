import type { FastifyInstance } from 'fastify';
import { maxHistoryPageSize, readHistoryPage } from '../../services/order-history/history-pages';
import { refusalSchema } from './response-schemas';

const querySchema = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: maxHistoryPageSize, default: maxHistoryPageSize },
  },
  additionalProperties: false,
} as const;

const responseSchema = {
  type: 'object',
  required: ['orderHistoryData'],
  properties: {
    orderHistoryData: {
      type: 'array',
      items: {
        type: 'object',
        required: ['folder', 'fileName', 'jobName', 'dateShipped', 'streetAddress', 'cityStateZip'],
        properties: {
          folder: { type: 'string' },
          fileName: { type: 'string' },
          jobName: { type: 'string' },
          dateShipped: { type: ['string', 'null'] },
          // Text or an object as recorded (spec 1 §3): left untyped so either passes through as it is.
          streetAddress: {},
          cityStateZip: {},
        },
      },
    },
  },
} as const;

/**
 * GET /api/SQLThings/OrderHistoryData?page={n}&pageSize=1000 (spec 1 §7): the caller's dealer's shipped orders,
 * page 1-based, newest dateShipped first and undated last; past the last page the list is empty.
 */
export async function orderHistoryRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { page: number; pageSize: number } }>(
    '/api/SQLThings/OrderHistoryData',
    { schema: { querystring: querySchema, response: { 200: responseSchema, 400: refusalSchema } } },
    async (request) => ({
      orderHistoryData: await readHistoryPage(app.db, request.principal.dealerId, request.query.page, request.query.pageSize),
    }),
  );
}
