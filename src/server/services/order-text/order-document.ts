/** An order read for people: the facts and the detail lines the text file and the PDFs are made from. */
import {
  humanizeKey,
  type FormContext,
  listOrderLines,
  type LinesDefinition,
  type OrderLine,
  type OrderLines,
} from '../../../engine/index';
import type { LifecycleOrder } from '../../repositories/order-lifecycle-repository';
import { customerNameOf, deriveJobName, readCustomer, type ShipTo } from '../order-lifecycle/lifecycle-rules';

export interface DetailLine {
  label: string;
  /** Empty for a section heading. */
  value: string;
  depth: number;
}

export interface BillLine {
  item: string;
  specification: string;
  quantity: string;
  amount?: number;
}

export interface OrderDocument {
  fileName: string;
  dealerName: string;
  formTitle: string;
  status: string;
  sentAt: Date;
  sentBy: string;
  customer: string;
  jobName: string;
  folderName: string | null;
  detailer: string | null;
  emailedOn: string | null;
  confirmation: string | null;
  schedDate: string | null;
  dateShipped: string | null;
  shipTo: ShipTo | null;
  details: DetailLine[];
  billLines: BillLine[];
  total?: number;
}

/** Label for a data path: the definition's when it knows the path, else undefined (the key in words is used). */
export type LabelOf = (path: string) => string | undefined;

export { humanizeKey };

/**
 * The order's detail lines: the very sections and lines the dealer confirmed in the summary (`listOrderLines`), each
 * section's caption a heading (depth 0) over its lines (depth 1), then the special instructions that have text under
 * their own heading.
 */
export function listDetailLines(lines: OrderLines): DetailLine[] {
  const details: DetailLine[] = lines.sections.flatMap((section) => [
    { label: section.title, value: '', depth: 0 },
    ...section.lines.map((line) => ({ label: line.label, value: line.value, depth: 1 })),
  ]);
  const instructions = lines.instructions
    .map((text, index) => ({ label: `Line ${index + 1}`, value: text, depth: 1 }))
    .filter((line) => line.value !== '');
  if (instructions.length > 0) details.push({ label: 'Special Instructions', value: '', depth: 0 }, ...instructions);
  return details;
}

function numberAt(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

function textAt(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/**
 * The bill of materials: the order's own line items when it lists them (billOfMaterials or lineItems), else every
 * `<item>Qty` above 0 with its `<item>Price`, else the configured specification itself, one line per value.
 */
export function deriveBillLines(
  data: unknown,
  labelOf: LabelOf,
  selections: OrderLine[],
  notOnBill: string[] = [],
): BillLine[] {
  const d = (data ?? {}) as Record<string, unknown>;
  const listed = Array.isArray(d.billOfMaterials)
    ? d.billOfMaterials
    : Array.isArray(d.lineItems)
      ? d.lineItems
      : undefined;
  if (listed) {
    return listed.map((raw) => {
      const item = (raw ?? {}) as Record<string, unknown>;
      return {
        item: textAt(item.partNumber) || textAt(item.name) || textAt(item.description),
        specification: textAt(item.description) || textAt(item.specification),
        quantity: textAt(item.quantity ?? item.qty) || '1',
        amount: numberAt(item.amount ?? item.price),
      };
    });
  }
  const counted = Object.entries(d)
    .filter(([key, value]) => key.endsWith('Qty') && (numberAt(value) ?? 0) > 0)
    .map(([key, value]) => {
      const base = key.slice(0, -3);
      return {
        item: labelOf(base) ?? humanizeKey(base),
        specification: '',
        quantity: String(numberAt(value)),
        amount: numberAt(d[`${base}Price`]),
      };
    });
  if (counted.length) {
    if (textAt(d.mailMethod))
      counted.push({
        item: 'Mailing',
        specification: textAt(d.mailMethod),
        quantity: '1',
        amount: numberAt(d.mailMethodPrice),
      });
    return counted;
  }
  // Who and where the order is for are on the summary (the definition's orderLines.notOnBill); the bill lists what is made.
  return selections
    .filter((line) => !notOnBill.some((path) => line.path === path || line.path.startsWith(`${path}.`)))
    .slice(0, 120)
    .map((line) => ({ item: line.label, specification: line.value, quantity: '' }));
}

/** The order's total when it states one (engineeringTotal, total, price.total). */
function findTotal(data: unknown): number | undefined {
  const d = (data ?? {}) as Record<string, unknown>;
  const price = (d.price ?? {}) as Record<string, unknown>;
  return numberAt(d.engineeringTotal) ?? numberAt(d.total) ?? numberAt(d.orderTotal) ?? numberAt(price.total);
}

/** Everything the text file and the PDFs show about one order, labelled by the definition of the order's form. */
export function buildOrderDocument(
  order: LifecycleOrder,
  dealerName: string,
  formTitle: string,
  definition: (LinesDefinition & { hasPath(path: string): boolean }) | undefined,
  context?: FormContext,
): OrderDocument {
  const data = (order.data ?? {}) as Record<string, unknown>;
  // The dealer's context names what the page named from it (a location's name, not its key).
  const lines = listOrderLines(definition, data, { context });
  const labelOf: LabelOf = (path) => (definition?.hasPath(path) ? definition.labelOf(path) || undefined : undefined);
  // Who the order is for and who sent it: the definition's parties (engineering names no customer).
  const { sentBy } = readCustomer(definition, order.data);
  return {
    fileName: order.fileName,
    dealerName,
    formTitle,
    status: order.status,
    sentAt: order.createdAt,
    sentBy,
    customer: customerNameOf(definition, order.data),
    jobName: order.jobName ?? deriveJobName(definition, order.data, order.fileName),
    folderName: order.folderName,
    detailer: order.detailer,
    emailedOn: order.emailedOn,
    confirmation: order.confirmation,
    schedDate: order.schedDate,
    dateShipped: order.dateShipped,
    shipTo: (order.shipTo as ShipTo | null) ?? null,
    details: listDetailLines(lines),
    billLines: deriveBillLines(order.data, labelOf, lines.selections, definition?.bundle.rules.orderLines?.notOnBill),
    total: findTotal(order.data),
  };
}

/** "$1,234.00" */
export function formatMoney(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** "2025-03-14 15:30 UTC" */
export function formatStamp(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
