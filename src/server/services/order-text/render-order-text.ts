/** The order as a readable text file (GET /api/TxtThings/textfile/{fileName}). */
import { formatMoney, formatStamp, type OrderDocument } from './order-document';

const width = 34;

function row(label: string, value: string, depth = 0): string {
  const indent = '  '.repeat(depth + 1);
  const lead = `${indent}${label} `;
  return value === '' ? `${indent}${label}` : `${lead.padEnd(width, '.')} ${value}`;
}

/** Plain text, CRLF-free, 80-ish columns: header facts, then every detail of the order as sent. */
export function renderOrderText(doc: OrderDocument): string {
  const facts: [string, string | null | undefined][] = [
    ['File name', doc.fileName],
    ['Dealer', doc.dealerName],
    ['Order', doc.formTitle],
    ['Status', doc.status],
    ['Sent', formatStamp(doc.sentAt)],
    ['Sent by', doc.sentBy],
    ['Customer', doc.customer],
    ['Job name', doc.jobName],
    ['Folder', doc.folderName],
    ['Detailer', doc.detailer],
    ['Emailed on', doc.emailedOn],
    ['Confirmed on', doc.confirmation],
    ['Production date', doc.schedDate],
    ['Shipped on', doc.dateShipped],
    ['Ship to', doc.shipTo ? `${doc.shipTo.streetAddress}, ${doc.shipTo.cityStateZip}` : null],
    ['Order total', doc.total !== undefined ? formatMoney(doc.total) : null],
  ];
  const title = `TEMO ORDER ${doc.fileName}`;
  const lines = [title, '='.repeat(title.length), ''];
  for (const [label, value] of facts) if (value) lines.push(row(label, value));
  lines.push('', 'ORDER DETAILS', '-------------');
  if (doc.details.length === 0) lines.push('  (no details recorded)');
  for (const detail of doc.details) lines.push(row(detail.label, detail.value.replace(/\r?\n/g, ' '), detail.depth));
  lines.push('');
  return lines.join('\n');
}
