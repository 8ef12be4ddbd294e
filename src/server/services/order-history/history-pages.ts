/** Order history pages (spec 1 §7 OrderHistoryData): the dealer's shipped orders, 1-based pages, newest shipped first. */
import type { OrderHistoryRow } from '../../../contracts/order-lists';
import type { Database } from '../../db/database';
import { listHistoryPage } from '../../repositories/history-repository';

/** One page; an empty list past the last page ends the page's fetching. */
export async function readHistoryPage(
  db: Database,
  dealerId: number,
  page: number,
  pageSize: number,
): Promise<OrderHistoryRow[]> {
  const rows = await listHistoryPage(db, dealerId, page, pageSize);
  return rows.map((row) => ({
    folder: row.folder,
    fileName: row.fileName,
    jobName: row.jobName,
    dateShipped: row.dateShipped,
    streetAddress: row.streetAddress,
    cityStateZip: row.cityStateZip,
  }));
}
