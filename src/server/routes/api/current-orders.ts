import type { FastifyInstance } from 'fastify';
import { listConfirmedOrders, listProcessedOrders, listUnprocessedOrders } from '../../services/order-lifecycle/order-lists';

const nullableText = { type: ['string', 'null'] } as const;

const confirmedSchema = {
  type: 'object',
  required: ['confirmedData'],
  properties: {
    confirmedData: {
      type: 'array',
      items: {
        type: 'object',
        required: ['folder', 'jobName', 'fileName', 'confirmation', 'schedDate'],
        properties: { folder: { type: 'string' }, jobName: { type: 'string' }, fileName: { type: 'string' }, confirmation: nullableText, schedDate: nullableText },
      },
    },
  },
} as const;

const processedSchema = {
  type: 'object',
  required: ['processedData'],
  properties: {
    processedData: {
      type: 'array',
      items: {
        type: 'object',
        required: ['folderName', 'fileName', 'jobName', 'dateCreated', 'emailedOn', 'detailer'],
        properties: {
          folderName: { type: 'string' },
          fileName: { type: 'string' },
          jobName: { type: 'string' },
          dateCreated: { type: 'string' },
          emailedOn: nullableText,
          detailer: nullableText,
        },
      },
    },
  },
} as const;

const unprocessedSchema = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    required: ['folderName', 'lastName', 'firstName', 'sentBy', 'date', 'fileName'],
    properties: {
      folderName: { type: 'string' },
      lastName: { type: 'string' },
      firstName: { type: 'string' },
      sentBy: { type: 'string' },
      date: { type: 'string' },
      fileName: { type: 'string' },
    },
  },
} as const;

/**
 * Order Tracking lists (spec 1 §3/§7) of the caller's dealer. Dates are yyyy-mm-dd (UTC); emailedOn, detailer,
 * confirmation and schedDate are null until staff record them. initialOrders lives in orders.ts.
 */
export async function currentOrderRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/SQLThings/ConfirmedData', { schema: { response: { 200: confirmedSchema } } }, async (request) => ({
    confirmedData: await listConfirmedOrders(app.db, request.principal.dealerId),
  }));
  app.get('/api/SQLThings/ProcessedData', { schema: { response: { 200: processedSchema } } }, async (request) => ({
    processedData: await listProcessedOrders(app.db, request.principal.dealerId),
  }));
  app.get('/api/TxtThings/unprocessedFiles', { schema: { response: { 200: unprocessedSchema } } }, async (request) =>
    listUnprocessedOrders(app.db, request.principal.dealerId),
  );
}
