/**
 * Configurator submissions (spec 2 §7, spec 3 §7): one route shape for every configurator page, posting
 * `{<DataField>: {...}}` with `?isOrdered=true|false` and `&form=<the form the page ran>`. Sunrooms register theirs in
 * sunrooms.ts; pergolas and pavilions are registered here. The submit itself is the one pipeline (app.submitPipeline).
 */
import type { FastifyInstance } from 'fastify';
import { strictValidatorCompiler } from '../../services/request-body-schema';
import { dealerStatusAnswers, StoredOrder, submitAnswers } from '../../../contracts/common';
import {
  configuratorSubmitBody,
  ConfiguratorSubmitQuery,
  type ConfiguratorSubmitBody,
} from '../../../contracts/submissions';
import { answerIdempotently, type SubmitAnswer } from './idempotent-answer';
import { readPageVersion } from './page-version';
import { toSubmitAnswer } from './submit-answer';

export interface ConfiguratorSubmitRoute {
  url: string;
  /** The wrapper field of the body (SunroomsData, PergolasData, PavillionsData). */
  dataField: string;
  /** The forms this call takes (`?form=`), the one assumed when a caller names none first. */
  forms: string[];
}

/** Bodies are tens of KB; 2 MB lets an over-long string reach the schema (400 naming the field) instead of a bare 413. */
const submitBodyLimit = 2 * 1024 * 1024;

/** The form the page ran (`?form=`; the call's first form when none is named), or the 400 for a form this call does not take. */
export function resolveRouteForm(route: ConfiguratorSubmitRoute, requested: string | undefined): string | SubmitAnswer {
  if (requested === undefined) return route.forms[0];
  if (route.forms.includes(requested)) return requested;
  return {
    status: 400,
    body: {
      statusCode: 400,
      error: 'Bad Request',
      message: `The form '${requested}' is not ordered through ${route.url}`,
      reasons: [`querystring.form must be one of: ${route.forms.join(', ')}`],
    },
  };
}

/**
 * Registers POST `route.url`, answered as submit-answer.ts says (201/200 {fileName}, 999/998/997, 400, 404, 409, 422);
 * 400 also for a `form` the call does not take. Idempotent by the `Idempotency-Key` header (idempotent-answer.ts).
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
        body: configuratorSubmitBody(route.dataField, route.forms),
        // 200: the order turned its own preview (currentCADImagesFiles) into the order.
        response: { 200: StoredOrder, ...submitAnswers },
      },
    },
    async (request, reply) =>
      answerIdempotently(app, request, reply, async (db, wakeJobs) => {
        const form = resolveRouteForm(route, request.query.form);
        if (typeof form !== 'string') return form;
        const pageVersionId = readPageVersion(request);
        if (typeof pageVersionId === 'object') return pageVersionId;
        const submission = {
          form,
          data: request.body[route.dataField],
          dataField: route.dataField,
          isOrdered: request.query.isOrdered === 'true',
          principal: request.principal,
          pageVersionId,
        };
        const outcome = await app.submitPipeline.submit(db, submission, wakeJobs);
        if (outcome.kind === 'refused')
          request.log.info(
            { status: outcome.refusal.status, dealerId: request.principal.dealerId, form },
            'submission refused by dealer status',
          );
        return toSubmitAnswer(form, outcome);
      }),
  );
}

/** Spec 3 §7 pergola and pavilion submissions (404 'Unknown form' while a definition folder is missing). */
export async function configuratorSubmitRoutes(app: FastifyInstance): Promise<void> {
  registerConfiguratorSubmitRoute(app, {
    url: '/api/OrderingPergolas/SubmitData',
    dataField: 'PergolasData',
    forms: ['pergola'],
  });
  registerConfiguratorSubmitRoute(app, {
    url: '/api/OrderingPavilions/SubmitPavilion',
    dataField: 'PavillionsData',
    forms: ['pavilion'],
  });
}
