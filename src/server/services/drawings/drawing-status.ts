/** Where an order's drawings stand, from its latest drawing job: the page stops waiting and staff see why on a failure. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { jobs, type JobStatus } from '../../db/schema';
import { drawingJobKind } from './drawing-job';

export interface DrawingJobState {
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  /** The last failure's message; null once the job is done. */
  lastError: string | null;
  updatedAt: string;
}

/** The latest drawing job of a dealer's order, or undefined when none was ever queued. */
export async function findDrawingJobState(
  db: Database,
  dealerId: number,
  fileName: string,
): Promise<DrawingJobState | undefined> {
  const [row] = await db
    .select({
      status: jobs.status,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      lastError: jobs.lastError,
      updatedAt: jobs.updatedAt,
    })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, drawingJobKind),
        sql`${jobs.payload}->>'fileName' = ${fileName}`,
        sql`${jobs.payload}->>'dealerId' = ${String(dealerId)}`,
      ),
    )
    .orderBy(desc(jobs.id))
    .limit(1);
  return row ? { ...row, updatedAt: row.updatedAt.toISOString() } : undefined;
}
