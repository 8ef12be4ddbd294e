/**
 * Impact analysis as a durable job (`definitions-impact`): a run row records the request, its progress (orders replayed
 * of the total, written after each page of 1,000) and, once done, the report; GET reads it while it runs.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { definitionImpactRuns, type ImpactRunStatus } from '../../db/schema';
import { enqueueJob, type JobHandler } from '../jobs/index';
import type { ImpactReport } from './impact';

export const impactJobKind = 'definitions-impact';

export interface ImpactRunView {
  id: number;
  draftId: number;
  days: number;
  requestedBy: string;
  status: ImpactRunStatus;
  done: number;
  total: number;
  report: ImpactReport | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

type RunRow = typeof definitionImpactRuns.$inferSelect;

function toView(row: RunRow): ImpactRunView {
  return {
    ...row,
    // The column holds what the job wrote: an ImpactReport (impact.ts), or nothing yet.
    report: (row.report as unknown as ImpactReport | null) ?? null,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** Records a run and queues its job in one transaction; the caller wakes the worker. */
export async function startImpactRun(
  db: Database,
  draftId: number,
  days: number,
  actor: string,
): Promise<ImpactRunView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(definitionImpactRuns).values({ draftId, days, requestedBy: actor }).returning();
    await enqueueJob(tx, impactJobKind, { runId: row.id }, { maxAttempts: 2 });
    return toView(row);
  });
}

export async function readImpactRun(db: Database, id: number): Promise<ImpactRunView | undefined> {
  const [row] = await db.select().from(definitionImpactRuns).where(eq(definitionImpactRuns.id, id));
  return row ? toView(row) : undefined;
}

/** The job: replays the orders through app.definitionVersions.impactOfDraft, writing progress and the report. */
export function createImpactJobHandler(app: FastifyInstance): JobHandler {
  return async (payload) => {
    const runId = Number(payload.runId);
    const run = await readImpactRun(app.db, runId);
    if (!run || run.status === 'done' || run.status === 'failed') return;
    const update = (values: Partial<RunRow>) =>
      app.db
        .update(definitionImpactRuns)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(definitionImpactRuns.id, runId));
    await update({ status: 'running', done: 0 });
    try {
      const report = await app.definitionVersions.impactOfDraft(run.draftId, run.days, (done, total) =>
        update({ done, total }).then(() => undefined),
      );
      if (!report) await update({ status: 'failed', error: `No definitions draft ${run.draftId}` });
      else
        await update({
          status: 'done',
          done: report.orders,
          total: report.orders,
          report: report as unknown as Record<string, unknown>,
        });
    } catch (error) {
      await update({ status: 'failed', error: (error as Error).message });
    }
  };
}
