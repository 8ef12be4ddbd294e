import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { dealers, orders, type OrderStatus } from '../db/schema';

/** An order with its lifecycle facts, as the lists, files and staff moves read it. */
export interface LifecycleOrder {
  id: number;
  dealerId: number;
  userId: number;
  formId: string;
  fileName: string;
  status: OrderStatus;
  isOrdered: boolean;
  data: unknown;
  createdAt: Date;
  folderName: string | null;
  jobName: string | null;
  detailer: string | null;
  emailedOn: string | null;
  confirmation: string | null;
  schedDate: string | null;
  dateShipped: string | null;
  shipTo: unknown;
  /** The definitions version the order was checked with (null: stored without one, see definitionOfOrder). */
  definitionVersionId: number | null;
}

export type LifecyclePatch = Partial<
  Pick<
    LifecycleOrder,
    | 'status'
    | 'folderName'
    | 'jobName'
    | 'detailer'
    | 'emailedOn'
    | 'confirmation'
    | 'schedDate'
    | 'dateShipped'
    | 'shipTo'
  >
>;

export const lifecycleColumns = {
  id: orders.id,
  dealerId: orders.dealerId,
  userId: orders.userId,
  formId: orders.formId,
  fileName: orders.fileName,
  status: orders.status,
  isOrdered: orders.isOrdered,
  data: orders.data,
  createdAt: orders.createdAt,
  folderName: orders.folderName,
  jobName: orders.jobName,
  detailer: orders.detailer,
  emailedOn: orders.emailedOn,
  confirmation: orders.confirmation,
  schedDate: orders.schedDate,
  dateShipped: orders.dateShipped,
  shipTo: orders.shipTo,
  definitionVersionId: orders.definitionVersionId,
};

type Executor = Pick<Database, 'select' | 'update'>;

/** The order by its (globally unique) file name, locked until the transaction ends so two moves cannot interleave. */
export async function lockOrderByFileName(tx: Executor, fileName: string): Promise<LifecycleOrder | undefined> {
  const [row] = await tx.select(lifecycleColumns).from(orders).where(eq(orders.fileName, fileName)).for('update');
  return row;
}

/** The order by file name, whoever's it is (staff and the admin command only). */
export async function findOrderByFileName(db: Executor, fileName: string): Promise<LifecycleOrder | undefined> {
  const [row] = await db.select(lifecycleColumns).from(orders).where(eq(orders.fileName, fileName));
  return row;
}

/** The dealer's order by file name; another dealer's order reads as none. */
export async function findDealerOrder(
  db: Executor,
  dealerId: number,
  fileName: string,
): Promise<LifecycleOrder | undefined> {
  const [row] = await db
    .select(lifecycleColumns)
    .from(orders)
    .where(and(eq(orders.dealerId, dealerId), eq(orders.fileName, fileName)));
  return row;
}

/** The dealer's orders filed in one folder. */
export async function listDealerOrdersInFolder(
  db: Executor,
  dealerId: number,
  folderName: string,
): Promise<LifecycleOrder[]> {
  return db
    .select(lifecycleColumns)
    .from(orders)
    .where(and(eq(orders.dealerId, dealerId), eq(orders.folderName, folderName)))
    .orderBy(asc(orders.id));
}

/** The dealer's orders in one status with their lifecycle facts, oldest first. */
export async function listDealerLifecycleOrders(
  db: Executor,
  dealerId: number,
  status: OrderStatus,
): Promise<LifecycleOrder[]> {
  return db
    .select(lifecycleColumns)
    .from(orders)
    .where(and(eq(orders.dealerId, dealerId), eq(orders.status, status)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

export interface OrderListFilter {
  status?: OrderStatus;
  dealerId?: number;
  limit: number;
}

/** Orders of every dealer for staff, newest first, with the dealer's name. */
export async function listOrdersForStaff(
  db: Executor,
  filter: OrderListFilter,
): Promise<(LifecycleOrder & { dealerName: string })[]> {
  const conditions = [
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.dealerId !== undefined ? eq(orders.dealerId, filter.dealerId) : undefined,
  ].filter((c) => c !== undefined);
  return db
    .select({ ...lifecycleColumns, dealerName: dealers.name })
    .from(orders)
    .innerJoin(dealers, eq(dealers.id, orders.dealerId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(filter.limit);
}

/** Writes the lifecycle facts of one order (status and the facts that came with the move). */
export async function updateOrderLifecycle(tx: Executor, orderId: number, patch: LifecyclePatch): Promise<void> {
  await tx
    .update(orders)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}
