import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/api-client';
import { catalogueCacheOptions } from '../../../shared/api/catalogue-cache';
import { useLoggedFailure } from '../../../shared/api/use-logged-failure';
import type { CategoriesAnswer, CategoryNode } from '../../../../contracts/catalogue';

export type { CategoryNode };

/** GET /api/SpareParts/GetCategories: the spare parts tree, then TRANSOMS, SASH and DOORS. */
export async function getCategories(): Promise<CategoryNode[]> {
  const body = await getJson<CategoriesAnswer>('/api/SpareParts/GetCategories');
  return body.categories;
}

export const categoriesQuery = queryOptions({
  queryKey: ['catalogue', 'categories'],
  queryFn: getCategories,
  ...catalogueCacheOptions,
});

export function useCategories() {
  const query = useQuery(categoriesQuery);
  useLoggedFailure(query.error, 'spare parts categories');
  return query;
}
