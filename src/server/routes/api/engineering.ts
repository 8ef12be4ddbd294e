import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { submitAnswers } from '../../../contracts/common';
import { PricedPartsAnswer, PricedPartsQuery } from '../../../contracts/engineering';
import { formSubmitBody } from '../../../contracts/submissions';
import { engineeringMailPartNames, engineeringPartNames, listPartsByName } from '../../repositories/parts-repository';
import { strictValidatorCompiler } from '../../services/request-body-schema';
import { answerIdempotently } from './idempotent-answer';
import { readPageVersion } from './page-version';
import { toSubmitAnswer } from './submit-answer';

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

  app.post(
    '/api/OrderingEngineering/SubmitData',
    {
      bodyLimit: submitBodyLimit,
      schema: { body: formSubmitBody([form]), response: submitAnswers },
      validatorCompiler: strictValidatorCompiler,
    },
    // The body's shape is checked once, in the pipeline, against the *current* definition's schema (closed objects,
    // bounded strings, no coercion), so a staff edit of schema.json applies here too.
    async (request, reply) =>
      answerIdempotently(app, request, reply, async (db, wakeJobs) => {
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
}
