/** The jobs table as a queue: enqueue inside the caller's transaction, claim with a row lock and a lease. */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { jobs } from '../../db/schema';

/** A drizzle database or a transaction on it (enqueue runs inside the transaction that stores the order). */
export type Executor = Pick<Database, 'insert' | 'execute' | 'update' | 'select'>;

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

export interface EnqueueOptions {
  /** Not before this time (default now). */
  runAfter?: Date;
  maxAttempts?: number;
}

/** Adds a pending job; call it inside the transaction that makes the work necessary, so both commit or neither. */
export async function enqueueJob(
  db: Executor,
  kind: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind,
      payload,
      ...(options.runAfter ? { runAfter: options.runAfter } : {}),
      ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
    })
    .returning({ id: jobs.id });
  return row.id;
}

interface ClaimRow extends Record<string, unknown> {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

/**
 * Takes the next due job for `workerId`: a pending job whose time has come, or a running one whose lease lapsed
 * (its worker died). FOR UPDATE SKIP LOCKED lets several workers (or servers) claim without taking the same row.
 */
export async function claimNextJob(
  db: Database,
  workerId: string,
  leaseMs: number,
  kinds: string[],
): Promise<ClaimedJob | undefined> {
  if (kinds.length === 0) return undefined;
  const result = await db.execute<ClaimRow>(sql`
    update jobs set status = 'running', attempts = attempts + 1, locked_by = ${workerId},
      locked_until = now() + make_interval(secs => ${leaseMs / 1000}), updated_at = now()
    where id = (
      select id from jobs
      where kind in (${sql.join(
        kinds.map((kind) => sql`${kind}`),
        sql`, `,
      )})
        and ((status = 'pending' and run_after <= now()) or (status = 'running' and locked_until < now()))
      order by run_after, id
      limit 1
      for update skip locked
    )
    returning id, kind, payload, attempts, max_attempts`);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    id: Number(row.id),
    kind: row.kind,
    payload: row.payload ?? {},
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
  };
}

/** Pushes the lease forward while the job still runs; false when the job is no longer this worker's. */
export async function extendLease(db: Database, jobId: number, workerId: string, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Marks the job done (only while this worker still holds it). */
export async function completeJob(db: Database, jobId: number, workerId: string): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'done', lockedBy: null, lockedUntil: null, lastError: null, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId)));
}

/** Records a failure: back to pending after `retryInMs`, or 'failed' for good when the attempts are used up. */
export async function failJob(
  db: Database,
  job: ClaimedJob,
  workerId: string,
  error: string,
  retryInMs: number,
): Promise<'retry' | 'failed'> {
  const isFinal = job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set({
      status: isFinal ? 'failed' : 'pending',
      lockedBy: null,
      lockedUntil: null,
      lastError: error.slice(0, 4000),
      runAfter: isFinal ? sql`run_after` : sql`now() + make_interval(secs => ${retryInMs / 1000})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
  return isFinal ? 'failed' : 'retry';
}

/** Hands a job back untouched (the server is stopping): pending again at once, the interrupted attempt not counted. */
export async function releaseJob(db: Database, jobId: number, workerId: string): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'pending',
      attempts: sql`greatest(attempts - 1, 0)`,
      lockedBy: null,
      lockedUntil: null,
      runAfter: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')));
}

/** Marks a job failed without running it (a lapsed job that already used its attempts, or an unknown kind). */
export async function giveUpJob(db: Database, jobId: number, workerId: string, reason: string): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'failed', lockedBy: null, lockedUntil: null, lastError: reason, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId)));
}
