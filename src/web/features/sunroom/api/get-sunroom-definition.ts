import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DefinitionBundle } from '../../../../engine';
import { getJson } from '../../../shared/api/api-client';

/** GET /api/definitions/{form}: schema, ui schema, rules and catalogues of one sunroom-family form. */
export function getSunroomDefinition(form: string): Promise<DefinitionBundle> {
  return getJson<DefinitionBundle>(`/api/definitions/${encodeURIComponent(form)}`);
}

// Staff edit definitions without a rebuild: re-read when the page opens after 5 minutes.
export const sunroomDefinitionQuery = (form: string) =>
  queryOptions({ queryKey: ['definitions', form], queryFn: () => getSunroomDefinition(form), staleTime: 5 * 60 * 1000, refetchOnMount: true });

export function useSunroomDefinition(form: string) {
  return useQuery(sunroomDefinitionQuery(form));
}
