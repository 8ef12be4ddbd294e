/** Shared pdfkit layout for the order PDFs: letter pages, a header band, fact grids, tables, page-numbered footers. */
import PDFDocument from 'pdfkit';

export type Pdf = PDFKit.PDFDocument;

export const margin = 50;
const ink = '#1f2933';
const muted = '#5f6b7a';
const rule = '#c7ced6';
const band = '#f1f4f7';

/** A new letter-size document whose pages are kept for numbering at the end. */
export function createPdf(title: string, subject: string): Pdf {
  return new PDFDocument({
    size: 'LETTER',
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    bufferPages: true,
    info: { Title: title, Subject: subject, Author: 'TEMO dealer portal', Creator: 'TEMO dealer portal' },
  });
}

/** Ends the document (numbering every page first) and resolves with its bytes. */
export function finishPdf(doc: Pdf, footerText: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i += 1) {
      doc.switchToPage(i);
      const y = doc.page.height - margin + 16;
      // The footer sits inside the bottom margin; lift the margin while writing so pdfkit adds no page.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc.font('Helvetica').fontSize(8).fillColor(muted);
      doc.text(footerText, margin, y, { width: contentWidth(doc) * 0.8, lineBreak: false });
      doc.text(`Page ${i - range.start + 1} of ${range.count}`, margin + contentWidth(doc) * 0.8, y, {
        width: contentWidth(doc) * 0.2,
        align: 'right',
        lineBreak: false,
      });
      doc.page.margins.bottom = bottom;
    }
    doc.end();
  });
}

export function contentWidth(doc: Pdf): number {
  return doc.page.width - margin * 2;
}

/** Starts a new page when fewer than `needed` points are left above the bottom margin. */
export function ensureRoom(doc: Pdf, needed: number): void {
  if (doc.y + needed > doc.page.height - margin) {
    doc.addPage();
    doc.y = margin;
  }
}

/** Company name left, document title and file name right, a rule below. */
export function drawHeader(doc: Pdf, title: string, fileName: string): void {
  const top = margin;
  doc.font('Helvetica-Bold').fontSize(22).fillColor(ink).text('TEMO', margin, top, { lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(muted)
    .text('Sunrooms · Patio Covers · Pergolas', margin, top + 26, { lineBreak: false });
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .fillColor(ink)
    .text(title, margin, top + 2, { width: contentWidth(doc), align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(muted)
    .text(fileName, margin, top + 22, { width: contentWidth(doc), align: 'right' });
  const y = top + 44;
  doc
    .moveTo(margin, y)
    .lineTo(margin + contentWidth(doc), y)
    .lineWidth(1.5)
    .strokeColor(ink)
    .stroke();
  doc.y = y + 14;
}

/** Label/value pairs in two columns (empty values left out). */
export function drawFacts(doc: Pdf, facts: [string, string | null | undefined][]): void {
  const shown = facts.filter((f): f is [string, string] => !!f[1]);
  const columnWidth = contentWidth(doc) / 2;
  for (let i = 0; i < shown.length; i += 2) {
    ensureRoom(doc, 32);
    const y = doc.y;
    let bottom = y;
    for (let c = 0; c < 2 && i + c < shown.length; c += 1) {
      const [label, value] = shown[i + c];
      const x = margin + c * columnWidth;
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(muted)
        .text(label.toUpperCase(), x, y, { width: columnWidth - 12 });
      doc
        .font('Helvetica')
        .fontSize(11)
        .fillColor(ink)
        .text(value, x, doc.y + 1, { width: columnWidth - 12 });
      bottom = Math.max(bottom, doc.y);
    }
    doc.y = bottom + 8;
  }
  doc.y += 4;
}

/** A section heading with a thin rule. */
export function drawHeading(doc: Pdf, text: string): void {
  ensureRoom(doc, 40);
  doc.y += 6;
  doc.font('Helvetica-Bold').fontSize(12).fillColor(ink).text(text, margin, doc.y);
  const y = doc.y + 3;
  doc
    .moveTo(margin, y)
    .lineTo(margin + contentWidth(doc), y)
    .lineWidth(0.5)
    .strokeColor(rule)
    .stroke();
  doc.y = y + 6;
}

export interface Column {
  title: string;
  /** Share of the content width. */
  width: number;
  align?: 'left' | 'right' | 'center';
}

function drawRow(
  doc: Pdf,
  columns: Column[],
  cells: string[],
  options: { isHeader?: boolean; isShaded?: boolean; indent?: number[] },
): void {
  const total = contentWidth(doc);
  const font = options.isHeader ? 'Helvetica-Bold' : 'Helvetica';
  const size = options.isHeader ? 8.5 : 9.5;
  doc.font(font).fontSize(size);
  const heights = cells.map((cell, i) =>
    doc.heightOfString(cell || ' ', { width: columns[i].width * total - 8 - (options.indent?.[i] ?? 0) }),
  );
  const height = Math.max(...heights) + 6;
  ensureRoom(doc, height);
  const y = doc.y;
  if (options.isHeader || options.isShaded) {
    doc.rect(margin, y, total, height).fill(options.isHeader ? '#dde3ea' : band);
  }
  let x = margin;
  cells.forEach((cell, i) => {
    const indent = options.indent?.[i] ?? 0;
    doc
      .font(font)
      .fontSize(size)
      .fillColor(options.isHeader ? ink : i === 0 ? ink : '#28323c');
    doc.text(cell, x + 4 + indent, y + 3, {
      width: columns[i].width * total - 8 - indent,
      align: columns[i].align ?? 'left',
    });
    x += columns[i].width * total;
  });
  doc.y = y + height;
}

/** A table with a shaded header row (repeated on each new page) and zebra rows. */
export function drawTable(
  doc: Pdf,
  columns: Column[],
  rows: { cells: string[]; indent?: number[]; isBold?: boolean }[],
): void {
  drawRow(
    doc,
    columns,
    columns.map((c) => c.title),
    { isHeader: true },
  );
  rows.forEach((row, index) => {
    const pageBefore = doc.bufferedPageRange().count;
    const rowHeightGuess = 20;
    if (doc.y + rowHeightGuess > doc.page.height - margin) {
      doc.addPage();
      doc.y = margin;
    }
    if (doc.bufferedPageRange().count !== pageBefore)
      drawRow(
        doc,
        columns,
        columns.map((c) => c.title),
        { isHeader: true },
      );
    drawRow(doc, columns, row.cells, { isShaded: index % 2 === 1, indent: row.indent, isHeader: row.isBold });
  });
  doc.x = margin;
}
