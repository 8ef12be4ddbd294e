import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DefinitionBundle } from '../../../../engine';
import { getJson } from '../../../shared/api/api-client';

/** GET /api/definitions/{pergola|pavilion}: schema, ui schema, rules and price tables of one form. */
export function getPatioCoverDefinition(form: string): Promise<DefinitionBundle> {
  return getJson<DefinitionBundle>(`/api/definitions/${encodeURIComponent(form)}`);
}

// Staff edit prices and rules without a rebuild: re-read when the page opens after 5 minutes.
export const patioCoverDefinitionQuery = (form: string) =>
  queryOptions({ queryKey: ['definitions', form], queryFn: () => getPatioCoverDefinition(form), staleTime: 5 * 60 * 1000, refetchOnMount: true });

export function usePatioCoverDefinition(form: string) {
  return useQuery(patioCoverDefinitionQuery(form));
}
