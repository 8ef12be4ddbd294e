/** Durable jobs inside the server: `app.jobs.enqueue(tx, kind, payload)` in a transaction, then `app.jobs.wake()`. */
import type { FastifyInstance } from 'fastify';
import { JobWorker, type JobHandler } from './job-worker';

export { enqueueJob, type ClaimedJob, type Executor } from './job-queue';
export { JobWorker, backoffDelayMs, defaultJobWorkerOptions, type JobContext, type JobHandler, type JobWorkerOptions } from './job-worker';

/** Handlers by job kind, built once the app (db, storage) exists. */
export type JobHandlerFactory = (app: FastifyInstance) => Record<string, JobHandler>;

/**
 * Decorates `app.jobs` (a JobWorker on app.db), registers the handlers, starts claiming when the app is ready
 * and, before the database closes, stops: running jobs get a grace period and are then handed back.
 */
export function registerJobs(app: FastifyInstance, handlers: JobHandlerFactory): void {
  const worker = new JobWorker(app.db, app.log);
  for (const [kind, handler] of Object.entries(handlers(app))) worker.register(kind, handler);
  app.decorate('jobs', worker);
  app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => worker.stop());
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job worker (decorated by buildApp through registerJobs). */
    jobs: JobWorker;
  }
}
