/**
 * Submitting a configurator (sunroom family, pergola, pavilion): dealer status, the engine's re-check with the
 * dealer's context, then one transaction that stores the order and its drawing job.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { checkSubmission, type MissingField } from '../../../engine/index';
import type { Database } from '../../db/database';
import { orders, type OrderStatus } from '../../db/schema';
import type { Principal } from '../../types';
import type { DefinitionRegistry } from '../definition-registry';
import { makeOrderFileName } from '../file-names';
import { buildFormContext } from '../orders';
import { findBodyErrors } from '../request-body-schema';
import { findDealerRefusal, type DealerRefusal, type ProductFamily } from '../dealer-status/index';
import { enqueueJob } from '../jobs/index';
import { drawingJobKind } from '../drawings/index';

/** The body field naming the preview an order follows (spec 2 §3.5 currentCADImagesFiles: the preview's fileName). */
export const previewReferenceField = 'currentCADImagesFiles';

export interface ConfiguratorSubmission {
  /** Definition id the body is checked with (e.g. 'sunroom'). */
  form: string;
  /** Product family, for the 997 product-line check. */
  family: ProductFamily;
  /** Forms of the same page: a preview of any of them may become the order (sunroom <-> screenroom). */
  formsOfPage: string[];
  /** The form data (the object inside SunroomsData / PergolasData / PavillionsData). */
  data: unknown;
  /** Name of the wrapper field, for the reasons of a 400 (e.g. 'SunroomsData'). */
  dataField: string;
  /** false: a preview (status 'initial', drawings made); true: an order (status 'unprocessed'). */
  isOrdered: boolean;
  principal: Principal;
}

export type ConfiguratorOutcome =
  | { kind: 'refused'; refusal: DealerRefusal }
  | { kind: 'unknown-form'; form: string }
  | { kind: 'malformed'; reasons: string[] }
  | { kind: 'incomplete'; missing: MissingField[]; errors: Record<string, string> }
  /** The named preview is already an order (another submit converted it first): nothing stored. */
  | { kind: 'already-ordered'; fileName: string }
  | { kind: 'stored'; fileName: string; status: OrderStatus; isNew: boolean; isDrawingQueued: boolean };

export interface ConfiguratorSubmitDeps {
  db: Database;
  definitions: DefinitionRegistry;
  /** Told after the commit that a job is waiting (the in-server worker). */
  jobs?: { wake(): void };
}

/** File-name prefix per form (e.g. SUN-1001-20261122-153005-K7QX). */
export const configuratorFileNamePrefixes: Record<string, string> = {
  sunroom: 'SUN',
  screenroom: 'SCR',
  impact: 'IMP',
  pergola: 'PER',
  pavilion: 'PAV',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A drawing image name as DrawingImages answers it: `<order fileName>-<NN>-<sheet>.png`. */
const drawingImageName = /^(.+)-\d{2}-[a-z0-9-]+\.(?:png|svg)$/;

/**
 * Order file names the body's preview reference may mean: currentCADImagesFiles holds the preview's drawing image
 * names (the page keeps what DrawingImages answered), or the preview's own fileName; a string or a list.
 */
export function readPreviewReference(data: Record<string, unknown>): string[] {
  const value = data[previewReferenceField];
  const names = (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string' && item !== '' && item.length <= 200);
  const candidates = new Set<string>();
  for (const name of names.slice(0, 50)) {
    candidates.add(name);
    const match = drawingImageName.exec(name);
    if (match) candidates.add(match[1]);
  }
  return [...candidates];
}

/** JSON equality that ignores key order (jsonb hands keys back in its own order). */
export function isSameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => isSameJson(item, b[i]));
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && isSameJson(a[key], b[key]));
}

function withoutPreviewReference(data: unknown): unknown {
  if (!isRecord(data)) return data;
  const copy = { ...data };
  delete copy[previewReferenceField];
  return copy;
}

function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown } | undefined)?.cause];
  return candidates.some((e) => (e as { code?: unknown } | undefined)?.code === '23505');
}

function describeSchemaErrors(dataField: string, errors: { instancePath: string; message?: string }[]): string[] {
  return errors.map((error) => `${dataField}${error.instancePath.replace(/\//g, '.')} ${error.message ?? 'is not valid'}`);
}

/**
 * Checks and stores one configurator submission. Order of checks: dealer status (999, 998, 997), the body's shape
 * against the definition (malformed), the engine's rules with the dealer's context (incomplete), then one
 * transaction: a preview inserts an 'initial' order; an order either turns the named preview (same dealer, status
 * 'initial', a form of the same page) into an 'unprocessed' order, is refused when that preview is already an order
 * (a second click, or ten at once: the row lock lets one convert it), or inserts a new one. A drawing job is written in
 * the same transaction whenever the stored data is new or changed.
 */
export async function submitConfigurator(deps: ConfiguratorSubmitDeps, submission: ConfiguratorSubmission): Promise<ConfiguratorOutcome> {
  const { db } = deps;
  const { principal } = submission;
  const refusal = await findDealerRefusal(db, principal, submission.family);
  if (refusal) return { kind: 'refused', refusal };

  const served = deps.definitions.get(submission.form);
  if (!served) return { kind: 'unknown-form', form: submission.form };
  if (!isRecord(submission.data)) return { kind: 'malformed', reasons: [`${submission.dataField} must be a JSON object`] };

  // The preview reference is the page's bookkeeping, not a form field: read it, and check the rest only
  // (unless the definition declares the field itself).
  const previewCandidates = readPreviewReference(submission.data);
  const declared = (served.compiled.bundle.schema.properties ?? {}) as Record<string, unknown>;
  const data = { ...submission.data };
  if (!(previewReferenceField in declared)) delete data[previewReferenceField];

  const shapeErrors = findBodyErrors(served.compiled, data);
  if (shapeErrors) return { kind: 'malformed', reasons: describeSchemaErrors(submission.dataField, shapeErrors) };
  const context = await buildFormContext(db, principal.dealerId);
  const check = checkSubmission(served.compiled, data, context);
  const schemaReasons = Object.entries(check.schemaErrors).map(([path, reason]) => `${submission.dataField}${path ? `.${path}` : ''} ${reason}`);
  if (schemaReasons.length > 0) return { kind: 'malformed', reasons: schemaReasons };
  if (!check.ok) return { kind: 'incomplete', missing: check.missing, errors: check.errors };

  const status: OrderStatus = submission.isOrdered ? 'unprocessed' : 'initial';
  const payload = check.payload;
  type Stored = { fileName: string; isNew: boolean; isDrawingQueued: boolean };
  const outcome = await db.transaction(async (tx): Promise<Stored | { alreadyOrdered: string }> => {
    if (submission.isOrdered && previewCandidates.length > 0) {
      // Locked without a status filter: a submit that waited for the lock sees the preview as the first one left it.
      const named = await tx
        .select({ id: orders.id, fileName: orders.fileName, data: orders.data, status: orders.status })
        .from(orders)
        .where(and(eq(orders.dealerId, principal.dealerId), inArray(orders.fileName, previewCandidates), inArray(orders.formId, submission.formsOfPage)))
        .orderBy(orders.id)
        .for('update');
      const preview = named.find((row) => row.status === 'initial');
      if (!preview && named.length > 0) return { alreadyOrdered: named[0].fileName };
      if (preview) {
        // The drawing names the page adds to the order are bookkeeping: only a change of the room means new drawings.
        const isChanged = !isSameJson(withoutPreviewReference(preview.data), withoutPreviewReference(payload));
        await tx
          .update(orders)
          .set({ status, isOrdered: true, formId: submission.form, userId: principal.userId, data: payload, updatedAt: sql`now()` })
          .where(eq(orders.id, preview.id));
        if (isChanged) await enqueueJob(tx, drawingJobKind, { dealerId: principal.dealerId, fileName: preview.fileName });
        return { fileName: preview.fileName, isNew: false, isDrawingQueued: isChanged };
      }
    }
    const prefix = configuratorFileNamePrefixes[submission.form] ?? submission.form.slice(0, 3).toUpperCase();
    for (let attempt = 1; ; attempt += 1) {
      const fileName = makeOrderFileName(prefix, principal.dealerId);
      try {
        // A savepoint, so a (rare) clash of file names does not abort the whole transaction.
        await tx.transaction(async (savepoint) => {
          await savepoint.insert(orders).values({ dealerId: principal.dealerId, userId: principal.userId, formId: submission.form, fileName, status, isOrdered: submission.isOrdered, data: payload });
        });
        await enqueueJob(tx, drawingJobKind, { dealerId: principal.dealerId, fileName });
        return { fileName, isNew: true, isDrawingQueued: true };
      } catch (error) {
        if (attempt >= 3 || !isUniqueViolation(error)) throw error;
      }
    }
  });
  if ('alreadyOrdered' in outcome) return { kind: 'already-ordered', fileName: outcome.alreadyOrdered };
  if (outcome.isDrawingQueued) deps.jobs?.wake();
  return { kind: 'stored', status, ...outcome };
}
