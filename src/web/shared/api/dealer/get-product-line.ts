import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../api-client';
import { useLoggedFailure } from '../use-logged-failure';

/** The two product lines a dealer can have (spec 1 §1). */
export type ProductLine = 'SUNROOMS' | 'PATIO COVERS';

/** GET /api/DealerUserIDName/GetProduct: the signed-in dealer's product line. */
export async function getProductLine(): Promise<ProductLine> {
  const body = await getJson<{ theProduct: ProductLine }>('/api/DealerUserIDName/GetProduct');
  return body.theProduct;
}

export const productLineQuery = queryOptions({ queryKey: ['dealer', 'product-line'], queryFn: getProductLine });

/** The dealer's product line; a failed load is logged and leaves it undefined. */
export function useProductLine() {
  const query = useQuery(productLineQuery);
  useLoggedFailure(query.error, 'dealer product line');
  return query;
}
