/** Submitting a form as an order: the same engine and definition the page ran re-check the body, then one insert. */
import { checkSubmission, type FormContext, type MissingField } from '../../engine/index';
import type { InitialOrder } from '../../contracts/order-lists';
import type { Database } from '../db/database';
import { findDealer, listDealerLocations } from '../repositories/dealers-repository';
import { insertOrder, listDealerOrders, type OrderRow } from '../repositories/orders-repository';
import { readEngineeringPrices } from '../repositories/parts-repository';
import type { Principal } from '../types';
import type { ServedDefinition } from './definition-registry';
import { makeOrderFileName, toCompactStamp } from './file-names';

/** What the rules read about the signed-in dealer: its locations, product line and the live part prices. */
export async function buildFormContext(db: Database, dealerId: number): Promise<FormContext> {
  // One after another: `db` may be a transaction (idempotent submits), whose one connection takes one query at a time.
  const dealer = await findDealer(db, dealerId);
  const locations = await listDealerLocations(db, dealerId);
  const prices = await readEngineeringPrices(db);
  return { locations, productLine: dealer?.productLine, prices };
}

export type SubmitOutcome =
  | { kind: 'created'; fileName: string }
  | { kind: 'incomplete'; missing: MissingField[]; errors: Record<string, string> }
  | { kind: 'malformed'; reasons: string[] };

/** File-name prefix per form id (the first letters when a form has none listed). */
const fileNamePrefixes: Record<string, string> = { engineering: 'ENG' };

function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown } | undefined)?.cause];
  return candidates.some((e) => (e as { code?: unknown } | undefined)?.code === '23505');
}

/**
 * Re-checks `body` with checkSubmission and stores the engine's payload as an 'initial' order of the caller's
 * dealer, or says why not. The body is assumed to have passed the tightened schema (request-body-schema.ts).
 */
export async function submitOrder(db: Database, served: ServedDefinition, principal: Principal, body: unknown): Promise<SubmitOutcome> {
  const context = await buildFormContext(db, principal.dealerId);
  const check = checkSubmission(served.compiled, body, context);
  const shapeReasons = Object.entries(check.schemaErrors).map(([path, reason]) => `body${path ? `.${path}` : ''} ${reason}`);
  if (shapeReasons.length > 0) return { kind: 'malformed', reasons: shapeReasons };
  if (!check.ok) return { kind: 'incomplete', missing: check.missing, errors: check.errors };
  const form = served.compiled.form;
  const prefix = fileNamePrefixes[form] ?? form.slice(0, 3).toUpperCase();
  for (let attempt = 1; ; attempt += 1) {
    try {
      const row = await insertOrder(db, {
        dealerId: principal.dealerId,
        userId: principal.userId,
        formId: form,
        fileName: makeOrderFileName(prefix, principal.dealerId),
        isOrdered: true,
        data: check.payload,
      });
      return { kind: 'created', fileName: row.fileName };
    } catch (error) {
      // Two orders of one dealer in the same second with the same 4 random characters: draw again.
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}

function textAt(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * How an order's data fills the initial-order columns. Engineering: lastName = the job name (userFileName),
 * firstName = '' (the request names no customer), sentBy = personalInfo.sender. Other forms: their
 * customer's lastName/firstName (top level or in personalInfo, as the carts send it) and personalInfo.sender.
 */
export function toInitialOrder(order: OrderRow): InitialOrder {
  const data = (order.data ?? {}) as Record<string, unknown>;
  const personalInfo = (data.personalInfo ?? {}) as Record<string, unknown>;
  const isEngineering = order.formId === 'engineering';
  return {
    lastName: isEngineering ? textAt(data.userFileName) : textAt(data.lastName) || textAt(personalInfo.lastName),
    firstName: isEngineering ? '' : textAt(data.firstName) || textAt(personalInfo.firstName),
    sentBy: textAt(personalInfo.sender),
    dateTimeSent: toCompactStamp(order.createdAt),
    fileName: order.fileName,
  };
}

/** The dealer's orders in status 'initial', keyed by file name (spec 1 §7 GET /api/TxtThings/initialOrders). */
export async function listInitialOrders(db: Database, dealerId: number): Promise<Record<string, InitialOrder>> {
  const rows = await listDealerOrders(db, dealerId, 'initial');
  return Object.fromEntries(rows.map((row) => [row.fileName, toInitialOrder(row)]));
}
