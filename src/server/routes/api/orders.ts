import type { FastifyInstance } from 'fastify';
import { listInitialOrders } from '../../services/orders';

const initialOrderSchema = {
  type: 'object',
  required: ['lastName', 'firstName', 'sentBy', 'dateTimeSent', 'fileName'],
  properties: {
    lastName: { type: 'string' },
    firstName: { type: 'string' },
    sentBy: { type: 'string' },
    dateTimeSent: { type: 'string' },
    fileName: { type: 'string' },
  },
} as const;

/**
 * GET /api/TxtThings/initialOrders (spec 1 §7): the caller's dealer's orders in status 'initial', keyed by file name.
 * Engineering requests: lastName = the job name (userFileName), firstName = '' (no customer is named),
 * sentBy = personalInfo.sender, dateTimeSent = UTC yyyymmddHHMMSS of the submission.
 */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/TxtThings/initialOrders',
    { schema: { response: { 200: { type: 'object', additionalProperties: initialOrderSchema } } } },
    async (request) => listInitialOrders(app.db, request.principal.dealerId),
  );
}
