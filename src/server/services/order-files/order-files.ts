/**
 * An order's files (text file, order summary, bill of materials) in storage under its dealer: made on first request
 * when missing, so orders from any source (configurators, seed, staff moves) have them without a separate step.
 */
import type { Database } from '../../db/database';
import type { OrderStatus } from '../../db/schema';
import { findDealer, listDealerLocations } from '../../repositories/dealers-repository';
import type { HistoryRow } from '../../repositories/history-repository';
import type { LifecycleOrder } from '../../repositories/order-lifecycle-repository';
import type { ServedDefinition } from '../definition-registry';
import { buildOrderDocument, humanizeKey, type OrderDocument } from '../order-text/order-document';
import { renderOrderText } from '../order-text/render-order-text';
import type { DealerFiles, FileStorage } from '../storage/index';

/** The PDF renderers, loaded with pdfkit and its fonts (~0.1 s) when the first PDF is made rather than at start. */
async function pdfRenderers() {
  const [bill, summary, history] = await Promise.all([
    import('../pdf/render-bill-of-materials'),
    import('../pdf/render-order-summary'),
    import('../pdf/render-history-record'),
  ]);
  return {
    renderBillOfMaterialsPdf: bill.renderBillOfMaterialsPdf,
    renderOrderSummaryPdf: summary.renderOrderSummaryPdf,
    renderHistoryRecordPdf: history.renderHistoryRecordPdf,
  };
}

export interface OrderFilesDeps {
  db: Database;
  storage: FileStorage;
  /**
   * The definition an order's files are labelled by: its form at the version the order was checked with
   * (`app.definitionVersions.definitionOfOrder`), so a later publish never changes them.
   */
  definitionOf?: (order: LifecycleOrder) => Promise<ServedDefinition | undefined>;
}

/** Statuses whose order has been drawn, so it has a bill of materials. */
const billedStatuses: OrderStatus[] = ['processed', 'confirmed', 'shipped'];

/** A storage key segment for a name (file names are already plain; anything else is made plain). */
export function toKeySegment(name: string): string {
  const plain = name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/\.{2,}/g, '_')
    .slice(0, 120);
  return /^[A-Za-z0-9]/.test(plain) ? plain : `f${plain}`;
}

const summarySuffix = '-order-summary.pdf';
const billSuffix = '-bill-of-materials.pdf';

function orderFolderKey(fileName: string): string {
  return `orders/${toKeySegment(fileName)}`;
}

function historyFolderKey(fileName: string): string {
  return `history/${toKeySegment(fileName)}`;
}

/** The PDFs an order has in its current status: the summary always, the bill of materials once processed. */
export function expectedPdfNames(order: Pick<LifecycleOrder, 'fileName' | 'status'>): string[] {
  const names = [`${order.fileName}${summarySuffix}`];
  if (billedStatuses.includes(order.status)) names.push(`${order.fileName}${billSuffix}`);
  return names;
}

/** The order read for people (its labelled lines, facts, bill) with its pinned definition: what its files are made from. */
export async function buildDocument(deps: OrderFilesDeps, order: LifecycleOrder): Promise<OrderDocument> {
  const dealer = await findDealer(deps.db, order.dealerId);
  const served = await deps.definitionOf?.(order);
  const title = (served?.bundle.schema as { title?: unknown } | undefined)?.title;
  const formTitle = typeof title === 'string' ? title : humanizeKey(order.formId);
  // The order's own form at its pinned version labels its lines, as it did on the dealer's summary; the dealer's
  // locations name the location as the page did.
  const locations = served ? await listDealerLocations(deps.db, order.dealerId) : {};
  return buildOrderDocument(order, dealer?.name ?? `Dealer ${order.dealerId}`, formTitle, served?.compiled, {
    locations,
  });
}

/** Makes whichever of the order's expected files are missing; returns the keys present afterwards. */
async function ensureOrderFiles(deps: OrderFilesDeps, files: DealerFiles, order: LifecycleOrder): Promise<string[]> {
  const folder = orderFolderKey(order.fileName);
  const present = new Set(await files.list(`${folder}/`));
  const wanted = [
    `${folder}/${toKeySegment(order.fileName)}.txt`,
    ...expectedPdfNames(order).map((name) => `${folder}/pdfs/${toKeySegment(name)}`),
  ];
  const missing = wanted.filter((key) => !present.has(key));
  if (missing.length) {
    const { renderBillOfMaterialsPdf, renderOrderSummaryPdf } = await pdfRenderers();
    const doc = await buildDocument(deps, order);
    for (const key of missing) {
      const bytes = key.endsWith('.txt')
        ? Buffer.from(renderOrderText(doc), 'utf8')
        : key.endsWith(billSuffix)
          ? await renderBillOfMaterialsPdf(doc)
          : await renderOrderSummaryPdf(doc);
      await files.put(key, bytes, key.endsWith('.txt') ? 'text/plain; charset=utf-8' : 'application/pdf');
      present.add(key);
    }
  }
  return [...present];
}

/** The order's PDF names (made first when missing), including any PDF staff placed in its folder. */
export async function listOrderPdfNames(deps: OrderFilesDeps, order: LifecycleOrder): Promise<string[]> {
  const files = deps.storage.forDealer(order.dealerId);
  const keys = await ensureOrderFiles(deps, files, order);
  const prefix = `${orderFolderKey(order.fileName)}/pdfs/`;
  return keys
    .filter((key) => key.startsWith(prefix) && key.toLowerCase().endsWith('.pdf'))
    .map((key) => key.slice(prefix.length))
    .filter((name) => !name.includes('/'))
    .sort();
}

/** One of the order's PDFs by name, or undefined when the order has no such PDF. */
export async function readOrderPdf(
  deps: OrderFilesDeps,
  order: LifecycleOrder,
  pdfName: string,
): Promise<Buffer | undefined> {
  const names = await listOrderPdfNames(deps, order);
  if (!names.includes(pdfName)) return undefined;
  return deps.storage.forDealer(order.dealerId).get(`${orderFolderKey(order.fileName)}/pdfs/${pdfName}`);
}

/** The order as text (made first when missing). */
export async function readOrderText(deps: OrderFilesDeps, order: LifecycleOrder): Promise<Buffer | undefined> {
  const files = deps.storage.forDealer(order.dealerId);
  await ensureOrderFiles(deps, files, order);
  return files.get(`${orderFolderKey(order.fileName)}/${toKeySegment(order.fileName)}.txt`);
}

/** The PDF of a past record with no portal order behind it: one shipping-record summary. */
export function expectedHistoryPdfNames(row: Pick<HistoryRow, 'fileName'>): string[] {
  return [`${row.fileName}${summarySuffix}`];
}

/** A past record's PDF names (made first when missing). */
export async function listHistoryRecordPdfNames(
  deps: OrderFilesDeps,
  dealerId: number,
  row: HistoryRow,
): Promise<string[]> {
  const files = deps.storage.forDealer(dealerId);
  const folder = historyFolderKey(row.fileName);
  const present = new Set(await files.list(`${folder}/`));
  for (const name of expectedHistoryPdfNames(row)) {
    const key = `${folder}/${toKeySegment(name)}`;
    if (present.has(key)) continue;
    const dealer = await findDealer(deps.db, dealerId);
    const { renderHistoryRecordPdf } = await pdfRenderers();
    await files.put(key, await renderHistoryRecordPdf(row, dealer?.name ?? `Dealer ${dealerId}`), 'application/pdf');
    present.add(key);
  }
  return [...present]
    .filter((key) => key.toLowerCase().endsWith('.pdf'))
    .map((key) => key.slice(folder.length + 1))
    .filter((name) => !name.includes('/'))
    .sort();
}

/** One PDF of a past record, or undefined when it has no such PDF. */
export async function readHistoryRecordPdf(
  deps: OrderFilesDeps,
  dealerId: number,
  row: HistoryRow,
  pdfName: string,
): Promise<Buffer | undefined> {
  const names = await listHistoryRecordPdfNames(deps, dealerId, row);
  if (!names.includes(pdfName)) return undefined;
  return deps.storage.forDealer(dealerId).get(`${historyFolderKey(row.fileName)}/${pdfName}`);
}
