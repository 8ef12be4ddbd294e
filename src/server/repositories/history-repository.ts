import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { orderHistory } from '../db/schema';

/** A shipped order as history holds it (spec 1 §3 past order) plus what sorting and files need. */
export interface HistoryRow {
  id: number;
  orderId: number | null;
  folder: string;
  fileName: string;
  jobName: string;
  dateShipped: string | null;
  streetAddress: unknown;
  cityStateZip: unknown;
}

export interface NewHistoryRow {
  dealerId: number;
  orderId?: number | null;
  folder: string;
  fileName: string;
  jobName: string;
  dateShipped: string | null;
  shippedOn: string | null;
  streetAddress: unknown;
  cityStateZip: unknown;
}

type Executor = Pick<Database, 'select' | 'insert' | 'execute'>;

const historyColumns = {
  id: orderHistory.id,
  orderId: orderHistory.orderId,
  folder: orderHistory.folder,
  fileName: orderHistory.fileName,
  jobName: orderHistory.jobName,
  dateShipped: orderHistory.dateShipped,
  streetAddress: orderHistory.streetAddress,
  cityStateZip: orderHistory.cityStateZip,
};

/** One history row (an order shipped through the portal), in the caller's transaction. */
export async function insertHistoryRow(tx: Executor, row: NewHistoryRow): Promise<void> {
  await tx.insert(orderHistory).values({ ...row, orderId: row.orderId ?? null });
}

/**
 * Many history rows in one statement: the batch travels as one JSON parameter and is expanded by the server
 * (jsonb_to_recordset), so a batch of thousands needs neither thousands of parameters nor thousands of round trips.
 * Rows whose (dealer, fileName) exists already are skipped. Returns how many were added.
 */
export async function insertHistoryBatch(db: Executor, rows: NewHistoryRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  // JSON null and a missing value both arrive as SQL null in jsonb_to_recordset; keep JSON null as recorded.
  const json = JSON.stringify(
    rows.map((r) => ({
      dealer_id: r.dealerId,
      order_id: r.orderId ?? null,
      folder: r.folder,
      file_name: r.fileName,
      job_name: r.jobName,
      date_shipped: r.dateShipped,
      shipped_on: r.shippedOn,
      street_address: r.streetAddress === undefined ? null : r.streetAddress,
      city_state_zip: r.cityStateZip === undefined ? null : r.cityStateZip,
    })),
  );
  const result = await db.execute<{ added: number }>(sql`
    with added as (
      insert into order_history (dealer_id, order_id, folder, file_name, job_name, date_shipped, shipped_on, street_address, city_state_zip)
      select dealer_id, order_id, folder, file_name, job_name, date_shipped, shipped_on, street_address, city_state_zip
      from jsonb_to_recordset(${json}::jsonb) as r(
        dealer_id integer, order_id integer, folder text, file_name text, job_name text,
        date_shipped text, shipped_on date, street_address jsonb, city_state_zip jsonb)
      on conflict (dealer_id, file_name) do nothing
      returning 1
    )
    select count(*)::int as added from added`);
  return Number(result.rows[0]?.added ?? 0);
}

/** A history row as a page shows it. */
export type HistoryPageRow = Pick<
  HistoryRow,
  'folder' | 'fileName' | 'jobName' | 'dateShipped' | 'streetAddress' | 'cityStateZip'
>;

/**
 * One page (1-based) of the dealer's history: newest dateShipped first, undated rows last, then newest row first
 * (the order of order_history_dealer_shipped_idx). Plain SQL: the query builder's row mapping doubled the time of
 * a 1,000-row page.
 */
export async function listHistoryPage(
  db: Executor,
  dealerId: number,
  page: number,
  pageSize: number,
): Promise<HistoryPageRow[]> {
  const result = await db.execute<HistoryPageRow>(sql`
    select folder, file_name as "fileName", job_name as "jobName", date_shipped as "dateShipped",
           street_address as "streetAddress", city_state_zip as "cityStateZip"
    from order_history
    where dealer_id = ${dealerId}
    order by shipped_on desc nulls last, id desc nulls last
    limit ${pageSize} offset ${(page - 1) * pageSize}`);
  return result.rows;
}

/** The dealer's history rows in one folder, optionally only the given file names. */
export async function listHistoryInFolder(
  db: Executor,
  dealerId: number,
  folder: string,
  fileNames?: string[],
): Promise<HistoryRow[]> {
  const conditions = [eq(orderHistory.dealerId, dealerId), eq(orderHistory.folder, folder)];
  if (fileNames) conditions.push(inArray(orderHistory.fileName, fileNames));
  return db
    .select(historyColumns)
    .from(orderHistory)
    .where(and(...conditions))
    .orderBy(orderHistory.id)
    .limit(1000);
}

/** How many history rows the dealer has (only past records, with no portal order behind them, when asked). */
export async function countHistory(
  db: Executor,
  dealerId: number,
  options: { isPastRecordsOnly?: boolean } = {},
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderHistory)
    .where(
      and(eq(orderHistory.dealerId, dealerId), options.isPastRecordsOnly ? isNull(orderHistory.orderId) : undefined),
    );
  return Number(row?.n ?? 0);
}
