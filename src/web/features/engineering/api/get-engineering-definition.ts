import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DefinitionBundle } from '../../../../engine';
import { getJson } from '../../../shared/api/api-client';

/** GET /api/definitions/engineering: schema, ui schema and rules of the engineering request. */
export function getEngineeringDefinition(): Promise<DefinitionBundle> {
  return getJson<DefinitionBundle>('/api/definitions/engineering');
}

// Staff edit definitions without a rebuild: re-read when the modal opens after 5 minutes.
export const engineeringDefinitionQuery = queryOptions({
  queryKey: ['definitions', 'engineering'],
  queryFn: getEngineeringDefinition,
  staleTime: 5 * 60 * 1000,
  refetchOnMount: true,
});

export function useEngineeringDefinition() {
  return useQuery(engineeringDefinitionQuery);
}
