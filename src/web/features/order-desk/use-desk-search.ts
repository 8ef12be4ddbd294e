import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readDeskSearch, writeDeskSearch, type DeskFilters, type DeskSearch, type DeskSort } from './desk-search';

/** The desk's filters and sort, kept in the address: a shared link or a reload shows the same orders. */
export function useDeskSearch() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const search = useMemo(() => readDeskSearch(new URLSearchParams(key)), [key]);

  const update = useCallback(
    (change: (current: DeskSearch) => DeskSearch) => {
      // Each change replaces the entry: typing a search must not leave one history step per key.
      setParams((current) => writeDeskSearch(change(readDeskSearch(current))), { replace: true });
    },
    [setParams],
  );
  const setFilters = useCallback(
    (filters: Partial<DeskFilters>) =>
      update((current) => ({ ...current, filters: { ...current.filters, ...filters } })),
    [update],
  );
  const setSort = useCallback((sort: DeskSort) => update((current) => ({ ...current, sort })), [update]);
  const clearFilters = useCallback(() => update((current) => ({ ...current, filters: {} })), [update]);
  return { search, setFilters, setSort, clearFilters };
}
