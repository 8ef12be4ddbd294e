import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../api-client';
import { useLoggedFailure } from '../use-logged-failure';
import type { DealerNameAnswer } from '../../../../contracts/dealer';

/** GET /api/DealerUserIDName/DealerName: the signed-in dealer company's name. */
export async function getDealerName(): Promise<string> {
  const body = await getJson<DealerNameAnswer>('/api/DealerUserIDName/DealerName');
  return body.dealerName;
}

export const dealerNameQuery = queryOptions({ queryKey: ['dealer', 'name'], queryFn: getDealerName });

/** The dealer's name; a failed load is logged and leaves the name undefined (shown as Loading...). */
export function useDealerName() {
  const query = useQuery(dealerNameQuery);
  useLoggedFailure(query.error, 'dealer name');
  return query;
}
