import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../api-client';
import { prefetch, takePrefetched } from '../prefetch';
import { useLoggedFailure } from '../use-logged-failure';
import type { DealerLocations } from '../../../../contracts/dealer';

export type { DealerLocations };

/** GET /api/DealerUserIDName/locations: the signed-in dealer's locations. */
export async function getLocations(): Promise<DealerLocations> {
  return getJson<DealerLocations>('/api/DealerUserIDName/locations');
}

const prefetchKey = 'dealer:locations';

/** Starts fetching the locations now (a configurator route's loader: its form waits for them). */
export function prefetchLocations(): void {
  prefetch(prefetchKey, getLocations);
}

export const locationsQuery = queryOptions({
  queryKey: ['dealer', 'locations'],
  queryFn: () => takePrefetched<DealerLocations>(prefetchKey) ?? getLocations(),
});

/** The dealer's locations; a failed load is logged and leaves locations empty (spec 3 §8). */
export function useLocations() {
  const query = useQuery(locationsQuery);
  useLoggedFailure(query.error, 'dealer locations');
  return { ...query, locations: query.data ?? {} };
}
