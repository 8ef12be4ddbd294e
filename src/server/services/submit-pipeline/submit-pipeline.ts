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
  /**
   * The definitions version the page loaded and checked with (its `X-Definitions-Version` header, as the definition's
   * answer named it). When another version was published since, the body is checked under both (definitionsChanged).
   * Absent: the published version alone (API callers, older pages).
   */
  pageVersionId?: number;
}

/** What changed between the page's version and the published one for this body (the 409 re-check). */
export interface DefinitionsChange {
  /** The version the page loaded (null: a version id this database does not know). */
  loaded: { versionId: number; treeHash: string | null };
  published: { versionId: number; treeHash: string };
  /** Which parts of the result differ: 'shape' (the body no longer fits), 'missing', 'messages', 'payload'. */
  changed: ('shape' | 'missing' | 'messages' | 'payload')[];
  /** Under the published version: the required fields missing, the messages, and the reasons when the shape changed. */
  missing: MissingField[];
  errors: Record<string, string>;
  reasons: string[];
  /** Top-level fields whose stored value (prices included) would differ. */
  payloadFields: string[];
}

export type SubmitOutcome =
  | { kind: 'unknown-form'; form: string }
  | { kind: 'refused'; refusal: DealerRefusal }
  | { kind: 'malformed'; reasons: string[] }
  | { kind: 'incomplete'; missing: MissingField[]; errors: Record<string, string> }
  /**
   * The page checked with a version older than the published one, and the published one gives another result for
   * this body: nothing stored, the page reloads the definition (409).
   */
  | { kind: 'definitions-changed'; change: DefinitionsChange }
  /** The named preview is already an order (another submit converted it first): nothing stored. */
  | { kind: 'already-ordered'; fileName: string }
  | {
      kind: 'stored';
      fileName: string;
      status: OrderStatus;
      isNew: boolean;
      jobs: SubmitJob[];
      /** The definitions version the order was checked with and is pinned to (null without versions). */
      definitionVersionId: number | null;
    };

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
  versionId: number | null;
  submission: Submission;
  payload: Record<string, unknown>;
  previewField: string | undefined;
  previewCandidates: string[];
}

/** Definitions by version (`app.definitionVersions`): the published one now and any version's compiled form. */
export interface VersionedDefinitions {
  /** The published version now, read in the submit's own transaction (`db`), so another server's publish counts. */
  publishedPointer(db: Database): Promise<{ versionId: number; treeHash: string } | undefined>;
  compiledDefinitionAt(
    form: string,
    versionId: number,
    db: Database,
  ): Promise<(ServedDefinition & { versionId: number; treeHash: string }) | undefined>;
}

/** The definition a submission is checked and stored with, and the page's own when it is an older version. */
interface ChosenDefinition {
  served: ServedDefinition;
  /** The version stored on the order (null without versions: tests of the pipeline alone). */
  versionId: number | null;
  treeHash?: string;
  /** The page's version, when it differs from the published one: the body is checked under both. */
  page?: ServedDefinition & { versionId: number; treeHash: string };
}

/** One check of a body under one version, before anything is stored. */
type Evaluation =
  | { kind: 'malformed'; reasons: string[] }
  | {
      kind: 'checked';
      ok: boolean;
      missing: MissingField[];
      errors: Record<string, string>;
      payload: Record<string, unknown>;
    };

function sortedKeys(record: Record<string, string>): string {
  return JSON.stringify(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** What differs between the page's result and the published one (empty: the same result). */
function compareEvaluations(page: Evaluation, published: Evaluation): DefinitionsChange['changed'] {
  if (page.kind === 'malformed' && published.kind === 'malformed')
    return isSameJson(page.reasons, published.reasons) ? [] : ['shape'];
  if (page.kind === 'malformed' || published.kind === 'malformed') return ['shape'];
  const changed: DefinitionsChange['changed'] = [];
  if (!isSameJson(page.missing, published.missing)) changed.push('missing');
  if (sortedKeys(page.errors) !== sortedKeys(published.errors)) changed.push('messages');
  if (!isSameJson(page.payload, published.payload)) changed.push('payload');
  return changed;
}

function changedFields(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((key) => !isSameJson(a[key], b[key])).sort();
}

export function createSubmitPipeline(definitions: DefinitionRegistry, versions?: VersionedDefinitions): SubmitPipeline {
  /**
   * Which compiled definition checks and stores a submission: its form at the published version now; and, when the
   * page ran an older version (`pageVersionId`) with another tree, that version's too (the re-check). A page version
   * this database does not hold, or one without the form, is not compared (the published version alone decides).
   */
  async function definitionFor(db: Database, submission: Submission): Promise<ChosenDefinition | undefined> {
    const published = versions ? await versions.publishedPointer(db) : undefined;
    if (!versions || !published) {
      const served = definitions.get(submission.form);
      return served && { served, versionId: null };
    }
    const served = await versions.compiledDefinitionAt(submission.form, published.versionId, db);
    if (!served) return undefined;
    const chosen: ChosenDefinition = { served, versionId: published.versionId, treeHash: published.treeHash };
    const pageId = submission.pageVersionId;
    if (pageId === undefined || pageId === published.versionId) return chosen;
    const page = await versions.compiledDefinitionAt(submission.form, pageId, db);
    return page && page.treeHash !== published.treeHash ? { ...chosen, page } : chosen;
  }

  /** The one shape check and the rules with the dealer's context, under one version. */
  async function evaluate(
    db: Database,
    served: ServedDefinition,
    submission: Submission,
    data: Record<string, unknown>,
  ): Promise<Evaluation> {
    const { dataField, principal } = submission;
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
    const priced = await priceSubmission(db, served.compiled.submit, principal.dealerId, data);
    const check = checkSubmission(served.compiled, priced.data, priced.context, { isShapeChecked: true });
    const errors = { ...check.errors, ...priced.errors };
    return {
      kind: 'checked',
      ok: check.ok && Object.keys(priced.errors).length === 0,
      missing: check.missing,
      errors,
      payload: check.payload,
    };
  }

  async function store(
    db: Database,
    { served, versionId, submission, payload, previewField, previewCandidates }: StoreRequest,
  ) {
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
            .set({
              status,
              isOrdered: true,
              userId: principal.userId,
              data: payload,
              definitionVersionId: versionId,
              updatedAt: sql`now()`,
            })
            .where(eq(orders.id, preview.id));
          if (isChanged) await enqueue(tx, preview.fileName);
          return {
            kind: 'stored' as const,
            fileName: preview.fileName,
            status,
            isNew: false,
            jobs: isChanged ? [...settings.jobs] : [],
            definitionVersionId: versionId,
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
              definitionVersionId: versionId,
            });
          });
          await enqueue(tx, fileName);
          return {
            kind: 'stored' as const,
            fileName,
            status,
            isNew: true,
            jobs: [...settings.jobs],
            definitionVersionId: versionId,
          };
        } catch (error) {
          if (attempt >= fileNameAttempts || !isUniqueViolation(error)) throw error;
        }
      }
    });
  }

  return {
    async submit(db, submission, wakeJobs) {
      const { form, principal, dataField } = submission;
      const chosen = await definitionFor(db, submission);
      if (!chosen) return { kind: 'unknown-form', form };
      const { served } = chosen;
      const settings = served.compiled.submit;

      if (settings.productLines) {
        const refusal = await findDealerRefusal(db, principal, settings.productLines);
        if (refusal) return { kind: 'refused', refusal };
      }

      const { data } = submission;
      if (!isRecord(data)) return { kind: 'malformed', reasons: [`${dataField} must be a JSON object`] };
      const result = await evaluate(db, served, submission, data);
      if (chosen.page) {
        // The page checked with an older version: the same result under both, or the page must reload (409).
        const before = await evaluate(db, chosen.page, submission, data);
        const changed = compareEvaluations(before, result);
        if (changed.length > 0) {
          return {
            kind: 'definitions-changed',
            change: {
              loaded: { versionId: chosen.page.versionId, treeHash: chosen.page.treeHash },
              published: { versionId: chosen.versionId!, treeHash: chosen.treeHash! },
              changed,
              missing: result.kind === 'checked' ? result.missing : [],
              errors: result.kind === 'checked' ? result.errors : {},
              reasons: result.kind === 'malformed' ? result.reasons : [],
              payloadFields:
                result.kind === 'checked' && before.kind === 'checked'
                  ? changedFields(before.payload, result.payload)
                  : [],
            },
          };
        }
      }
      if (result.kind === 'malformed') return result;
      if (!result.ok) return { kind: 'incomplete', missing: result.missing, errors: result.errors };

      // A configurator order (isOrdered=true) may name the preview it follows, in the field the definition names.
      const previewField = submission.isOrdered ? settings.previewReference : undefined;
      const previewCandidates = previewField ? readPreviewReference(data[previewField]) : [];
      const outcome = await store(db, {
        served,
        versionId: chosen.versionId,
        submission,
        payload: result.payload,
        previewField,
        previewCandidates,
      });
      if (outcome.kind === 'stored' && outcome.jobs.length > 0) wakeJobs?.();
      return outcome;
    },
  };
}
