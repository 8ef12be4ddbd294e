/**
 * Cart orders (spec 3 §7): POST /api/SpareParts/SubmitSpareParts (spare parts, marketing or display by the body's
 * flag) and POST /api/SpareParts/CustomGlass. 201 {fileName}; 400 {message, reasons} for a body that does not fit the
 * cart's schema; 422 {message, missing, errors} when the cart's rules refuse it (an unknown part number included).
 * Nothing is stored unless it is answered 201. Idempotent by the `Idempotency-Key` header (idempotent-answer.ts).
 */
import type { FastifyInstance } from 'fastify';
import { strictValidatorCompiler } from '../../services/request-body-schema';
import { submitAnswers } from '../../../contracts/common';
import { formSubmitBody } from '../../../contracts/submissions';
import { answerIdempotently, type SubmitAnswer } from './idempotent-answer';
import { readPageVersion } from './page-version';
import { toSubmitAnswer } from './submit-answer';

/** Bodies are a few KB; 2 MB lets an over-long string reach the schema (400 naming the field) instead of a bare 413. */
const submitBodyLimit = 2 * 1024 * 1024;

const sparePartsSchema = {
  body: formSubmitBody(['spare-parts-cart', 'marketing-cart', 'display-cart']),
  response: submitAnswers,
};
const glassSchema = { body: formSubmitBody(['glass-cart']), response: submitAnswers };

/**
 * Which cart a SubmitSpareParts body is (spec 3 §3: the page sends `marketing: true` or `display: true`):
 * display-cart, marketing-cart, else spare-parts-cart; both flags true is a 400.
 */
export function resolveSparePartsForm(body: unknown): string | SubmitAnswer {
  const flags =
    body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  if (flags.display === true && flags.marketing === true) {
    return {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'The request body does not fit a spare parts order',
        reasons: ['body.display and body.marketing cannot both be true'],
      },
    };
  }
  return flags.display === true ? 'display-cart' : flags.marketing === true ? 'marketing-cart' : 'spare-parts-cart';
}

export async function cartRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: Record<string, unknown> }>(
    '/api/SpareParts/SubmitSpareParts',
    { bodyLimit: submitBodyLimit, validatorCompiler: strictValidatorCompiler, schema: sparePartsSchema },
    async (request, reply) =>
      answerIdempotently(app, request, reply, async (db, wakeJobs) => {
        const form = resolveSparePartsForm(request.body);
        if (typeof form !== 'string') return form;
        const pageVersionId = readPageVersion(request);
        if (typeof pageVersionId === 'object') return pageVersionId;
        return toSubmitAnswer(
          form,
          await app.submitPipeline.submit(
            db,
            { form, data: request.body, dataField: 'body', principal: request.principal, pageVersionId },
            wakeJobs,
          ),
        );
      }),
  );

  app.post<{ Body: Record<string, unknown> }>(
    '/api/SpareParts/CustomGlass',
    { bodyLimit: submitBodyLimit, validatorCompiler: strictValidatorCompiler, schema: glassSchema },
    async (request, reply) =>
      answerIdempotently(app, request, reply, async (db, wakeJobs) => {
        const pageVersionId = readPageVersion(request);
        if (typeof pageVersionId === 'object') return pageVersionId;
        return toSubmitAnswer(
          'glass-cart',
          await app.submitPipeline.submit(
            db,
            { form: 'glass-cart', data: request.body, dataField: 'body', principal: request.principal, pageVersionId },
            wakeJobs,
          ),
        );
      }),
  );
}
