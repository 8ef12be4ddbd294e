import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { dealers, locations } from '../db/schema';

export async function findDealer(db: Database, dealerId: number) {
  const [row] = await db.select().from(dealers).where(eq(dealers.id, dealerId)).limit(1);
  return row;
}

/** The dealer's locations as the spec's map of location id to name, in key order. */
export async function listDealerLocations(db: Database, dealerId: number): Promise<Record<string, string>> {
  const rows = await db
    .select({ key: locations.key, name: locations.name })
    .from(locations)
    .where(eq(locations.dealerId, dealerId))
    .orderBy(asc(locations.key));
  return Object.fromEntries(rows.map((row) => [row.key, row.name]));
}
