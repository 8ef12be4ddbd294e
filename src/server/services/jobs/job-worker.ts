/** The in-server worker: claims due jobs, runs their handler, retries with backoff, hands work back on shutdown. */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Database } from '../../db/database';
import { claimNextJob, completeJob, extendLease, failJob, giveUpJob, releaseJob, type ClaimedJob } from './job-queue';

/** What a handler gets besides the payload. */
export interface JobContext {
  jobId: number;
  attempt: number;
  /** Aborted when the server stops; a handler may stop early (the job is handed back and resumed later). */
  signal: AbortSignal;
}

/** Does one kind of work; must be safe to run again (a job can run twice after a crash). Throw to retry. */
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;

export interface JobWorkerOptions {
  /** Idle poll interval (new jobs of this process wake the worker at once). */
  pollIntervalMs: number;
  /** How long a claim holds without a heartbeat; a job whose lease lapses is taken by another worker. */
  leaseMs: number;
  /** Jobs run at the same time by this process. */
  concurrency: number;
  /** First retry delay; doubles per attempt up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** On shutdown, how long running jobs may finish before they are handed back. */
  stopGraceMs: number;
  /** False: this process never claims jobs (another server does). */
  isEnabled: boolean;
}

export const defaultJobWorkerOptions: JobWorkerOptions = {
  pollIntervalMs: 1000,
  leaseMs: 60_000,
  concurrency: 2,
  backoffBaseMs: 2000,
  backoffMaxMs: 10 * 60_000,
  stopGraceMs: 5000,
  isEnabled: true,
};

export interface JobLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Delay before retry n (1-based): base, 2 x base, 4 x base, ... capped. */
export function backoffDelayMs(
  attempt: number,
  options: Pick<JobWorkerOptions, 'backoffBaseMs' | 'backoffMaxMs'>,
): number {
  return Math.min(options.backoffMaxMs, options.backoffBaseMs * 2 ** Math.max(0, attempt - 1));
}

export class JobWorker {
  readonly workerId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly running = new Map<number, { done: Promise<void>; abort: AbortController }>();
  private options: JobWorkerOptions = { ...defaultJobWorkerOptions };
  private isStarted = false;
  private isStopping = false;
  private timer: NodeJS.Timeout | undefined;
  private isPolling = false;
  private shouldPollAgain = false;

  constructor(
    private readonly db: Database,
    private readonly log: JobLogger,
  ) {}

  /** Changes options; before start() for lease, interval and concurrency to apply from the first claim. */
  configure(options: Partial<JobWorkerOptions>): void {
    this.options = { ...this.options, ...options };
  }

  /** Registers (or replaces) the handler of a job kind. */
  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  start(): void {
    if (this.isStarted || !this.options.isEnabled) return;
    this.isStarted = true;
    this.log.info({ workerId: this.workerId }, 'job worker started');
    this.wake();
  }

  /** Looks for work now (called after a transaction that enqueued a job has committed). */
  wake(): void {
    if (!this.isStarted || this.isStopping) return;
    if (this.isPolling) {
      this.shouldPollAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    void this.poll();
  }

  private schedule(): void {
    if (this.isStopping) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), this.options.pollIntervalMs);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    this.isPolling = true;
    try {
      do {
        this.shouldPollAgain = false;
        while (!this.isStopping && this.running.size < this.options.concurrency) {
          const job = await claimNextJob(this.db, this.workerId, this.options.leaseMs, [...this.handlers.keys()]);
          if (!job) break;
          this.run(job);
        }
      } while (this.shouldPollAgain && !this.isStopping);
    } catch (error) {
      if (!this.isStopping) this.log.error({ err: error }, 'job worker could not claim a job; trying again later');
    } finally {
      this.isPolling = false;
      this.schedule();
    }
  }

  private run(job: ClaimedJob): void {
    const abort = new AbortController();
    const done = this.execute(job, abort.signal).finally(() => {
      this.running.delete(job.id);
      this.wake();
    });
    this.running.set(job.id, { done, abort });
  }

  private async execute(job: ClaimedJob, signal: AbortSignal): Promise<void> {
    const handler = this.handlers.get(job.kind);
    if (!handler) return giveUpJob(this.db, job.id, this.workerId, `no handler for job kind '${job.kind}'`);
    if (job.attempts > job.maxAttempts) {
      this.log.error({ jobId: job.id, kind: job.kind }, 'job gave up: its worker was lost on every attempt');
      return giveUpJob(
        this.db,
        job.id,
        this.workerId,
        `gave up after ${job.maxAttempts} attempts (the worker was lost while running it)`,
      );
    }
    const heartbeat = setInterval(
      () => {
        extendLease(this.db, job.id, this.workerId, this.options.leaseMs).catch((error: unknown) =>
          this.log.warn({ err: error, jobId: job.id }, 'could not extend a job lease'),
        );
      },
      Math.max(50, this.options.leaseMs / 3),
    );
    heartbeat.unref();
    try {
      await handler(job.payload, { jobId: job.id, attempt: job.attempts, signal });
      if (signal.aborted) return; // handed back by stop(); do not mark it done on top of that
      await completeJob(this.db, job.id, this.workerId);
      this.log.info({ jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job done');
    } catch (error) {
      if (signal.aborted) return;
      const message = error instanceof Error ? error.message : String(error);
      const retryInMs = backoffDelayMs(job.attempts, this.options);
      // A retry due before the next idle poll gets its own wake-up.
      if (retryInMs < this.options.pollIntervalMs) setTimeout(() => this.wake(), retryInMs + 5).unref();
      const outcome = await failJob(this.db, job, this.workerId, message, retryInMs).catch((failure: unknown) => {
        this.log.error(
          { err: failure, jobId: job.id },
          'could not record a job failure; its lease will lapse and it will run again',
        );
        return 'unknown';
      });
      this.log.warn(
        { jobId: job.id, kind: job.kind, attempt: job.attempts, outcome, retryInMs, err: error },
        'job failed',
      );
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Stops claiming, lets running jobs finish for stopGraceMs, then hands the rest back as pending. */
  async stop(): Promise<void> {
    if (this.isStopping) return;
    this.isStopping = true;
    clearTimeout(this.timer);
    while (this.isPolling) await new Promise((resolve) => setTimeout(resolve, 10));
    const inFlight = [...this.running.entries()];
    if (inFlight.length === 0) return;
    const grace = new Promise<'timeout'>((resolve) =>
      setTimeout(() => resolve('timeout'), this.options.stopGraceMs).unref(),
    );
    await Promise.race([Promise.allSettled(inFlight.map(([, entry]) => entry.done)), grace]);
    for (const [jobId, entry] of this.running) {
      entry.abort.abort();
      await releaseJob(this.db, jobId, this.workerId).catch((error: unknown) =>
        this.log.warn({ err: error, jobId }, 'could not hand a job back; its lease will lapse'),
      );
      this.log.info({ jobId }, 'job handed back at shutdown');
    }
  }
}
