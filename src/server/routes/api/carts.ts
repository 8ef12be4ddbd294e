/**
 * Cart orders (spec 3 §7): POST /api/SpareParts/SubmitSpareParts (spare parts, marketing or display by the body's
 * flag) and POST /api/SpareParts/CustomGlass. 201 {fileName}; 400 {message, reasons} for a body that does not fit the
 * cart's schema; 422 {message, missing, errors} when the cart's rules refuse it (an unknown part number included).
 * Nothing is stored unless it is answered 201.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { resolveSparePartsForm, submitCart, type CartForm, type CartOutcome } from '../../services/cart-submit/index';
import { strictValidatorCompiler } from '../../services/request-body-schema';
import { incompleteSubmissionSchema, refusalSchema } from './response-schemas';

/** Bodies are a few KB; 2 MB lets an over-long string reach the schema (400 naming the field) instead of a bare 413. */
const submitBodyLimit = 2 * 1024 * 1024;

const routeSchema = {
  body: { type: 'object', description: 'definitions/<cart>/schema.json, closed and bounded' },
  response: {
    201: { type: 'object', required: ['fileName'], properties: { fileName: { type: 'string' } } },
    400: refusalSchema,
    404: refusalSchema,
    422: incompleteSubmissionSchema,
  },
} as const;

const orderNames: Record<CartForm, string> = {
  'spare-parts-cart': 'spare parts order',
  'marketing-cart': 'marketing order',
  'display-cart': 'display order',
  'glass-cart': 'glass order',
};

function sendOutcome(reply: FastifyReply, form: CartForm, outcome: CartOutcome) {
  switch (outcome.kind) {
    case 'unknown-form':
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `Unknown form '${outcome.form}'` });
    case 'malformed':
      return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: `The request body does not fit the ${orderNames[form]}`, reasons: outcome.reasons });
    case 'incomplete': {
      const counts = [
        outcome.missing.length ? `${outcome.missing.length} required field(s) missing` : '',
        Object.keys(outcome.errors).length ? `${Object.keys(outcome.errors).length} invalid field(s)` : '',
      ].filter(Boolean);
      return reply.code(422).send({ statusCode: 422, error: 'Unprocessable Entity', message: `The ${orderNames[form]} was not stored: ${counts.join(', ')}`, missing: outcome.missing, errors: outcome.errors });
    }
    case 'stored':
      return reply.code(201).send({ fileName: outcome.fileName });
  }
}

export async function cartRoutes(app: FastifyInstance): Promise<void> {
  const deps = { db: app.db, definitions: app.definitions };

  app.post<{ Body: Record<string, unknown> }>(
    '/api/SpareParts/SubmitSpareParts',
    { bodyLimit: submitBodyLimit, validatorCompiler: strictValidatorCompiler, schema: routeSchema },
    async (request, reply) => {
      const form = resolveSparePartsForm(request.body);
      if (typeof form !== 'string') return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: 'The request body does not fit a spare parts order', reasons: form.reasons });
      return sendOutcome(reply, form, await submitCart(deps, form, request.body, request.principal));
    },
  );

  app.post<{ Body: Record<string, unknown> }>(
    '/api/SpareParts/CustomGlass',
    { bodyLimit: submitBodyLimit, validatorCompiler: strictValidatorCompiler, schema: routeSchema },
    async (request, reply) => sendOutcome(reply, 'glass-cart', await submitCart(deps, 'glass-cart', request.body, request.principal)),
  );
}
