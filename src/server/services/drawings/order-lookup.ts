/** The one order a dealer may see drawings of: its own, by file name. */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { orders } from '../../db/schema';

/** The dealer's order with this file name, or undefined (unknown, or another dealer's: the same answer). */
export async function findDealerOrder(
  db: Database,
  dealerId: number,
  fileName: string,
): Promise<{ fileName: string; formId: string; status: string } | undefined> {
  const [row] = await db
    .select({ fileName: orders.fileName, formId: orders.formId, status: orders.status })
    .from(orders)
    .where(and(eq(orders.dealerId, dealerId), eq(orders.fileName, fileName)))
    .limit(1);
  return row;
}
