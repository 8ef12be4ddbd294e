/**
 * What the rules read when the server re-checks a submission: the dealer's locations and product line, the price list
 * the definition names (`submit.prices`), and the order's lines re-priced from the catalogues it names
 * (`submit.lines`, with the fields of a line): prices and descriptions never come from the body.
 */
import type { FormContext, SubmitSettings } from '../../../engine/index';
import type { Database } from '../../db/database';
import { catalogueKinds, type CatalogueKind } from '../../db/schema';
import { findPartsByNumber, readGlassPrices } from '../../repositories/catalogue-repository';
import { findDealer, listDealerLocations } from '../../repositories/dealers-repository';
import { readEngineeringPrices } from '../../repositories/parts-repository';

/** The dealer's locations, product line and the live part prices. */
export async function buildFormContext(db: Database, dealerId: number): Promise<FormContext> {
  // One after another: `db` may be a transaction (idempotent submits), whose one connection takes one query at a time.
  const dealer = await findDealer(db, dealerId);
  const locations = await listDealerLocations(db, dealerId);
  const prices = await readEngineeringPrices(db);
  return { locations, productLine: dealer?.productLine, prices };
}

function isCatalogueKind(kind: string): kind is CatalogueKind {
  return (catalogueKinds as readonly string[]).includes(kind);
}

export interface PricedSubmission {
  data: Record<string, unknown>;
  context: FormContext;
  /** Messages at lines whose part number none of the catalogues holds. */
  errors: Record<string, string>;
}

/** The data with its lines re-priced (when the definition names catalogues) and the context with the named price list. */
export async function priceSubmission(
  db: Database,
  settings: SubmitSettings,
  dealerId: number,
  data: Record<string, unknown>,
): Promise<PricedSubmission> {
  const context = await buildFormContext(db, dealerId);
  if (settings.prices === 'glass') {
    context.prices = Object.fromEntries((await readGlassPrices(db)).map((entry) => [entry.identifier, entry.price]));
  }
  const spec = settings.lines;
  if (!spec) return { data, context, errors: {} };
  const lines = Array.isArray(data[spec.path]) ? (data[spec.path] as Record<string, unknown>[]) : [];
  const numberOf = (line: Record<string, unknown> | null | undefined) => {
    const value = line?.[spec.partNumber];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const numbers = lines.map(numberOf).filter((n): n is string => n !== undefined);
  const catalogue = await findPartsByNumber(db, spec.catalogues.filter(isCatalogueKind), numbers);
  const errors: Record<string, string> = {};
  const priced = lines.map((line, index) => {
    const partNumber = numberOf(line);
    if (partNumber === undefined) return line;
    const part = catalogue.get(partNumber);
    if (!part) {
      errors[`${spec.path}.${index}.${spec.partNumber}`] = spec.unknownPartMessage;
      return line;
    }
    return { ...line, [spec.price]: part.price, [spec.description]: part.description };
  });
  return { data: { ...data, [spec.path]: priced }, context, errors };
}
