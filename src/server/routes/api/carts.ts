/**
 * Cart orders (spec 3 §7): POST /api/SpareParts/SubmitSpareParts (spare parts, marketing or display by the body's
 * flag) and POST /api/SpareParts/CustomGlass. 201 {fileName}; 400 {message, reasons} for a body that does not fit the
 * cart's schema; 422 {message, missing, errors} when the cart's rules refuse it (an unknown part number included).
 * Nothing is stored unless it is answered 201. Idempotent by the `Idempotency-Key` header (idempotent-answer.ts).
 */
import type { FastifyInstance } from 'fastify';
import { resolveSparePartsForm, submitCart, type CartForm, type CartOutcome } from '../../services/cart-submit/index';
import { strictValidatorCompiler } from '../../services/request-body-schema';
import { submitAnswers } from '../../../contracts/common';
import { formSubmitBody } from '../../../contracts/submissions';
import { answerIdempotently, type SubmitAnswer } from './idempotent-answer';

/** Bodies are a few KB; 2 MB lets an over-long string reach the schema (400 naming the field) instead of a bare 413. */
const submitBodyLimit = 2 * 1024 * 1024;

const sparePartsSchema = { body: formSubmitBody(['spare-parts-cart', 'marketing-cart', 'display-cart']), response: submitAnswers };
const glassSchema = { body: formSubmitBody(['glass-cart']), response: submitAnswers };

const orderNames: Record<CartForm, string> = {
  'spare-parts-cart': 'spare parts order',
  'marketing-cart': 'marketing order',
  'display-cart': 'display order',
  'glass-cart': 'glass order',
};

function toAnswer(form: CartForm, outcome: CartOutcome): SubmitAnswer {
  switch (outcome.kind) {
    case 'unknown-form':
      return { status: 404, body: { statusCode: 404, error: 'Not Found', message: `Unknown form '${outcome.form}'` } };
    case 'malformed':
      return { status: 400, body: { statusCode: 400, error: 'Bad Request', message: `The request body does not fit the ${orderNames[form]}`, reasons: outcome.reasons } };
    case 'incomplete': {
      const counts = [
        outcome.missing.length ? `${outcome.missing.length} required field(s) missing` : '',
        Object.keys(outcome.errors).length ? `${Object.keys(outcome.errors).length} invalid field(s)` : '',
      ].filter(Boolean);
      return { status: 422, body: { statusCode: 422, error: 'Unprocessable Entity', message: `The ${orderNames[form]} was not stored: ${counts.join(', ')}`, missing: outcome.missing, errors: outcome.errors } };
    }
    case 'stored':
      return { status: 201, body: { fileName: outcome.fileName } };
  }
}

export async function cartRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: Record<string, unknown> }>(
    '/api/SpareParts/SubmitSpareParts',
    { bodyLimit: submitBodyLimit, validatorCompiler: strictValidatorCompiler, schema: sparePartsSchema },
    async (request, reply) =>
      answerIdempotently(app, request, reply, async (db) => {
        const form = resolveSparePartsForm(request.body);
        if (typeof form !== 'string') return { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'The request body does not fit a spare parts order', reasons: form.reasons } };
        return toAnswer(form, await submitCart({ db, definitions: app.definitions }, form, request.body, request.principal));
      }),
  );

  app.post<{ Body: Record<string, unknown> }>(
    '/api/SpareParts/CustomGlass',
    { bodyLimit: submitBodyLimit, validatorCompiler: strictValidatorCompiler, schema: glassSchema },
    async (request, reply) =>
      answerIdempotently(app, request, reply, async (db) => toAnswer('glass-cart', await submitCart({ db, definitions: app.definitions }, 'glass-cart', request.body, request.principal))),
  );
}
