import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/api-client';
import type {
  ConfirmedOrder,
  ConfirmedOrdersAnswer,
  InitialOrder,
  InitialOrdersAnswer,
  ProcessedOrder,
  ProcessedOrdersAnswer,
  UnprocessedOrder,
  UnprocessedOrdersAnswer,
} from '../../../../contracts/order-lists';

export type { ConfirmedOrder, InitialOrder, ProcessedOrder, UnprocessedOrder };

export type OrderTab = 'confirmed' | 'processed' | 'unprocessed' | 'initial';

// Spec 1 §8: a failed list load is logged and the tab shows an empty list.
async function loadOrEmpty<T>(what: string, load: () => Promise<T[]>): Promise<T[]> {
  try {
    return await load();
  } catch (error) {
    console.error(`Failed to fetch the ${what}`, error);
    return [];
  }
}

/** GET /api/SQLThings/ConfirmedData. */
export function getConfirmedOrders(): Promise<ConfirmedOrder[]> {
  return loadOrEmpty('confirmed orders', async () => {
    const body = await getJson<Partial<ConfirmedOrdersAnswer>>('/api/SQLThings/ConfirmedData');
    return body.confirmedData ?? [];
  });
}

/** GET /api/SQLThings/ProcessedData. */
export function getProcessedOrders(): Promise<ProcessedOrder[]> {
  return loadOrEmpty('processed orders', async () => {
    const body = await getJson<Partial<ProcessedOrdersAnswer>>('/api/SQLThings/ProcessedData');
    return body.processedData ?? [];
  });
}

/** GET /api/TxtThings/unprocessedFiles: an object whose values are the orders. */
export function getUnprocessedOrders(): Promise<UnprocessedOrder[]> {
  return loadOrEmpty('unprocessed orders', async () =>
    Object.values(await getJson<UnprocessedOrdersAnswer>('/api/TxtThings/unprocessedFiles')),
  );
}

/** GET /api/TxtThings/initialOrders: an object whose values are the orders. */
export function getInitialOrders(): Promise<InitialOrder[]> {
  return loadOrEmpty('initial orders', async () =>
    Object.values(await getJson<InitialOrdersAnswer>('/api/TxtThings/initialOrders')),
  );
}

// Order lists change as staff work: load on each visit of the page, once per tab (spec 1 §4).
const perVisit = { staleTime: 0, gcTime: 0, refetchOnMount: 'always' as const };

export const orderListQueries = {
  confirmed: queryOptions({ queryKey: ['orders', 'confirmed'], queryFn: getConfirmedOrders, ...perVisit }),
  processed: queryOptions({ queryKey: ['orders', 'processed'], queryFn: getProcessedOrders, ...perVisit }),
  unprocessed: queryOptions({ queryKey: ['orders', 'unprocessed'], queryFn: getUnprocessedOrders, ...perVisit }),
  initial: queryOptions({ queryKey: ['orders', 'initial'], queryFn: getInitialOrders, ...perVisit }),
};
