/**
 * The demo catalogue (spare parts, marketing, displays, transoms, doors, sash, glass prices) into catalogue_parts,
 * marked is_demo. Rows whose part number exists are left alone, so a second run adds nothing and never overwrites
 * the manufacturer's edits. Pictures are generated on first request (services/product-images), not here.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { catalogueParts, productImages } from './schema';
import type { Database } from './database';
import { makeDemoCatalogue, type DemoCatalogueOptions } from '../services/catalogue/demo-catalogue';

export type SeedCatalogueOptions = DemoCatalogueOptions;

/** Env var of `npm run seed` / `npm start` giving the spare-part count (e.g. 5000 for the grid-scroll bench). */
export const demoSparePartsEnvVar = 'DEMO_SPARE_PARTS';

/** Spare parts wanted from the environment, or undefined for the base list. */
export function readDemoSparePartsCount(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const count = Number(env[demoSparePartsEnvVar]);
  return Number.isInteger(count) && count > 0 && count <= 100_000 ? count : undefined;
}

/** Inserts the missing demo catalogue rows in batches; returns how many were added. */
export async function seedDemoCatalogue(db: Database, options: SeedCatalogueOptions = {}): Promise<number> {
  const rows = makeDemoCatalogue(options).map((row) => ({ ...row, price: row.price.toFixed(2), isDemo: true }));
  let added = 0;
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += 500) {
      const inserted = await tx
        .insert(catalogueParts)
        .values(rows.slice(start, start + 500))
        .onConflictDoNothing()
        .returning({ id: catalogueParts.id });
      added += inserted.length;
    }
  });
  return added;
}

/**
 * Once for a database seeded before issue 15 (its demo doors, transoms or sash still share pictures): they get their
 * own image ids (one picture per item: a white door no longer shares a bronze one's picture) and the generated
 * pictures stored for demo parts are dropped, so the next request draws them again in their named colour. The demo
 * catalogue has no photographs; rows that are not demo rows, and their pictures, are left alone. Returns how many
 * rows it moved to their own picture (0: nothing to do, the usual start).
 */
export async function refreshDemoPictures(db: Database): Promise<number> {
  const shared = ['door', 'transom', 'sash'] as const;
  const stored = await db
    .select({ partNumber: catalogueParts.partNumber, imageId: catalogueParts.imageId })
    .from(catalogueParts)
    .where(and(eq(catalogueParts.isDemo, true), inArray(catalogueParts.catalogue, [...shared])));
  const wanted = new Map(
    makeDemoCatalogue()
      .filter((row) => (shared as readonly string[]).includes(row.catalogue))
      .map((row) => [row.partNumber, row.imageId]),
  );
  const stale = stored.filter((row) => wanted.has(row.partNumber) && wanted.get(row.partNumber) !== row.imageId);
  if (stale.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (const row of stale)
      await tx
        .update(catalogueParts)
        .set({ imageId: wanted.get(row.partNumber)! })
        .where(and(eq(catalogueParts.partNumber, row.partNumber), eq(catalogueParts.isDemo, true)));
    const demoImages = tx
      .selectDistinct({ imageId: catalogueParts.imageId })
      .from(catalogueParts)
      .where(and(eq(catalogueParts.isDemo, true), isNotNull(catalogueParts.imageId)));
    await tx.delete(productImages).where(inArray(productImages.imageId, demoImages));
  });
  return stale.length;
}
