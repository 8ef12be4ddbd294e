import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ValidateFunction } from 'ajv';
import { submitAnswers } from '../../../contracts/common';
import { PricedPartsAnswer, PricedPartsQuery } from '../../../contracts/engineering';
import { formSubmitBody } from '../../../contracts/submissions';
import { engineeringMailPartNames, engineeringPartNames, listPartsByName } from '../../repositories/parts-repository';
import { submitOrder } from '../../services/orders';
import { findBodyErrors } from '../../services/request-body-schema';
import { answerIdempotently } from './idempotent-answer';

const form = 'engineering';

/** Bodies are a few KB; 2 MB lets an over-long string reach the schema (400 naming the field) instead of a bare 413. */
const submitBodyLimit = 2 * 1024 * 1024;

/** Spec 1 §7: engineering part and mail prices, and the engineering request submission. */
export async function engineeringRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/api/OrderingEngineering/GetEngineeringParts',
    { schema: { querystring: PricedPartsQuery, response: { 200: PricedPartsAnswer } } },
    async (request) => ({ spareParts: await listPartsByName(app.db, engineeringPartNames, request.query) }),
  );

  api.get(
    '/api/OrderingEngineering/GetEngineeringMailParts',
    { schema: { querystring: PricedPartsQuery, response: { 200: PricedPartsAnswer } } },
    async (request) => ({ spareParts: await listPartsByName(app.db, engineeringMailPartNames, request.query) }),
  );

  // The body is checked against the *current* definition's schema (closed objects, bounded strings, no coercion),
  // so a staff edit of schema.json applies here too; then the rules re-check it in submitOrder.
  const validateBody = ((body: unknown) => {
    const served = app.definitions.get(form);
    const errors = served ? findBodyErrors(served.compiled, body) : undefined;
    validateBody.errors = errors ?? null;
    return !errors;
  }) as ValidateFunction;

  app.post(
    '/api/OrderingEngineering/SubmitData',
    {
      bodyLimit: submitBodyLimit,
      schema: { body: formSubmitBody([form]), response: submitAnswers },
      validatorCompiler: () => validateBody,
    },
    async (request, reply) =>
      answerIdempotently(app, request, reply, async (db) => {
        const served = app.definitions.get(form);
        if (!served) return { status: 404, body: { statusCode: 404, error: 'Not Found', message: `Unknown form '${form}'` } };
        const outcome = await submitOrder(db, served, request.principal, request.body);
        if (outcome.kind === 'malformed') {
          return { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'The request body does not fit the engineering request', reasons: outcome.reasons } };
        }
        if (outcome.kind === 'incomplete') {
          const counts = [
            outcome.missing.length ? `${outcome.missing.length} required field(s) missing` : '',
            Object.keys(outcome.errors).length ? `${Object.keys(outcome.errors).length} invalid field(s)` : '',
          ].filter(Boolean);
          return {
            status: 422,
            body: {
              statusCode: 422,
              error: 'Unprocessable Entity',
              message: `The engineering request was not stored: ${counts.join(', ')}`,
              missing: outcome.missing,
              errors: outcome.errors,
            },
          };
        }
        return { status: 201, body: { fileName: outcome.fileName } };
      }),
  );
}
