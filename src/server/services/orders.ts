/** The dealer's initial orders as the orders page lists them (submitting is services/submit-pipeline). */
import type { InitialOrder } from '../../contracts/order-lists';
import type { Database } from '../db/database';
import { listDealerOrders, type OrderRow } from '../repositories/orders-repository';
import { toCompactStamp } from './file-names';

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
