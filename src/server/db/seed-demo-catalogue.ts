/**
 * The demo catalogue (spare parts, marketing, displays, transoms, doors, sash, glass prices) into catalogue_parts,
 * marked is_demo. Rows whose part number exists are left alone, so a second run adds nothing and never overwrites
 * the manufacturer's edits. Pictures are generated on first request (services/product-images), not here.
 */
import { catalogueParts } from './schema';
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
