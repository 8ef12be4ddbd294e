/**
 * The one way a submission becomes an order, for every form (sunroom family, pergola, pavilion, engineering, carts):
 * the compiled definition of the form the page ran → the dealer's status (999/998/997, when the definition names the
 * product lines that may order it) → one shape check (the definition's schema, closed and bounded) → the engine's
 * rules with the dealer's context (prices and catalogue lines as the definition says) → one transaction that stores
 * the order (a new file name drawn again on a collision, or the named preview turned into the order) and queues the
 * jobs the definition lists. Every per-form choice (file-name prefix, product lines, status, jobs, catalogues, price
 * list) is read from the compiled definition's `submit` settings; nothing here names a form.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { checkSubmission, type MissingField, type SubmitJob } from '../../../engine/index';
import type { Database } from '../../db/database';
import { orders, type OrderStatus } from '../../db/schema';
import type { Principal } from '../../types';
import { findDealerRefusal, type DealerRefusal } from '../dealer-status/index';
import type { DefinitionRegistry, ServedDefinition } from '../definition-registry';
import { drawingJobKind } from '../drawings/index';
import { makeOrderFileName } from '../file-names';
import { enqueueJob } from '../jobs/index';
import { findBodyErrors } from '../request-body-schema';
import { priceSubmission } from './form-context';
import { isSameJson, readPreviewReference, without } from './preview-reference';

export interface Submission {
  /** The form the page ran (its definition id). */
  form: string;
  /** The form data as posted. */
  data: unknown;
  /** Where the data sits in the request, for the reasons of a malformed body ('SunroomsData', 'body'). */
  dataField: string;
  /**
   * Configurator calls (`?isOrdered=`): false stores a preview (status 'initial'), true an order that may name its
   * preview (in the definition's `submit.previewReference` field). Absent: the call has no previews; it is an order.
   */
  isOrdered?: boolean;
  principal: Principal;
}

export type SubmitOutcome =
  | { kind: 'unknown-form'; form: string }
  | { kind: 'refused'; refusal: DealerRefusal }
  | { kind: 'malformed'; reasons: string[] }
  | { kind: 'incomplete'; missing: MissingField[]; errors: Record<string, string> }
  /** The named preview is already an order (another submit converted it first): nothing stored. */
  | { kind: 'already-ordered'; fileName: string }
  | { kind: 'stored'; fileName: string; status: OrderStatus; isNew: boolean; jobs: SubmitJob[] };

export interface SubmitPipeline {
  /**
   * Runs one submission on `db` (a transaction when the call is idempotent); `wakeJobs` is told when jobs were queued
   * (the caller wakes the worker once they are committed).
   */
  submit(db: Database, submission: Submission, wakeJobs?: () => void): Promise<SubmitOutcome>;
}

/** Job kind in the queue per job named in a definition. */
const jobKinds: Record<SubmitJob, string> = { drawings: drawingJobKind };

/** Tries at a fresh file name when two orders of a dealer draw the same one in the same second. */
const fileNameAttempts = 3;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown } | undefined)?.cause];
  return candidates.some((e) => (e as { code?: unknown } | undefined)?.code === '23505');
}

interface StoreRequest {
  served: ServedDefinition;
  submission: Submission;
  payload: Record<string, unknown>;
  previewField: string | undefined;
  previewCandidates: string[];
}

export function createSubmitPipeline(definitions: DefinitionRegistry): SubmitPipeline {
  /**
   * Which compiled definition checks and stores a submission: today the current one of its form. Pinning an order to
   * the definition version its page ran replaces this one function (it gets the whole submission for that).
   */
  function definitionFor(submission: Submission): ServedDefinition | undefined {
    return definitions.get(submission.form);
  }

  async function store(db: Database, { served, submission, payload, previewField, previewCandidates }: StoreRequest) {
    const { form, principal } = submission;
    const settings = served.compiled.submit;
    const isOrdered = submission.isOrdered ?? true;
    const status: OrderStatus = isOrdered ? settings.orderStatus : 'initial';
    const enqueue = async (tx: Database, fileName: string) => {
      for (const job of settings.jobs) await enqueueJob(tx, jobKinds[job], { dealerId: principal.dealerId, fileName });
    };
    return db.transaction(async (tx) => {
      if (previewField && previewCandidates.length > 0) {
        // Locked without a status filter: a submit that waited for the lock sees the preview as the first one left it.
        const named = await tx
          .select({ id: orders.id, fileName: orders.fileName, data: orders.data, status: orders.status })
          .from(orders)
          .where(
            and(
              eq(orders.dealerId, principal.dealerId),
              inArray(orders.fileName, previewCandidates),
              eq(orders.formId, form),
            ),
          )
          .orderBy(orders.id)
          .for('update');
        const preview = named.find((row) => row.status === 'initial');
        if (!preview && named.length > 0) return { kind: 'already-ordered' as const, fileName: named[0].fileName };
        if (preview) {
          // Only a change of the room means new jobs (drawings); the drawing names the page adds are bookkeeping.
          const isChanged = !isSameJson(without(preview.data, previewField), without(payload, previewField));
          await tx
            .update(orders)
            .set({ status, isOrdered: true, userId: principal.userId, data: payload, updatedAt: sql`now()` })
            .where(eq(orders.id, preview.id));
          if (isChanged) await enqueue(tx, preview.fileName);
          return {
            kind: 'stored' as const,
            fileName: preview.fileName,
            status,
            isNew: false,
            jobs: isChanged ? [...settings.jobs] : [],
          };
        }
      }
      for (let attempt = 1; ; attempt += 1) {
        const fileName = makeOrderFileName(settings.fileNamePrefix, principal.dealerId);
        try {
          // A savepoint, so a (rare) clash of file names does not abort the whole transaction.
          await tx.transaction(async (savepoint) => {
            await savepoint.insert(orders).values({
              dealerId: principal.dealerId,
              userId: principal.userId,
              formId: form,
              fileName,
              status,
              isOrdered,
              data: payload,
            });
          });
          await enqueue(tx, fileName);
          return { kind: 'stored' as const, fileName, status, isNew: true, jobs: [...settings.jobs] };
        } catch (error) {
          if (attempt >= fileNameAttempts || !isUniqueViolation(error)) throw error;
        }
      }
    });
  }

  return {
    async submit(db, submission, wakeJobs) {
      const { form, principal, dataField } = submission;
      const served = definitionFor(submission);
      if (!served) return { kind: 'unknown-form', form };
      const settings = served.compiled.submit;

      if (settings.productLines) {
        const refusal = await findDealerRefusal(db, principal, settings.productLines);
        if (refusal) return { kind: 'refused', refusal };
      }

      const { data } = submission;
      if (!isRecord(data)) return { kind: 'malformed', reasons: [`${dataField} must be a JSON object`] };
      // The one shape check: the definition's schema, every object closed and every string bounded.
      const shapeErrors = findBodyErrors(served.compiled, data);
      if (shapeErrors) {
        return {
          kind: 'malformed',
          reasons: shapeErrors.map(
            (error) => `${dataField}${error.instancePath.replace(/\//g, '.')} ${error.message ?? 'is not valid'}`,
          ),
        };
      }

      const priced = await priceSubmission(db, settings, principal.dealerId, data);
      const check = checkSubmission(served.compiled, priced.data, priced.context, { isShapeChecked: true });
      const errors = { ...check.errors, ...priced.errors };
      if (!check.ok || Object.keys(priced.errors).length > 0)
        return { kind: 'incomplete', missing: check.missing, errors };

      // A configurator order (isOrdered=true) may name the preview it follows, in the field the definition names.
      const previewField = submission.isOrdered ? settings.previewReference : undefined;
      const previewCandidates = previewField ? readPreviewReference(data[previewField]) : [];
      const outcome = await store(db, { served, submission, payload: check.payload, previewField, previewCandidates });
      if (outcome.kind === 'stored' && outcome.jobs.length > 0) wakeJobs?.();
      return outcome;
    },
  };
}
