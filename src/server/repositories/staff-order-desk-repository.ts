/** The order desk's grid: one page of every dealer's orders, sorted and filtered in SQL, with counts per state. */
import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { StaffOrderSortKey, StaffOrdersQuery } from '../../contracts/staff';
import type { Database } from '../db/database';
import { dealers, orders, orderStatuses, type OrderStatus } from '../db/schema';
import { lifecycleColumns, type LifecycleOrder } from './order-lifecycle-repository';

type Executor = Pick<Database, 'select'>;

/** The filters of a page without paging and sorting (what the counts per state are taken under). */
export type StaffOrderFilter = Pick<StaffOrdersQuery, 'status' | 'dealerId' | 'formId' | 'from' | 'to' | 'q'>;

/** `q` as a LIKE pattern matching it anywhere: %, _ and the escape character itself stand for themselves. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The first instant of a yyyy-mm-dd day (UTC, as the lists show the day an order was sent), `days` later. */
function startOfDay(day: string, days = 0): Date {
  const start = new Date(`${day}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() + days);
  return start;
}

/** Every filter but the status: the counts per state are taken under these. */
function conditionsBesidesStatus(filter: StaffOrderFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.dealerId !== undefined) conditions.push(eq(orders.dealerId, filter.dealerId));
  if (filter.formId !== undefined) conditions.push(eq(orders.formId, filter.formId));
  // Bounds on the column itself (not on its day), so the (created_at) indexes serve them.
  if (filter.from !== undefined) conditions.push(gte(orders.createdAt, startOfDay(filter.from)));
  if (filter.to !== undefined) conditions.push(lt(orders.createdAt, startOfDay(filter.to, 1)));
  const q = filter.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(or(ilike(orders.fileName, pattern), ilike(orders.jobName, pattern))!);
  }
  return conditions;
}

const sortColumns = {
  createdAt: orders.createdAt,
  fileName: orders.fileName,
  jobName: orders.jobName,
  dealerName: dealers.name,
  formId: orders.formId,
  status: orders.status,
  emailedOn: orders.emailedOn,
} satisfies Record<StaffOrderSortKey, unknown>;

/** ORDER BY the key (empty values last either way), then the id the same way: equal keys never swap between pages. */
function orderOf(sort: StaffOrderSortKey, dir: 'asc' | 'desc'): SQL[] {
  const column = sortColumns[sort];
  const by = dir === 'asc' ? asc : desc;
  // Status sorts in lifecycle order, not alphabetically.
  const key =
    sort === 'status'
      ? sql`array_position(array[${sql.join(
          orderStatuses.map((status) => sql`${status}`),
          sql`, `,
        )}]::text[], ${orders.status})`
      : column;
  const nullable = sort === 'jobName' || sort === 'emailedOn';
  return [nullable ? sql`${key} ${sql.raw(dir)} nulls last` : by(key), by(orders.id)];
}

export type StaffOrderListRow = LifecycleOrder & { dealerName: string };

export interface StaffOrderPage {
  rows: StaffOrderListRow[];
  /** Per state, how many orders match the other filters (every state present, 0 when none). */
  counts: Record<OrderStatus, number>;
  /** How many orders match every filter. */
  total: number;
}

/** Counts per state under the filters other than the status. */
export async function countStaffOrdersByStatus(
  db: Executor,
  filter: StaffOrderFilter,
): Promise<Record<OrderStatus, number>> {
  const conditions = conditionsBesidesStatus(filter);
  const grouped = await db
    .select({ status: orders.status, count: count() })
    .from(orders)
    .where(conditions.length ? and(...conditions) : undefined)
    .groupBy(orders.status);
  const counts = Object.fromEntries(orderStatuses.map((status) => [status, 0])) as Record<OrderStatus, number>;
  for (const row of grouped) counts[row.status] = Number(row.count);
  return counts;
}

/** One page of the grid: rows (with the dealer's name), the total under every filter and the counts per state. */
export async function listStaffOrderPage(db: Executor, query: StaffOrdersQuery): Promise<StaffOrderPage> {
  const besidesStatus = conditionsBesidesStatus(query);
  const conditions = query.status ? [...besidesStatus, eq(orders.status, query.status)] : besidesStatus;
  const sort = query.sort ?? 'createdAt';
  const dir = query.dir ?? (query.sort ? 'asc' : 'desc');
  const [rows, counts] = await Promise.all([
    db
      .select({ ...lifecycleColumns, dealerName: dealers.name })
      .from(orders)
      .innerJoin(dealers, eq(dealers.id, orders.dealerId))
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(...orderOf(sort, dir))
      .limit(query.limit)
      .offset(query.offset),
    countStaffOrdersByStatus(db, query),
  ]);
  // The counts already hold the total: all states summed, or the filtered state's.
  const total = query.status ? counts[query.status] : Object.values(counts).reduce((sum, n) => sum + n, 0);
  return { rows, counts, total };
}

/** The desk's dealer filter: every dealer by name. */
export async function listDealerChoices(db: Executor): Promise<{ id: number; name: string }[]> {
  return db.select({ id: dealers.id, name: dealers.name }).from(dealers).orderBy(asc(dealers.name), asc(dealers.id));
}
