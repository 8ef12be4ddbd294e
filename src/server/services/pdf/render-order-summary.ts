/** The order-summary PDF: who sent what and when, and every detail of the order as sent. */
import { formatMoney, formatStamp, type OrderDocument } from '../order-text/order-document';
import { createPdf, drawFacts, drawHeader, drawHeading, drawTable, ensureRoom, finishPdf, margin } from './pdf-writer';

/** Renders the summary to PDF bytes. */
export async function renderOrderSummaryPdf(doc: OrderDocument, now: Date = new Date()): Promise<Buffer> {
  const pdf = createPdf(`Order summary ${doc.fileName}`, `${doc.formTitle} for ${doc.dealerName}`);
  drawHeader(pdf, 'ORDER SUMMARY', doc.fileName);
  drawFacts(pdf, [
    ['Dealer', doc.dealerName],
    ['Order', doc.formTitle],
    ['Job name', doc.jobName],
    ['Customer', doc.customer],
    ['Sent', formatStamp(doc.sentAt)],
    ['Sent by', doc.sentBy],
    ['Folder', doc.folderName],
    ['Status', doc.status.toUpperCase()],
  ]);
  drawHeading(pdf, 'Order details');
  if (doc.details.length === 0) {
    pdf.font('Helvetica-Oblique').fontSize(10).text('No details were recorded with this order.', margin, pdf.y);
  } else {
    drawTable(
      pdf,
      [
        { title: 'ITEM', width: 0.45 },
        { title: 'VALUE', width: 0.55 },
      ],
      doc.details.map((line) => ({
        cells: [line.label, line.value],
        indent: [line.depth * 10, 0],
        isBold: line.value === '' && line.depth === 0,
      })),
    );
  }
  if (doc.total !== undefined) {
    ensureRoom(pdf, 30);
    pdf.y += 8;
    pdf
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor('#1f2933')
      .text(`Order total: ${formatMoney(doc.total)}`, margin, pdf.y, { align: 'right' });
  }
  return finishPdf(pdf, `${doc.fileName} · generated ${formatStamp(now)}`);
}
