import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/api-client';
import { catalogueCacheOptions } from '../../../shared/api/catalogue-cache';
import type { CataloguePart, PartsFilter, PartsPage } from '../../../../contracts/catalogue';

export type { CataloguePart, PartsFilter, PartsPage };

/** Which list call. */
export type CatalogueList =
  'GetSpareParts' | 'GetMarketingParts' | 'GetDisplayParts' | 'GetTransoms' | 'GetDoors' | 'GetSash';

/** GET /api/SpareParts/{list}?skip=&top=&search=&parentCategory=&secondCategory=&thirdCategory=. */
export function getPartsPage(
  list: CatalogueList,
  skip: number,
  top: number,
  filter: PartsFilter = {},
): Promise<PartsPage> {
  const query = new URLSearchParams({ skip: String(skip), top: String(top) });
  for (const [key, value] of Object.entries(filter)) if (value) query.set(key, value);
  return getJson<PartsPage>(`/api/SpareParts/${list}?${query.toString()}`);
}

/** Rows per request of the spare parts grid (20 rows of 3). */
export const sparePartsPageSize = 60;

export const sparePartsPageQuery = (filter: PartsFilter, page: number) =>
  queryOptions({
    queryKey: ['catalogue', 'GetSpareParts', filter, page],
    queryFn: () => getPartsPage('GetSpareParts', page * sparePartsPageSize, sparePartsPageSize, filter),
    ...catalogueCacheOptions,
  });

/** A whole short list in one call: marketing and displays with skip 0 top 50 (spec 3 §9); transoms, doors, sash. */
export const wholeListQuery = (list: CatalogueList, top: number) =>
  queryOptions({
    queryKey: ['catalogue', list, top],
    queryFn: () => getPartsPage(list, 0, top),
    ...catalogueCacheOptions,
  });

export function useWholeList(list: CatalogueList, top: number) {
  return useQuery(wholeListQuery(list, top));
}
