import { eq, sql } from 'drizzle-orm';
import type { FurniturePages } from '../../contracts/furniture';
import type { Database } from '../db/database';
import { orderFurniture } from '../db/schema';

/** The furniture placed on an order's drawing pages ({} when none was placed). */
export async function readFurniture(db: Database, orderId: number): Promise<FurniturePages> {
  const [row] = await db
    .select({ pages: orderFurniture.pages })
    .from(orderFurniture)
    .where(eq(orderFurniture.orderId, orderId));
  return (row?.pages as FurniturePages | undefined) ?? {};
}

/** Replaces all of an order's furniture in one write. */
export async function writeFurniture(
  db: Database,
  orderId: number,
  pages: FurniturePages,
  userId: number,
): Promise<void> {
  await db
    .insert(orderFurniture)
    .values({ orderId, pages, updatedBy: userId })
    .onConflictDoUpdate({ target: orderFurniture.orderId, set: { pages, updatedBy: userId, updatedAt: sql`now()` } });
}
