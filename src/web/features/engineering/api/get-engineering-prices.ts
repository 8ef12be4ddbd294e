import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/api-client';
import { useLoggedFailure } from '../../../shared/api/use-logged-failure';
import type { PricedPart, PricedPartsAnswer } from '../../../../contracts/engineering';

export type { PricedPart };

/** Part name -> price. */
export type PriceByName = Record<string, number>;

export function toPriceByName(parts: readonly PricedPart[]): PriceByName {
  return Object.fromEntries(parts.filter((part) => Number.isFinite(part.price)).map((part) => [part.name, part.price]));
}

/** GET /api/OrderingEngineering/GetEngineeringParts: live prices of the engineering documents. */
export async function getEngineeringParts(): Promise<PriceByName> {
  const body = await getJson<PricedPartsAnswer>('/api/OrderingEngineering/GetEngineeringParts?skip=0&top=10');
  return toPriceByName(body.spareParts);
}

/** GET /api/OrderingEngineering/GetEngineeringMailParts: live prices of GROUND, 2ND DAY and NEXT DAY. */
export async function getEngineeringMailParts(): Promise<PriceByName> {
  const body = await getJson<PricedPartsAnswer>('/api/OrderingEngineering/GetEngineeringMailParts?skip=0&top=10');
  return toPriceByName(body.spareParts);
}

// Parts data: fresh 1 h, kept 24 h, no refetch on focus or mount (spec 1 §9; the query client's defaults).
export const engineeringPartsQuery = queryOptions({ queryKey: ['parts', 'engineering'], queryFn: getEngineeringParts });
export const engineeringMailPartsQuery = queryOptions({
  queryKey: ['parts', 'engineering-mail'],
  queryFn: getEngineeringMailParts,
});

/** Live document prices; on failure the definition's defaults stay in force. */
export function useEngineeringParts() {
  const query = useQuery(engineeringPartsQuery);
  useLoggedFailure(query.error, 'engineering part prices');
  return query;
}

/** Live mail prices; on failure each mail option shows 'Error fetching price'. */
export function useEngineeringMailParts() {
  const query = useQuery(engineeringMailPartsQuery);
  useLoggedFailure(query.error, 'engineering mail prices');
  return query;
}
