/**
 * The desk's filters and sort as URL search params (so a link can be shared and a reload restores them), and as the
 * query of GET /api/staff/orders. The URL uses the API's own names; anything unreadable in it is dropped.
 */
import type { StaffOrderSortKey, StaffOrdersQuery } from '../../../contracts/staff';
import { isOrderStatus, type OrderStatus } from './order-moves';

export interface DeskFilters {
  dealerId?: number;
  status?: OrderStatus;
  formId?: string;
  from?: string;
  to?: string;
  q?: string;
}

export interface DeskSort {
  sort: StaffOrderSortKey;
  dir: 'asc' | 'desc';
}

export interface DeskSearch {
  filters: DeskFilters;
  sort: DeskSort;
}

export const sortKeys = [
  'createdAt',
  'fileName',
  'jobName',
  'dealerName',
  'formId',
  'status',
  'emailedOn',
] as const satisfies readonly StaffOrderSortKey[];

/** Newest orders first: what the desk works through. */
export const defaultSort: DeskSort = { sort: 'createdAt', dir: 'desc' };

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

function isRealDay(value: string): boolean {
  if (!isoDay.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function isSortKey(value: unknown): value is StaffOrderSortKey {
  return typeof value === 'string' && (sortKeys as readonly string[]).includes(value);
}

/** Reads the desk's state from the address; what does not read is left out. */
export function readDeskSearch(params: URLSearchParams): DeskSearch {
  const filters: DeskFilters = {};
  const dealerId = Number(params.get('dealerId'));
  if (Number.isInteger(dealerId) && dealerId >= 1 && dealerId <= 2_147_483_647) filters.dealerId = dealerId;
  const status = params.get('status');
  if (isOrderStatus(status)) filters.status = status;
  const formId = params.get('formId')?.trim();
  if (formId && formId.length <= 60) filters.formId = formId;
  const from = params.get('from');
  if (from && isRealDay(from)) filters.from = from;
  const to = params.get('to');
  if (to && isRealDay(to)) filters.to = to;
  const q = params.get('q')?.trim();
  if (q) filters.q = q.slice(0, 100);
  const sortKey = params.get('sort');
  const dir = params.get('dir');
  const sort: DeskSort = isSortKey(sortKey)
    ? { sort: sortKey, dir: dir === 'asc' || dir === 'desc' ? dir : 'asc' }
    : defaultSort;
  return { filters, sort };
}

/** The address's search params for a desk state (the default sort is left out: a short link). */
export function writeDeskSearch({ filters, sort }: DeskSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.dealerId !== undefined) params.set('dealerId', String(filters.dealerId));
  if (filters.status) params.set('status', filters.status);
  if (filters.formId) params.set('formId', filters.formId);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.q) params.set('q', filters.q);
  if (sort.sort !== defaultSort.sort || sort.dir !== defaultSort.dir) {
    params.set('sort', sort.sort);
    params.set('dir', sort.dir);
  }
  return params;
}

/** The query of one page of the grid. */
export function toOrdersQuery(search: DeskSearch, offset: number, limit: number): StaffOrdersQuery {
  return { ...search.filters, ...search.sort, offset, limit };
}

/** The query as a URL search string (undefined values left out). */
export function ordersQueryString(query: StaffOrdersQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

/** Whether two searches ask the same of the server (the grid reloads only when they differ). */
export function isSameSearch(a: DeskSearch, b: DeskSearch): boolean {
  return writeDeskSearch(a).toString() === writeDeskSearch(b).toString();
}
