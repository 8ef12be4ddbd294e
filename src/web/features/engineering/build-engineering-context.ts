import type { FormContext } from '../../../engine';
import type { PriceByName } from './api/get-engineering-prices';

/** The engine context of the engineering request: the dealer's locations and the live prices known so far. */
export function buildEngineeringContext(
  locations: Record<string, string>,
  partPrices?: PriceByName,
  mailPrices?: PriceByName,
): FormContext {
  return { locations, prices: { ...partPrices, ...mailPrices } };
}
