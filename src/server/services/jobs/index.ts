/** Durable jobs inside the server: `app.jobs.enqueue(tx, kind, payload)` in a transaction, then `app.jobs.wake()`. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JobWorker, type JobHandler } from './job-worker';

export { enqueueJob, type ClaimedJob, type Executor } from './job-queue';
export {
  JobWorker,
  backoffDelayMs,
  defaultJobWorkerOptions,
  type JobContext,
  type JobHandler,
  type JobWorkerOptions,
} from './job-worker';

/** Handlers by job kind, built once the app (db, storage) exists. */
export type JobHandlerFactory = (app: FastifyInstance) => Record<string, JobHandler>;

export interface JobsPluginOptions {
  handlers: JobHandlerFactory;
}

/**
 * Decorates `app.jobs` (a JobWorker on app.db), registers the handlers, starts claiming when the app is ready
 * and, before the database closes, stops: running jobs get a grace period and are then handed back. The handlers
 * (drawings) read orders, definitions and storage.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, options: JobsPluginOptions) => {
    const worker = new JobWorker(app.db, app.log);
    worker.configure({ leaseMs: app.config.jobLeaseMs, concurrency: app.config.jobConcurrency });
    for (const [kind, handler] of Object.entries(options.handlers(app))) worker.register(kind, handler);
    app.decorate('jobs', worker);
    app.addHook('onReady', async () => worker.start());
    app.addHook('preClose', async () => worker.stop());
  },
  { name: 'jobs', dependencies: ['database', 'definitions', 'storage'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job worker (the `jobs` plugin). */
    jobs: JobWorker;
  }
}
