/**
 * Sending a cart (spec 3 §7 SubmitSpareParts and CustomGlass): the body's shape against the cart's definition (400),
 * prices and descriptions re-read from the catalogue (never trusted from the body), the same rules the page ran
 * (422), then one insert of an 'initial' order of the caller's dealer.
 */
import { checkSubmission, type MissingField } from '../../../engine/index';
import type { Database } from '../../db/database';
import type { CatalogueKind } from '../../db/schema';
import { findPartsByNumber, readGlassPrices } from '../../repositories/catalogue-repository';
import { insertOrder } from '../../repositories/orders-repository';
import type { Principal } from '../../types';
import type { DefinitionRegistry } from '../definition-registry';
import { makeOrderFileName } from '../file-names';
import { buildFormContext } from '../orders';
import { findBodyErrors } from '../request-body-schema';

export type CartForm = 'spare-parts-cart' | 'marketing-cart' | 'display-cart' | 'glass-cart';

/** Which catalogue each cart orders from: the spare parts cart also takes transoms, doors and sash. */
export const cartCatalogues: Record<Exclude<CartForm, 'glass-cart'>, CatalogueKind[]> = {
  'spare-parts-cart': ['spare-parts', 'transom', 'door', 'sash'],
  'marketing-cart': ['marketing'],
  'display-cart': ['display'],
};

/** File-name prefix per cart (e.g. SPR-1001-20261122-153005-K7QX). */
export const cartFileNamePrefixes: Record<CartForm, string> = {
  'spare-parts-cart': 'SPR',
  'marketing-cart': 'MKT',
  'display-cart': 'DSP',
  'glass-cart': 'GLS',
};

export type CartOutcome =
  | { kind: 'unknown-form'; form: string }
  | { kind: 'malformed'; reasons: string[] }
  | { kind: 'incomplete'; missing: MissingField[]; errors: Record<string, string> }
  | { kind: 'stored'; fileName: string; form: CartForm };

export interface CartSubmitDeps {
  db: Database;
  definitions: DefinitionRegistry;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Which definition checks a SubmitSpareParts body: display true -> display-cart, marketing true -> marketing-cart,
 * else spare-parts-cart; both flags true is a malformed body.
 */
export function resolveSparePartsForm(body: unknown): CartForm | { reasons: string[] } {
  if (!isRecord(body)) return { reasons: ['body must be a JSON object'] };
  if (body.display === true && body.marketing === true) return { reasons: ['body.display and body.marketing cannot both be true'] };
  if (body.display === true) return 'display-cart';
  if (body.marketing === true) return 'marketing-cart';
  return 'spare-parts-cart';
}

function describeSchemaErrors(errors: { instancePath: string; message?: string }[]): string[] {
  return errors.map((error) => `body${error.instancePath.replace(/\//g, '.')} ${error.message ?? 'is not valid'}`);
}

/** The lines with the catalogue's price and description; unknown part numbers as messages at their lines. */
async function repriceSpareParts(db: Database, form: Exclude<CartForm, 'glass-cart'>, body: Record<string, unknown>): Promise<{ body: Record<string, unknown>; errors: Record<string, string> }> {
  const lines = Array.isArray(body.OrderSpareParts) ? (body.OrderSpareParts as Record<string, unknown>[]) : [];
  const numbers = lines.map((line) => line?.partNumber).filter((n): n is string => typeof n === 'string' && n !== '');
  const catalogue = await findPartsByNumber(db, cartCatalogues[form], numbers);
  const errors: Record<string, string> = {};
  const priced = lines.map((line, index) => {
    if (typeof line?.partNumber !== 'string' || line.partNumber === '') return line;
    const part = catalogue.get(line.partNumber);
    if (!part) {
      errors[`OrderSpareParts.${index}.partNumber`] = form === 'spare-parts-cart' ? 'Unknown part number' : `Unknown ${form === 'display-cart' ? 'display' : 'marketing'} part number`;
      return line;
    }
    return { ...line, price: part.price, partDescription: part.description };
  });
  return { body: { ...body, OrderSpareParts: priced }, errors };
}

/** Checks and stores one cart order; `form` is the cart's definition (resolveSparePartsForm for SubmitSpareParts). */
export async function submitCart(deps: CartSubmitDeps, form: CartForm, body: unknown, principal: Principal): Promise<CartOutcome> {
  const { db } = deps;
  const served = deps.definitions.get(form);
  if (!served) return { kind: 'unknown-form', form };
  const shapeErrors = findBodyErrors(served.compiled, body);
  if (shapeErrors) return { kind: 'malformed', reasons: describeSchemaErrors(shapeErrors) };
  const posted = body as Record<string, unknown>;

  const context = await buildFormContext(db, principal.dealerId);
  let priced = posted;
  let catalogueErrors: Record<string, string> = {};
  if (form === 'glass-cart') {
    // The glass price list is the context's prices: the definition computes each piece's price from it.
    const glassPrices = await readGlassPrices(db);
    context.prices = Object.fromEntries(glassPrices.map((entry) => [entry.identifier, entry.price]));
  } else {
    ({ body: priced, errors: catalogueErrors } = await repriceSpareParts(db, form, posted));
  }

  const check = checkSubmission(served.compiled, priced, context);
  const schemaReasons = Object.entries(check.schemaErrors).map(([path, reason]) => `body${path ? `.${path}` : ''} ${reason}`);
  if (schemaReasons.length > 0) return { kind: 'malformed', reasons: schemaReasons };
  const errors = { ...check.errors, ...catalogueErrors };
  if (!check.ok || Object.keys(catalogueErrors).length > 0) return { kind: 'incomplete', missing: check.missing, errors };

  for (let attempt = 1; ; attempt += 1) {
    try {
      const row = await insertOrder(db, {
        dealerId: principal.dealerId,
        userId: principal.userId,
        formId: form,
        fileName: makeOrderFileName(cartFileNamePrefixes[form], principal.dealerId),
        status: 'initial',
        isOrdered: true,
        data: check.payload,
      });
      return { kind: 'stored', fileName: row.fileName, form };
    } catch (error) {
      // Two orders of one dealer in the same second with the same 4 random characters: draw again.
      const codes = [error, (error as { cause?: unknown }).cause].map((e) => (e as { code?: unknown } | undefined)?.code);
      if (attempt >= 3 || !codes.includes('23505')) throw error;
    }
  }
}
