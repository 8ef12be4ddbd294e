/** The PDF of a shipped order from the manufacturer's past records (no portal order behind it): what shipped where. */
import type { HistoryRow } from '../../repositories/history-repository';
import { formatStamp } from '../order-text/order-document';
import { contentWidth, createPdf, drawFacts, drawHeader, drawHeading, finishPdf, margin } from './pdf-writer';

/** Address text as history recorded it: text, or an object's non-empty values joined; empty, {} and "." as none. */
export function readAddressText(value: unknown): string {
  if (typeof value === 'string') return value.trim() === '.' ? '' : value.trim();
  if (value && typeof value === 'object') {
    return Object.values(value as Record<string, unknown>)
      .map(readAddressText)
      .filter(Boolean)
      .join(', ');
  }
  return typeof value === 'number' ? String(value) : '';
}

/** Renders the record to PDF bytes. */
export async function renderHistoryRecordPdf(
  row: HistoryRow,
  dealerName: string,
  now: Date = new Date(),
): Promise<Buffer> {
  const pdf = createPdf(`Shipping record ${row.fileName}`, `Shipped order for ${dealerName}`);
  drawHeader(pdf, 'ORDER SUMMARY', row.fileName);
  drawFacts(pdf, [
    ['Dealer', dealerName],
    ['Job name', row.jobName],
    ['Folder', row.folder],
    ['Date shipped', row.dateShipped?.trim() || 'not recorded'],
    ['Ship to', readAddressText(row.streetAddress) || 'not recorded'],
    ['City, state, zip', readAddressText(row.cityStateZip) || 'not recorded'],
  ]);
  drawHeading(pdf, 'Record');
  pdf
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#1f2933')
    .text(
      "This order shipped before it was kept in the dealer portal. Its drawings and bill of materials are held in the manufacturer's archive; ask Customer Service for a copy, quoting the file name and folder above.",
      margin,
      pdf.y,
      { width: contentWidth(pdf) },
    );
  return finishPdf(pdf, `${row.fileName} · shipping record · generated ${formatStamp(now)}`);
}
