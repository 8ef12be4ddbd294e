import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Refusal } from '../../../contracts/common';
import {
  EmailedBody,
  EmailOrderAnswer,
  EmailOrderBody,
  StaffOrder,
  BulkTransitionAnswer,
  BulkTransitionBody,
  DetailerBody,
  StaffOrderDetails,
  StaffOrderFileParams,
  StaffOrderFilters,
  StaffOrderParams,
  StaffOrdersAnswer,
  StaffOrdersQuery,
  TransitionBody,
} from '../../../contracts/staff';
import { listDealerChoices, listStaffOrderPage } from '../../repositories/staff-order-desk-repository';
import { listProducts, toStaffOrderRow } from '../../services/order-desk/order-rows';
import { publishedDefinitionFor } from '../../services/order-lifecycle/order-definition';
import { withDefinitions } from '../../services/order-lifecycle/order-lists';
import {
  describeOrder,
  findRequestProblems,
  recordOrderEmailed,
  transitionOrder,
  type TransitionOutcome,
} from '../../services/order-lifecycle/transition-order';
import { assignDetailer } from '../../services/order-lifecycle/assign-detailer';
import { moveOrders } from '../../services/order-desk/bulk-moves';
import { describeOrderDetails, readOrderFile } from '../../services/order-desk/order-details';
import type { OrderFilesDeps } from '../../services/order-files/order-files';
import { findOrderByFileName } from '../../repositories/order-lifecycle-repository';
import { MediaAnswer } from '../../../contracts/schema-helpers';
import { createMailer, MailDeliveryError } from '../../services/mail/mailer';
import { emailOrder } from '../../services/order-desk/email-order';
import type { Principal } from '../../types';
import { refuseUnsafeFileParameters, sendNotFound } from './order-files-parameters';

export const staffRole = 'staff';

const transitionFields = Object.keys(TransitionBody.properties);

/** Every staff route can refuse a caller without the staff role (403). */
const staffRefusals = { 403: Refusal } as const;
const orderAnswers = { 200: StaffOrder, 400: Refusal, 403: Refusal, 404: Refusal, 409: Refusal } as const;

/** 400 naming the fields a move does not take (nothing is silently dropped); true when sent. */
function refuseUnknownMoveFields(reply: FastifyReply, body: object, where: string): boolean {
  const unknown = Object.keys(body).filter((key) => !transitionFields.includes(key));
  if (!unknown.length) return false;
  void reply.code(400).send({
    statusCode: 400,
    error: 'Bad Request',
    message: 'Unknown fields in the move',
    reasons: unknown.map((key) => `${where}/${key} is not a field of a move`),
  });
  return true;
}

function actorOf(principal: Principal) {
  return { actor: principal.actor ?? principal.username, actorUserId: principal.userId };
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
      return reply
        .code(400)
        .send({ statusCode: 400, error: 'Bad Request', message: outcome.message, reasons: outcome.reasons });
  }
}

/**
 * Staff-only order moves (a token with role 'staff'; others 403), the same service as `npm run orders`:
 * POST /api/staff/orders/{fileName}/transition {to, ...facts} -> 200 order | 400 | 404 | 409 with the reason;
 * POST /api/staff/orders/{fileName}/emailed {emailedOn?}; GET /api/staff/orders[?status=&dealerId=&limit=];
 * GET /api/staff/orders/{fileName} (with its moves).
 */
export async function staffRoutes(app: FastifyInstance): Promise<void> {
  // An order's folder, job name and ship-to (until a move stores them) come from its definition's parties.
  const definitionFor = publishedDefinitionFor(app.definitions);
  // An order's files and lines are read with the definition it was checked with (as the dealer's file routes do).
  const mailer = createMailer(app.config.mail, app.config.dataDir);
  app.addHook('onClose', async () => mailer.close());
  const filesDeps = (): OrderFilesDeps => ({
    db: app.db,
    storage: app.storage,
    definitionOf: (order) => app.definitionVersions.definitionOfOrder(order),
  });
  app.register(async (scope) => {
    scope.addHook('preHandler', async (request, reply) => {
      if (!request.principal?.roles.includes(staffRole)) {
        return reply
          .code(403)
          .send({ statusCode: 403, error: 'Forbidden', message: 'Only TEMO staff may move orders' });
      }
    });

    const api = scope.withTypeProvider<TypeBoxTypeProvider>();
    api.get(
      '/api/staff/orders',
      { schema: { querystring: StaffOrdersQuery, response: { 200: StaffOrdersAnswer, ...staffRefusals } } },
      async (request) => {
        const page = await listStaffOrderPage(app.db, request.query);
        const rows = await withDefinitions(page.rows, definitionFor);
        return {
          total: page.total,
          counts: page.counts,
          orders: rows.map(({ order, definition }) => toStaffOrderRow(order, definition)),
        };
      },
    );

    api.get(
      '/api/staff/order-filters',
      { schema: { response: { 200: StaffOrderFilters, ...staffRefusals } } },
      async () => ({ dealers: await listDealerChoices(app.db), products: listProducts(app.definitions) }),
    );

    api.get(
      '/api/staff/orders/:fileName',
      { schema: { params: StaffOrderParams, response: orderAnswers } },
      async (request, reply) => {
        const { fileName } = request.params;
        if (refuseUnsafeFileParameters(reply, { fileName })) return reply;
        const order = await describeOrder(app.db, fileName);
        return order ? order : sendNotFound(reply, `No order named ${fileName}`);
      },
    );

    api.get(
      '/api/staff/orders/:fileName/details',
      {
        schema: {
          params: StaffOrderParams,
          response: { 200: StaffOrderDetails, 400: Refusal, 403: Refusal, 404: Refusal, 507: Refusal },
        },
      },
      async (request, reply) => {
        const { fileName } = request.params;
        if (refuseUnsafeFileParameters(reply, { fileName })) return reply;
        const order = await findOrderByFileName(app.db, fileName);
        if (!order) return sendNotFound(reply, `No order named ${fileName}`);
        return describeOrderDetails(filesDeps(), order);
      },
    );

    api.get(
      '/api/staff/orders/:fileName/files/:name',
      {
        schema: {
          params: StaffOrderFileParams,
          response: {
            200: MediaAnswer('application/pdf', 'the PDF, text file (text/plain) or drawing (image/png)', {
              type: 'string',
              format: 'binary',
            }),
            400: Refusal,
            403: Refusal,
            404: Refusal,
            507: Refusal,
          },
        },
      },
      async (request, reply) => {
        const { fileName, name } = request.params;
        if (refuseUnsafeFileParameters(reply, { fileName, name })) return reply;
        const order = await findOrderByFileName(app.db, fileName);
        if (!order) return sendNotFound(reply, `No order named ${fileName}`);
        const file = await readOrderFile(filesDeps(), order, name);
        if (!file) return sendNotFound(reply, `${fileName} has no file ${name}`);
        return reply
          .type(file.type)
          .header('content-disposition', `inline; filename="${name}"`)
          .header('cache-control', 'private, no-cache')
          .header('x-content-type-options', 'nosniff')
          .send(file.bytes);
      },
    );
    // More segments than the route takes ('a/../b'): not a plain name.
    scope.get(
      '/api/staff/orders/:fileName/files/*',
      {
        schema: {
          params: Type.Object({ fileName: Type.String(), '*': Type.String() }),
          response: { 400: Refusal, 403: Refusal },
        },
      },
      async (_request, reply) =>
        reply.code(400).send({
          statusCode: 400,
          error: 'Bad Request',
          message: 'A file parameter is not a plain name',
          reasons: ['file parameters must be plain names, not paths'],
        }),
    );

    api.post(
      '/api/staff/orders/:fileName/transition',
      { schema: { params: StaffOrderParams, body: TransitionBody, response: orderAnswers } },
      async (request, reply) => {
        const { fileName } = request.params;
        if (refuseUnsafeFileParameters(reply, { fileName })) return reply;
        if (refuseUnknownMoveFields(reply, request.body, 'body')) return reply;
        return sendOutcome(
          reply,
          await transitionOrder(app.db, fileName, request.body, actorOf(request.principal), definitionFor),
        );
      },
    );

    api.post(
      '/api/staff/orders/transitions',
      {
        schema: {
          body: BulkTransitionBody,
          response: { 200: BulkTransitionAnswer, 400: Refusal, 403: Refusal },
        },
      },
      async (request, reply) => {
        const { fileNames, move } = request.body;
        if (refuseUnknownMoveFields(reply, move, 'body/move')) return reply;
        // A move no order could make (a missing detailer, a bad date) is the request's fault, not a row's.
        const problems = findRequestProblems(move);
        if (problems.length)
          return reply.code(400).send({
            statusCode: 400,
            error: 'Bad Request',
            message: `The move to ${move.to} is not valid`,
            reasons: problems,
          });
        return { results: await moveOrders(app.db, fileNames, move, actorOf(request.principal), definitionFor) };
      },
    );

    api.put(
      '/api/staff/orders/:fileName/detailer',
      { schema: { params: StaffOrderParams, body: DetailerBody, response: orderAnswers } },
      async (request, reply) => {
        const { fileName } = request.params;
        if (refuseUnsafeFileParameters(reply, { fileName })) return reply;
        return sendOutcome(reply, await assignDetailer(app.db, fileName, request.body, actorOf(request.principal)));
      },
    );

    api.post(
      '/api/staff/orders/:fileName/email',
      {
        schema: {
          params: StaffOrderParams,
          body: EmailOrderBody,
          response: { 200: EmailOrderAnswer, 400: Refusal, 403: Refusal, 404: Refusal, 502: Refusal, 507: Refusal },
        },
      },
      async (request, reply) => {
        const { fileName } = request.params;
        if (refuseUnsafeFileParameters(reply, { fileName })) return reply;
        try {
          const outcome = await emailOrder(
            { ...filesDeps(), mailer },
            fileName,
            request.body,
            actorOf(request.principal),
          );
          if (outcome.kind === 'sent') return { order: outcome.order, email: outcome.email };
          if (outcome.kind === 'not-found') return sendNotFound(reply, outcome.message);
          return reply
            .code(400)
            .send({ statusCode: 400, error: 'Bad Request', message: outcome.message, reasons: outcome.reasons });
        } catch (error) {
          if (!(error instanceof MailDeliveryError)) throw error;
          request.log.warn({ err: error.cause }, 'order e-mail not delivered');
          return reply.code(502).send({
            statusCode: 502,
            error: 'Bad Gateway',
            message: `${error.message}. Nothing was recorded; try again.`,
          });
        }
      },
    );

    api.post(
      '/api/staff/orders/:fileName/emailed',
      { schema: { params: StaffOrderParams, body: EmailedBody, response: orderAnswers } },
      async (request, reply) => {
        const { fileName } = request.params;
        if (refuseUnsafeFileParameters(reply, { fileName })) return reply;
        return sendOutcome(
          reply,
          await recordOrderEmailed(app.db, fileName, request.body?.emailedOn, actorOf(request.principal)),
        );
      },
    );
  });
}
