import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { orders, type OrderStatus } from '../db/schema';

export interface NewOrder {
  dealerId: number;
  userId: number;
  formId: string;
  fileName: string;
  isOrdered: boolean;
  data: Record<string, unknown>;
  status?: OrderStatus;
}

export interface OrderRow {
  fileName: string;
  formId: string;
  data: unknown;
  createdAt: Date;
  /** False for a preview (drawings looked at, never sent as an order). */
  isOrdered: boolean;
}

/** Inserts one order in its own transaction: the row is stored whole or not at all. */
export async function insertOrder(
  db: Database,
  order: NewOrder,
): Promise<{ id: number; fileName: string; createdAt: Date }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values({ ...order, status: order.status ?? 'initial' })
      .returning({ id: orders.id, fileName: orders.fileName, createdAt: orders.createdAt });
    return row;
  });
}

/** The dealer's orders in one status, oldest first. */
export async function listDealerOrders(db: Database, dealerId: number, status: OrderStatus): Promise<OrderRow[]> {
  return db
    .select({
      fileName: orders.fileName,
      formId: orders.formId,
      data: orders.data,
      createdAt: orders.createdAt,
      isOrdered: orders.isOrdered,
    })
    .from(orders)
    .where(and(eq(orders.dealerId, dealerId), eq(orders.status, status)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}
