import { inArray, or } from 'drizzle-orm';
import type { PricedPart } from '../../contracts/engineering';
import type { Database } from '../db/database';
import { parts } from '../db/schema';

/** Spec 1 §7: the engineering document parts, matched by these names, in this order. */
export const engineeringPartNames = [
  'ENGINEERING DRAWINGS - SIGNED AND SEALED',
  'ENGINEERING - CALCULATION LETTER',
  'SITE SPECIFIC CALC',
  'SITE SPECIFIC REVISION',
  'ATTESTATION LETTER',
  'CUSTOM DESIGN SERVICE',
  'RENDERING FULL COLOR',
] as const;

/** Spec 1 §7: the mail method parts (parcel carrier services), in this order. */
export const engineeringMailPartNames = ['GROUND', '2ND DAY', 'NEXT DAY'] as const;

/** A part's name and price: the engineering price calls' rows (contracts/engineering.ts). */
export type NamedPrice = PricedPart;

/**
 * Parts whose name (the catalogue's description, or its identifier) is one of `names`, in the order of `names`,
 * then the page `skip`..`skip + top`. A name missing from the catalogue is simply absent (the form uses its default).
 */
export async function listPartsByName(
  db: Database,
  names: readonly string[],
  page = { skip: 0, top: names.length },
): Promise<NamedPrice[]> {
  const rows = await db
    .select({ identifier: parts.identifier, description: parts.description, price: parts.price })
    .from(parts)
    .where(or(inArray(parts.description, [...names]), inArray(parts.identifier, [...names])));
  const found: NamedPrice[] = [];
  for (const name of names) {
    const row = rows.find((r) => r.description === name) ?? rows.find((r) => r.identifier === name);
    if (row) found.push({ name, price: Number(row.price) });
  }
  return found.slice(page.skip, page.skip + page.top);
}

/** Live prices by part name for the engine's context (`prices`): engineering documents and mail methods. */
export async function readEngineeringPrices(db: Database): Promise<Record<string, number>> {
  const rows = await listPartsByName(db, [...engineeringPartNames, ...engineeringMailPartNames]);
  return Object.fromEntries(rows.map((row) => [row.name, row.price]));
}
