import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getOrderHistoryPage, loadAllHistoryPages } from './api/order-history';
import { sortByDateShipped, toHistoryRow, type HistoryRow } from './history-rows';

export interface OrderHistoryState {
  /** Sorted rows shown so far (refreshed every few pages while loading). */
  rows: HistoryRow[];
  loadedCount: number;
  isLoading: boolean;
  isFailed: boolean;
}

const historyKey = ['order-history'];
// Spec 1 §9's freshness: a list loaded within the hour is shown again at once.
const freshForMs = 60 * 60 * 1000;
// Handing rows to the table rebuilds its row nodes: show the first page at once, then everything at the end.
const isTableRefreshPage = (page: number) => page === 1;

/** Loads every history page (spec 1 §4) with a running count; the finished list is kept for the session's cache time. */
export function useOrderHistory(): OrderHistoryState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<OrderHistoryState>(() => {
    const cached = readFreshHistory(queryClient);
    return cached
      ? { rows: cached, loadedCount: cached.length, isLoading: false, isFailed: false }
      : { rows: [], loadedCount: 0, isLoading: true, isFailed: false };
  });
  const isCached = !state.isLoading && !state.isFailed && state.loadedCount > 0;

  useEffect(() => {
    if (isCached) return;
    const abort = new AbortController();
    const soFar: HistoryRow[] = [];
    loadAllHistoryPages({
      fetchPage: getOrderHistoryPage,
      toRow: (raw) => toHistoryRow(raw),
      signal: abort.signal,
      onPage: (rows, page) => {
        for (const row of rows) soFar.push(row);
        const isRefresh = isTableRefreshPage(page);
        setState((current) => ({
          ...current,
          loadedCount: soFar.length,
          rows: isRefresh ? sortByDateShipped(soFar) : current.rows,
        }));
      },
    }).then(
      (all) => {
        const sorted = sortByDateShipped(all);
        queryClient.setQueryData(historyKey, sorted);
        setState({ rows: sorted, loadedCount: sorted.length, isLoading: false, isFailed: false });
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        console.error('Failed to fetch order history', error);
        setState((current) => ({ ...current, rows: sortByDateShipped(soFar), isLoading: false, isFailed: true }));
      },
    );
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per page visit
  }, []);

  return state;
}

function readFreshHistory(queryClient: QueryClient): HistoryRow[] | undefined {
  const updatedAt = queryClient.getQueryState(historyKey)?.dataUpdatedAt ?? 0;
  return Date.now() - updatedAt < freshForMs ? queryClient.getQueryData<HistoryRow[]>(historyKey) : undefined;
}
