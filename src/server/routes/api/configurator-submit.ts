/**
 * Configurator submissions (spec 2 §7, spec 3 §7): one route shape for every configurator page, posting
 * `{<DataField>: {...}}` with `?isOrdered=true|false`. Sunrooms register theirs in sunrooms.ts; pergolas and
 * pavilions are registered here.
 */
import type { FastifyInstance } from 'fastify';
import { submitConfigurator } from '../../services/configurator-submit/index';
import type { ProductFamily } from '../../services/dealer-status/index';
import { strictValidatorCompiler } from '../../services/request-body-schema';
import { dealerStatusAnswers, StoredOrder, submitAnswers } from '../../../contracts/common';
import { configuratorSubmitBody, ConfiguratorSubmitQuery, type ConfiguratorSubmitBody } from '../../../contracts/submissions';
import { answerIdempotently } from './idempotent-answer';

export interface ConfiguratorSubmitRoute {
  url: string;
  /** The wrapper field of the body (SunroomsData, PergolasData, PavillionsData). */
  dataField: string;
  family: ProductFamily;
  /** Forms this page submits; a preview of one may become an order of another. */
  formsOfPage: string[];
  /** Which definition checks this body. */
  resolveForm(data: unknown): string;
}

/** Bodies are tens of KB; 2 MB lets an over-long string reach the schema (400 naming the field) instead of a bare 413. */
const submitBodyLimit = 2 * 1024 * 1024;


/**
 * Registers POST `route.url`: 201 {fileName} for a new order or preview, 200 {fileName} when the order turns its
 * preview (currentCADImagesFiles) into the order; 999/998/997 {message, contact} from the dealer's status;
 * 400 {message, reasons} for a malformed body; 422 {message, missing, errors} when the engine finds it incomplete;
 * 409 when the named preview is already an order. Idempotent by the `Idempotency-Key` header (idempotent-answer.ts).
 */
export function registerConfiguratorSubmitRoute(app: FastifyInstance, route: ConfiguratorSubmitRoute): void {
  app.post<{ Querystring: ConfiguratorSubmitQuery; Body: ConfiguratorSubmitBody }>(
    route.url,
    {
      bodyLimit: submitBodyLimit,
      validatorCompiler: strictValidatorCompiler,
      // 997-999 cannot be Fastify response schemas (100-599 only): the OpenAPI document lists them from here.
      config: { docAnswers: dealerStatusAnswers },
      schema: {
        querystring: ConfiguratorSubmitQuery,
        body: configuratorSubmitBody(route.dataField, route.formsOfPage),
        // 200: the order turned its own preview (currentCADImagesFiles) into the order.
        response: { 200: StoredOrder, ...submitAnswers },
      },
    },
    async (request, reply) =>
      answerIdempotently(app, request, reply, async (db, wakeJobs) => {
        const data = request.body[route.dataField];
        const form = route.resolveForm(data);
        const outcome = await submitConfigurator(
          { db, definitions: app.definitions, jobs: { wake: wakeJobs } },
          { form, family: route.family, formsOfPage: route.formsOfPage, data, dataField: route.dataField, isOrdered: request.query.isOrdered === 'true', principal: request.principal },
        );
        switch (outcome.kind) {
          case 'refused':
            request.log.info({ status: outcome.refusal.status, dealerId: request.principal.dealerId }, 'configurator submission refused by dealer status');
            return { status: outcome.refusal.status, body: { message: outcome.refusal.message, contact: outcome.refusal.contact } };
          case 'unknown-form':
            return { status: 404, body: { statusCode: 404, error: 'Not Found', message: `Unknown form '${outcome.form}'` } };
          case 'malformed':
            return { status: 400, body: { statusCode: 400, error: 'Bad Request', message: `The request body does not fit the ${form} form`, reasons: outcome.reasons } };
          case 'incomplete': {
            const counts = [
              outcome.missing.length ? `${outcome.missing.length} required field(s) missing` : '',
              Object.keys(outcome.errors).length ? `${Object.keys(outcome.errors).length} invalid field(s)` : '',
            ].filter(Boolean);
            return { status: 422, body: { statusCode: 422, error: 'Unprocessable Entity', message: `The ${form} order was not stored: ${counts.join(', ')}`, missing: outcome.missing, errors: outcome.errors } };
          }
          case 'already-ordered':
            return { status: 409, body: { statusCode: 409, error: 'Conflict', message: `The preview ${outcome.fileName} has already been ordered; this order was not stored again` } };
          case 'stored':
            return { status: outcome.isNew ? 201 : 200, body: { fileName: outcome.fileName } };
        }
      }),
  );
}

/**
 * Spec 3 §7 pergola and pavilion submissions (issue 6 supplies the definitions `pergola` and `pavilion`; until then
 * the routes answer 997 to sunroom-only dealers and 404 'Unknown form' to the others).
 */
export async function configuratorSubmitRoutes(app: FastifyInstance): Promise<void> {
  registerConfiguratorSubmitRoute(app, { url: '/api/OrderingPergolas/SubmitData', dataField: 'PergolasData', family: 'patio-covers', formsOfPage: ['pergola'], resolveForm: () => 'pergola' });
  registerConfiguratorSubmitRoute(app, { url: '/api/OrderingPavilions/SubmitPavilion', dataField: 'PavillionsData', family: 'patio-covers', formsOfPage: ['pavilion'], resolveForm: () => 'pavilion' });
}
