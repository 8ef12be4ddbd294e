import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../api-client';
import { useLoggedFailure } from '../use-logged-failure';
import type { ProductLine, ProductLineAnswer } from '../../../../contracts/dealer';

export type { ProductLine };

/** GET /api/DealerUserIDName/GetProduct: the signed-in dealer's product line. */
export async function getProductLine(): Promise<ProductLine> {
  const body = await getJson<ProductLineAnswer>('/api/DealerUserIDName/GetProduct');
  return body.theProduct;
}

export const productLineQuery = queryOptions({ queryKey: ['dealer', 'product-line'], queryFn: getProductLine });

/** The dealer's product line; a failed load is logged and leaves it undefined. */
export function useProductLine() {
  const query = useQuery(productLineQuery);
  useLoggedFailure(query.error, 'dealer product line');
  return query;
}
