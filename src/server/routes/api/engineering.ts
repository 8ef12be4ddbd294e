import type { FastifyInstance } from 'fastify';
import type { ValidateFunction } from 'ajv';
import { engineeringMailPartNames, engineeringPartNames, listPartsByName } from '../../repositories/parts-repository';
import { submitOrder } from '../../services/orders';
import { findBodyErrors } from '../../services/request-body-schema';
import { answerIdempotently } from './idempotent-answer';
import { incompleteSubmissionSchema, refusalSchema } from './response-schemas';

const form = 'engineering';

/** Bodies are a few KB; 2 MB lets an over-long string reach the schema (400 naming the field) instead of a bare 413. */
const submitBodyLimit = 2 * 1024 * 1024;

const pageQuerySchema = {
  type: 'object',
  properties: {
    skip: { type: 'integer', minimum: 0, maximum: 100000, default: 0 },
    top: { type: 'integer', minimum: 1, maximum: 1000, default: 10 },
  },
} as const;

const sparePartsSchema = {
  type: 'object',
  required: ['spareParts'],
  properties: {
    spareParts: {
      type: 'array',
      items: { type: 'object', required: ['name', 'price'], properties: { name: { type: 'string' }, price: { type: 'number' } } },
    },
  },
} as const;


interface PageQuery { skip: number; top: number }

/** Spec 1 §7: engineering part and mail prices, and the engineering request submission. */
export async function engineeringRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: PageQuery }>(
    '/api/OrderingEngineering/GetEngineeringParts',
    { schema: { querystring: pageQuerySchema, response: { 200: sparePartsSchema } } },
    async (request) => ({ spareParts: await listPartsByName(app.db, engineeringPartNames, request.query) }),
  );

  app.get<{ Querystring: PageQuery }>(
    '/api/OrderingEngineering/GetEngineeringMailParts',
    { schema: { querystring: pageQuerySchema, response: { 200: sparePartsSchema } } },
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
      schema: {
        body: { type: 'object', description: `definitions/${form}/schema.json, closed and bounded` },
        response: {
          201: { type: 'object', required: ['fileName'], properties: { fileName: { type: 'string' } } },
          400: refusalSchema,
          404: refusalSchema,
          409: refusalSchema,
          422: incompleteSubmissionSchema,
        },
      },
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
