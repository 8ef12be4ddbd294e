/** The dealer's initial orders as the orders page lists them (submitting is services/submit-pipeline). */
import type { InitialOrder } from '../../contracts/order-lists';
import type { Database } from '../db/database';
import { listDealerOrders, type OrderRow } from '../repositories/orders-repository';
import { toCompactStamp } from './file-names';
import { readPartyNames, type DefinitionForOrder, type PartiesDefinition } from './order-lifecycle/lifecycle-rules';

/**
 * How an order's data fills the initial-order columns: the names its definition's `parties` point at, as typed
 * (engineering names no customer, so its job name is the lastName and firstName is empty); all empty when the
 * order's form is no longer served.
 */
export function toInitialOrder(order: OrderRow, definition: PartiesDefinition | undefined): InitialOrder {
  const { lastName, firstName, sentBy } = readPartyNames(definition, order.data);
  return {
    lastName,
    firstName,
    sentBy,
    dateTimeSent: toCompactStamp(order.createdAt),
    fileName: order.fileName,
    isPreview: !order.isOrdered,
  };
}

/** The dealer's orders in status 'initial', keyed by file name (spec 1 §7 GET /api/TxtThings/initialOrders). */
export async function listInitialOrders(
  db: Database,
  dealerId: number,
  definitionFor: DefinitionForOrder<OrderRow>,
): Promise<Record<string, InitialOrder>> {
  const rows = await listDealerOrders(db, dealerId, 'initial');
  const listed = await Promise.all(
    rows.map(async (row) => [row.fileName, toInitialOrder(row, await definitionFor(row))] as const),
  );
  return Object.fromEntries(listed);
}
