import type { FastifyInstance, FastifyReply } from 'fastify';
import { orderStatuses, type OrderStatus } from '../../db/schema';
import { listOrdersForStaff } from '../../repositories/order-lifecycle-repository';
import { folderOf } from '../../services/order-lifecycle/order-lists';
import {
  describeOrder,
  recordOrderEmailed,
  transitionOrder,
  type TransitionOutcome,
  type TransitionRequest,
} from '../../services/order-lifecycle/transition-order';
import type { Principal } from '../../types';
import { refuseUnsafeFileParameters, sendNotFound } from './order-files-parameters';
import { refusalSchema } from './response-schemas';

export const staffRole = 'staff';

const transitionFields = ['to', 'detailer', 'emailedOn', 'confirmation', 'schedDate', 'dateShipped', 'shipTo'];

const transitionBodySchema = {
  type: 'object',
  required: ['to'],
  properties: {
    to: { type: 'string', enum: [...orderStatuses] },
    detailer: { type: 'string', maxLength: 120 },
    emailedOn: { type: 'string', maxLength: 10 },
    confirmation: { type: 'string', maxLength: 10 },
    schedDate: { type: 'string', maxLength: 10 },
    dateShipped: { type: 'string', maxLength: 10 },
    shipTo: {
      type: 'object',
      required: ['streetAddress', 'cityStateZip'],
      properties: { streetAddress: { type: 'string', maxLength: 120 }, cityStateZip: { type: 'string', maxLength: 120 } },
    },
  },
} as const;

const orderSchema = {
  type: 'object',
  properties: {
    fileName: { type: 'string' },
    dealerId: { type: 'integer' },
    formId: { type: 'string' },
    status: { type: 'string' },
    createdAt: { type: 'string' },
    folderName: { type: ['string', 'null'] },
    jobName: { type: ['string', 'null'] },
    detailer: { type: ['string', 'null'] },
    emailedOn: { type: ['string', 'null'] },
    confirmation: { type: ['string', 'null'] },
    schedDate: { type: ['string', 'null'] },
    dateShipped: { type: ['string', 'null'] },
    shipTo: { type: ['object', 'null'], properties: { streetAddress: { type: 'string' }, cityStateZip: { type: 'string' } } },
    drawings: {
      type: ['object', 'null'],
      properties: { status: { type: 'string' }, attempts: { type: 'integer' }, maxAttempts: { type: 'integer' }, lastError: { type: ['string', 'null'] }, updatedAt: { type: 'string' } },
    },
    events: {
      type: 'array',
      items: {
        type: 'object',
        properties: { from: { type: 'string' }, to: { type: 'string' }, actor: { type: 'string' }, at: { type: 'string' }, details: { type: 'object', additionalProperties: true } },
      },
    },
  },
} as const;

const responses = { 200: orderSchema, 400: refusalSchema, 403: refusalSchema, 404: refusalSchema, 409: refusalSchema } as const;

function actorOf(principal: Principal) {
  return { actor: principal.username, actorUserId: principal.userId };
}

function sendOutcome(reply: FastifyReply, outcome: TransitionOutcome) {
  switch (outcome.kind) {
    case 'moved':
      return reply.send(outcome.order);
    case 'not-found':
      return sendNotFound(reply, outcome.message);
    case 'refused':
      return reply.code(409).send({ statusCode: 409, error: 'Conflict', message: outcome.message });
    case 'invalid':
      return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: outcome.message, reasons: outcome.reasons });
  }
}

/**
 * Staff-only order moves (a token with role 'staff'; others 403), the same service as `npm run orders`:
 * POST /api/staff/orders/{fileName}/transition {to, ...facts} -> 200 order | 400 | 404 | 409 with the reason;
 * POST /api/staff/orders/{fileName}/emailed {emailedOn?}; GET /api/staff/orders[?status=&dealerId=&limit=];
 * GET /api/staff/orders/{fileName} (with its moves).
 */
export async function staffRoutes(app: FastifyInstance): Promise<void> {
  app.register(async (scope) => {
    scope.addHook('preHandler', async (request, reply) => {
      if (!request.principal?.roles.includes(staffRole)) {
        return reply.code(403).send({ statusCode: 403, error: 'Forbidden', message: 'Only TEMO staff may move orders' });
      }
    });

    scope.get<{ Querystring: { status?: OrderStatus; dealerId?: number; limit: number } }>(
      '/api/staff/orders',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: {
              status: { type: 'string', enum: [...orderStatuses] },
              dealerId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 }, // PostgreSQL integer
              limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
            },
          },
          response: { 403: refusalSchema },
        },
      },
      async (request) => {
        const rows = await listOrdersForStaff(app.db, request.query);
        return {
          orders: rows.map((row) => ({
            fileName: row.fileName,
            dealerId: row.dealerId,
            dealerName: row.dealerName,
            formId: row.formId,
            status: row.status,
            createdAt: row.createdAt.toISOString(),
            folderName: row.status === 'initial' ? row.folderName : folderOf(row),
            jobName: row.jobName,
            detailer: row.detailer,
            emailedOn: row.emailedOn,
            confirmation: row.confirmation,
            schedDate: row.schedDate,
            dateShipped: row.dateShipped,
          })),
        };
      },
    );

    scope.get<{ Params: { fileName: string } }>('/api/staff/orders/:fileName', { schema: { response: responses } }, async (request, reply) => {
      const { fileName } = request.params;
      if (refuseUnsafeFileParameters(reply, { fileName })) return reply;
      const order = await describeOrder(app.db, fileName);
      return order ? order : sendNotFound(reply, `No order named ${fileName}`);
    });

    scope.post<{ Params: { fileName: string }; Body: TransitionRequest }>(
      '/api/staff/orders/:fileName/transition',
      { schema: { body: transitionBodySchema, response: responses } },
      async (request, reply) => {
        const { fileName } = request.params;
        if (refuseUnsafeFileParameters(reply, { fileName })) return reply;
        const unknown = Object.keys(request.body).filter((key) => !transitionFields.includes(key));
        if (unknown.length) {
          return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: 'Unknown fields in the move', reasons: unknown.map((key) => `body/${key} is not a field of a move`) });
        }
        return sendOutcome(reply, await transitionOrder(app.db, fileName, request.body, actorOf(request.principal)));
      },
    );

    scope.post<{ Params: { fileName: string }; Body: { emailedOn?: string } | undefined }>(
      '/api/staff/orders/:fileName/emailed',
      {
        schema: {
          body: { type: ['object', 'null'], properties: { emailedOn: { type: 'string', maxLength: 10 } }, additionalProperties: false },
          response: responses,
        },
      },
      async (request, reply) => {
        const { fileName } = request.params;
        if (refuseUnsafeFileParameters(reply, { fileName })) return reply;
        return sendOutcome(reply, await recordOrderEmailed(app.db, fileName, request.body?.emailedOn, actorOf(request.principal)));
      },
    );
  });
}
