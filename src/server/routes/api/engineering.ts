import type { FastifyInstance } from 'fastify';
import { engineeringMailPartNames, engineeringPartNames, listPartsByName } from '../../repositories/parts-repository';
import { strictValidatorCompiler } from '../../services/request-body-schema';
import { answerIdempotently } from './idempotent-answer';
import { readPageVersion } from './page-version';
import { incompleteSubmissionSchema, refusalSchema, submitConflictSchema } from './response-schemas';
import { toSubmitAnswer } from './submit-answer';

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
          409: submitConflictSchema,
          422: incompleteSubmissionSchema,
        },
      },
      validatorCompiler: strictValidatorCompiler,
    },
    // The body's shape is checked once, in the pipeline, against the *current* definition's schema (closed objects,
    // bounded strings, no coercion), so a staff edit of schema.json applies here too.
    async (request, reply) =>
      answerIdempotently(app, request, reply, async (db, wakeJobs) => {
        const pageVersionId = readPageVersion(request);
        if (typeof pageVersionId === 'object') return pageVersionId;
        return toSubmitAnswer(form, await app.submitPipeline.submit(db, { form, data: request.body, dataField: 'body', principal: request.principal, pageVersionId }, wakeJobs));
      }),
  );
}
