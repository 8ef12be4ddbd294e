import { asc, desc, eq } from 'drizzle-orm';
import type { OrderEvent } from '../../contracts/staff';
import type { Database } from '../db/database';
import { orderEvents, type OrderStatus } from '../db/schema';

/** Who made a lifecycle move: a staff user from the token, or the admin command. */
export interface Actor {
  actor: string;
  actorUserId?: number;
}

export type { OrderEvent };

type Executor = Pick<Database, 'insert' | 'select'>;

/** Records one move of an order (inside the caller's transaction, so the move and its record are one write). */
export async function insertOrderEvent(
  db: Executor,
  event: { orderId: number; from: OrderStatus; to: OrderStatus; details: Record<string, unknown> } & Actor,
): Promise<void> {
  await db.insert(orderEvents).values({
    orderId: event.orderId,
    fromStatus: event.from,
    toStatus: event.to,
    actor: event.actor,
    actorUserId: event.actorUserId ?? null,
    details: event.details,
  });
}

function toEvent(row: typeof orderEvents.$inferSelect): OrderEvent {
  return {
    from: row.fromStatus,
    to: row.toStatus,
    actor: row.actor,
    at: row.at.toISOString(),
    details: (row.details ?? {}) as Record<string, unknown>,
  };
}

/** The order's latest move (or undefined before the first). */
export async function findLatestOrderEvent(db: Executor, orderId: number): Promise<OrderEvent | undefined> {
  const [row] = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(desc(orderEvents.at), desc(orderEvents.id))
    .limit(1);
  return row ? toEvent(row) : undefined;
}

/** The order's moves, oldest first. */
export async function listOrderEvents(db: Executor, orderId: number): Promise<OrderEvent[]> {
  const rows = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  return rows.map(toEvent);
}
