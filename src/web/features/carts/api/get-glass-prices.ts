import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/api-client';
import { useLoggedFailure } from '../../../shared/api/use-logged-failure';
import { catalogueCacheOptions } from '../../../shared/api/catalogue-cache';
import type { GlassPricesAnswer } from '../../../../contracts/catalogue';

/** Glass type -> price per square foot (spec 3 §3 glass price list entries: identifier and price). */
export type GlassPrices = Record<string, number>;

/** GET /api/SpareParts/GetGlassPrices. */
export async function getGlassPrices(): Promise<GlassPrices> {
  const body = await getJson<GlassPricesAnswer>('/api/SpareParts/GetGlassPrices');
  return Object.fromEntries(body.glassPrices.map((entry) => [entry.identifier, entry.price]));
}

export const glassPricesQuery = queryOptions({
  queryKey: ['catalogue', 'glass-prices'],
  queryFn: getGlassPrices,
  ...catalogueCacheOptions,
});

/** The glass price list; a failed load is logged and the definition's demo prices stay in force. */
export function useGlassPrices(isEnabled: boolean) {
  const query = useQuery({ ...glassPricesQuery, enabled: isEnabled });
  useLoggedFailure(query.error, 'glass prices');
  return query;
}
