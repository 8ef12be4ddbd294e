/** An order as the desk's panel shows it: the labelled lines the dealer confirmed, its files with staff URLs, its e-mails. */
import type { StaffOrderDetails } from '../../../contracts/staff';
import { findDealer } from '../../repositories/dealers-repository';
import { listOrderEmails } from '../../repositories/order-emails-repository';
import type { LifecycleOrder } from '../../repositories/order-lifecycle-repository';
import { listDrawingNames, readDrawingFile } from '../drawings/drawing-files';
import { addressPattern, readRecipients } from './email-order';
import {
  buildDocument,
  listOrderPdfNames,
  readOrderPdf,
  readOrderText,
  type OrderFilesDeps,
} from '../order-files/order-files';

/** The staff URL serving one of the order's files. */
export function staffFileUrl(fileName: string, name: string): string {
  return `/api/staff/orders/${encodeURIComponent(fileName)}/files/${encodeURIComponent(name)}`;
}

/** The name the order's text file is served under. */
export function textFileNameOf(fileName: string): string {
  return `${fileName}.txt`;
}

/** The order's files, each with its kind and staff URL: the PDFs (made first when missing), the text, the drawings. */
export async function listOrderFiles(deps: OrderFilesDeps, order: LifecycleOrder): Promise<StaffOrderDetails['files']> {
  const pdfs = await listOrderPdfNames(deps, order);
  const drawings = await listDrawingNames(deps.storage.forDealer(order.dealerId), order.fileName);
  return [
    ...pdfs.map((name) => ({ name, kind: 'pdf' as const })),
    { name: textFileNameOf(order.fileName), kind: 'text' as const },
    ...drawings.map((name) => ({ name, kind: 'drawing' as const })),
  ].map((file) => ({ ...file, url: staffFileUrl(order.fileName, file.name) }));
}

export async function describeOrderDetails(deps: OrderFilesDeps, order: LifecycleOrder): Promise<StaffOrderDetails> {
  const [document, dealer, files, emails, served] = await Promise.all([
    buildDocument(deps, order),
    findDealer(deps.db, order.dealerId),
    listOrderFiles(deps, order),
    listOrderEmails(deps.db, order.id),
    deps.definitionOf?.(order),
  ]);
  return {
    dealerName: dealer?.name ?? `Dealer ${order.dealerId}`,
    formTitle: document.formTitle,
    lines: document.details,
    files,
    emails,
    orderRecipients: readRecipients(undefined, order.data, served?.bundle.rules.parties?.email).recipients.filter(
      (address) => addressPattern.test(address),
    ),
  };
}

/** One of the order's files by name, with its media type; undefined when the order has no such file. */
export async function readOrderFile(
  deps: OrderFilesDeps,
  order: LifecycleOrder,
  name: string,
): Promise<{ bytes: Buffer; type: string } | undefined> {
  if (name === textFileNameOf(order.fileName)) {
    const bytes = await readOrderText(deps, order);
    return bytes && { bytes, type: 'text/plain; charset=utf-8' };
  }
  if (name.toLowerCase().endsWith('.pdf')) {
    const bytes = await readOrderPdf(deps, order, name);
    return bytes && { bytes, type: 'application/pdf' };
  }
  const bytes = await readDrawingFile(deps.storage.forDealer(order.dealerId), order.fileName, name);
  // The drawing sets hold PNG sheets only (drawing-files.ts).
  return bytes && { bytes, type: 'image/png' };
}
