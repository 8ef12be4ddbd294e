/**
 * The staff order API (role `staff`; everyone else gets 403) as the desk calls it: a page of every dealer's orders,
 * the filters' choices, one order with its moves and its posted data, moves (one or many), the detailer, e-mail.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, getJson } from '../../../shared/api/api-client';
import type {
  BulkTransitionAnswer,
  BulkTransitionBody,
  EmailOrderAnswer,
  EmailOrderBody,
  StaffOrder,
  StaffOrderDetails,
  StaffOrderFilters,
  StaffOrdersAnswer,
  StaffOrdersQuery,
  TransitionBody,
} from '../../../../contracts/staff';
import { ordersQueryString } from '../desk-search';

export type {
  BulkTransitionAnswer,
  EmailOrderAnswer,
  OrderEvent,
  SentEmail,
  StaffOrder,
  StaffOrderDetails,
  StaffOrderRow,
  StaffOrdersAnswer,
  StaffOrderFilters,
} from '../../../../contracts/staff';

const orderPath = (fileName: string) => `/api/staff/orders/${encodeURIComponent(fileName)}`;

export const orderDeskKeys = {
  all: ['order-desk'] as const,
  filters: ['order-desk', 'filters'] as const,
  order: (fileName: string) => ['order-desk', 'order', fileName] as const,
  details: (fileName: string) => ['order-desk', 'details', fileName] as const,
};

/** GET /api/staff/orders: one page of the grid (the grid's own cache holds the pages, not React Query). */
export function getStaffOrders(query: StaffOrdersQuery, signal?: AbortSignal): Promise<StaffOrdersAnswer> {
  return apiClient
    .get<StaffOrdersAnswer>(`/api/staff/orders?${ordersQueryString(query)}`, { signal })
    .then((r) => r.data);
}

// Dealers and products change rarely: once per visit of the page is enough.
export const orderFiltersQuery = () =>
  queryOptions({
    queryKey: orderDeskKeys.filters,
    queryFn: () => getJson<StaffOrderFilters>('/api/staff/order-filters'),
    staleTime: 5 * 60_000,
  });

// An order is what colleagues move too: always fetched fresh when the panel opens.
export const staffOrderQuery = (fileName: string) =>
  queryOptions({
    queryKey: orderDeskKeys.order(fileName),
    queryFn: () => getJson<StaffOrder>(orderPath(fileName)),
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const orderDetailsQuery = (fileName: string) =>
  queryOptions({
    queryKey: orderDeskKeys.details(fileName),
    queryFn: () => getJson<StaffOrderDetails>(`${orderPath(fileName)}/details`),
    staleTime: 0,
    refetchOnMount: 'always',
  });

/** POST .../transition: one move, with the state the mover saw (`from`): 409 when a colleague moved it first. */
export async function moveOrder(fileName: string, body: TransitionBody): Promise<StaffOrder> {
  return (await apiClient.post<StaffOrder>(`${orderPath(fileName)}/transition`, body)).data;
}

/** POST /api/staff/orders/transitions: one move for many orders, judged row by row. */
export async function moveOrders(body: BulkTransitionBody): Promise<BulkTransitionAnswer> {
  return (await apiClient.post<BulkTransitionAnswer>('/api/staff/orders/transitions', body)).data;
}

/** PUT .../detailer: who details the order (the state stays). */
export async function assignDetailer(fileName: string, detailer: string, note?: string): Promise<StaffOrder> {
  return (await apiClient.put<StaffOrder>(`${orderPath(fileName)}/detailer`, { detailer, ...(note ? { note } : {}) }))
    .data;
}

/** POST .../email: e-mails the dealer the order's PDFs; the answer is the message as sent. */
export async function emailDealer(fileName: string, body: EmailOrderBody): Promise<EmailOrderAnswer> {
  return (await apiClient.post<EmailOrderAnswer>(`${orderPath(fileName)}/email`, body)).data;
}

/** One of the order's files (a PDF, a drawing, the text file) by the staff URL the details give, as a blob. */
export async function getOrderFile(url: string): Promise<Blob> {
  return (await apiClient.get<Blob>(url, { responseType: 'blob' })).data;
}
