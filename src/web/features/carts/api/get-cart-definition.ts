import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DefinitionBundle } from '../../../../engine';
import { getJson } from '../../../shared/api/api-client';

/** GET /api/definitions/{form}: a cart's send form (rules, schema, ui schema). */
export function getCartDefinition(form: string): Promise<DefinitionBundle> {
  return getJson<DefinitionBundle>(`/api/definitions/${encodeURIComponent(form)}`);
}

// Staff edit definitions without a rebuild: re-read when a cart page opens after 5 minutes.
export const cartDefinitionQuery = (form: string) =>
  queryOptions({ queryKey: ['definitions', form], queryFn: () => getCartDefinition(form), staleTime: 5 * 60 * 1000, refetchOnMount: true });

export function useCartDefinition(form: string) {
  return useQuery(cartDefinitionQuery(form));
}
