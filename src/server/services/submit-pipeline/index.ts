/** The one submit pipeline (submit-pipeline.ts), registered as `app.submitPipeline`. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSubmitPipeline, type SubmitPipeline } from './submit-pipeline';

export { createSubmitPipeline, type Submission, type SubmitOutcome, type SubmitPipeline } from './submit-pipeline';
export { buildFormContext, priceSubmission } from './form-context';
export { isSameJson, readPreviewReference } from './preview-reference';

/** Decorates `app.submitPipeline`: it reads `app.definitions` and stores orders and their jobs in the database. */
export const submitPipelinePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('submitPipeline', createSubmitPipeline(app.definitions));
  },
  { name: 'submit-pipeline', dependencies: ['database', 'definitions', 'jobs'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Every submit route's way from a posted form to a stored order (the `submit-pipeline` plugin). */
    submitPipeline: SubmitPipeline;
  }
}
