/** Order history pages (spec 1 §7 OrderHistoryData): the dealer's shipped orders, 1-based pages, newest shipped first. */
import type { Database } from '../../db/database';
import { listHistoryPage } from '../../repositories/history-repository';

export interface HistoryRowView {
  folder: string;
  fileName: string;
  jobName: string;
  /** As recorded: yyyy-mm-dd, m/d/yy or other text; null when none. */
  dateShipped: string | null;
  /** Text or an object as recorded; empty, null, {} or "." are for the page to ignore. */
  streetAddress: unknown;
  cityStateZip: unknown;
}

export const maxHistoryPageSize = 1000;

/** One page; an empty list past the last page ends the page's fetching. */
export async function readHistoryPage(db: Database, dealerId: number, page: number, pageSize: number): Promise<HistoryRowView[]> {
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
