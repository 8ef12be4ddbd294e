import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/api-client';
import { useLoggedFailure } from '../../../shared/api/use-logged-failure';
import type { PortalDisclaimerAnswer } from '../../../../contracts/dealer';

/** GET /api/SpareParts/PortalDisclaimer: the first item's manufacturingComment is the disclaimer. */
export async function getPortalDisclaimer(): Promise<string> {
  const body = await getJson<PortalDisclaimerAnswer>('/api/SpareParts/PortalDisclaimer');
  return body.spareParts?.[0]?.manufacturingComment ?? '';
}

export const portalDisclaimerQuery = queryOptions({ queryKey: ['portal-disclaimer'], queryFn: getPortalDisclaimer });

/** The disclaimer text; a failed load is logged and leaves it undefined (shown as Loading...). */
export function usePortalDisclaimer() {
  const query = useQuery(portalDisclaimerQuery);
  useLoggedFailure(query.error, 'portal disclaimer');
  return query;
}
