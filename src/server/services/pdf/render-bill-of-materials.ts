/** The bill-of-materials PDF made when an order is processed; the dealer confirms by signing, scanning and e-mailing it. */
import { formatMoney, formatStamp, type OrderDocument } from '../order-text/order-document';
import {
  contentWidth,
  createPdf,
  drawFacts,
  drawHeader,
  drawHeading,
  drawTable,
  ensureRoom,
  finishPdf,
  margin,
} from './pdf-writer';

/** Renders the bill of materials to PDF bytes. */
export async function renderBillOfMaterialsPdf(doc: OrderDocument, now: Date = new Date()): Promise<Buffer> {
  const pdf = createPdf(`Bill of materials ${doc.fileName}`, `${doc.formTitle} for ${doc.dealerName}`);
  drawHeader(pdf, 'BILL OF MATERIALS', doc.fileName);
  drawFacts(pdf, [
    ['Dealer', doc.dealerName],
    ['Job name', doc.jobName],
    ['Folder', doc.folderName],
    ['Detailer', doc.detailer],
    ['Order', doc.formTitle],
    ['Sent', formatStamp(doc.sentAt)],
  ]);
  drawHeading(pdf, 'Materials');
  const hasAmounts = doc.billLines.some((line) => line.amount !== undefined);
  const hasQuantities = doc.billLines.some((line) => line.quantity !== '');
  const specWidth = 0.94 - 0.4 - (hasQuantities ? 0.1 : 0) - (hasAmounts ? 0.14 : 0);
  drawTable(
    pdf,
    [
      { title: '#', width: 0.06, align: 'right' },
      { title: 'ITEM', width: 0.4 },
      { title: 'SPECIFICATION', width: specWidth },
      ...(hasQuantities ? [{ title: 'QTY', width: 0.1, align: 'right' as const }] : []),
      ...(hasAmounts ? [{ title: 'AMOUNT', width: 0.14, align: 'right' as const }] : []),
    ],
    doc.billLines.map((line, index) => ({
      cells: [
        String(index + 1),
        line.item,
        line.specification,
        ...(hasQuantities ? [line.quantity] : []),
        ...(hasAmounts ? [line.amount !== undefined ? formatMoney(line.amount) : ''] : []),
      ],
    })),
  );
  if (doc.total !== undefined) {
    pdf.y += 8;
    pdf
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor('#1f2933')
      .text(`Order total: ${formatMoney(doc.total)}`, margin, pdf.y, { align: 'right' });
  }

  ensureRoom(pdf, 150);
  pdf.y += 18;
  drawHeading(pdf, 'Dealer approval');
  pdf
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#1f2933')
    .text(
      'To confirm this job, sign this bill of materials, scan it and e-mail it to TEMO. Production is scheduled once the signed copy is received.',
      margin,
      pdf.y,
      {
        width: contentWidth(pdf),
      },
    );
  const lineY = pdf.y + 40;
  const third = contentWidth(pdf) / 3;
  ['Dealer signature', 'Printed name', 'Date'].forEach((label, i) => {
    const x = margin + i * third;
    pdf
      .moveTo(x, lineY)
      .lineTo(x + third - 16, lineY)
      .lineWidth(0.8)
      .strokeColor('#1f2933')
      .stroke();
    pdf
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#5f6b7a')
      .text(label.toUpperCase(), x, lineY + 4, { width: third - 16, lineBreak: false });
  });
  pdf.y = lineY + 20;
  return finishPdf(pdf, `${doc.fileName} · bill of materials · generated ${formatStamp(now)}`);
}
