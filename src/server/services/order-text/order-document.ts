/** An order read for people: the facts and the detail lines the text file and the PDFs are made from. */
import type { LifecycleOrder } from '../../repositories/order-lifecycle-repository';
import { deriveJobName, readCustomer, type ShipTo } from '../order-lifecycle/lifecycle-rules';

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

/** Label for a data path: the definition's title when it has one, else the key in words ("userFileName" -> "User File Name"). */
export type LabelOf = (path: string) => string | undefined;

export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value as object).every(isEmpty);
  return false;
}

function formatValue(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(2);
  return String(value);
}

/** The order in which an object's keys are shown (the form's field order; jsonb does not keep the order they came in). */
export type OrderKeys = (path: string, keys: string[]) => string[];

const alphabetical: OrderKeys = (_path, keys) => [...keys].sort((a, b) => a.localeCompare(b));

/** Key order from a JSON Schema: its properties' order at each path, unknown keys after them alphabetically. */
export function orderKeysBySchema(schema: unknown): OrderKeys {
  return (path, keys) => {
    let node = schema as { properties?: Record<string, unknown>; items?: unknown } | undefined;
    for (const segment of path ? path.split('.') : []) {
      node = (/^\d+$/.test(segment) ? node?.items : node?.properties?.[segment]) as typeof node;
    }
    const known = Object.keys(node?.properties ?? {});
    const rank = (key: string) => (known.includes(key) ? known.indexOf(key) : known.length);
    return [...keys].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  };
}

/** The order's data as indented label/value lines; empty values are left out. */
export function flattenDetails(data: unknown, labelOf: LabelOf, path = '', depth = 0, orderKeys: OrderKeys = alphabetical): DetailLine[] {
  if (data === null || typeof data !== 'object') return [];
  const lines: DetailLine[] = [];
  const record = data as Record<string, unknown>;
  const keys = Array.isArray(data) ? Object.keys(record) : orderKeys(path, Object.keys(record));
  for (const key of keys) {
    const value = record[key];
    if (isEmpty(value)) continue;
    const fullPath = path ? `${path}.${key}` : key;
    const label = (labelOf(fullPath) ?? humanizeKey(key)) || humanizeKey(key);
    if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) {
      lines.push({ label, value: value.map(formatValue).join(', '), depth });
    } else if (Array.isArray(value)) {
      lines.push({ label, value: '', depth });
      value.forEach((item, index) => {
        lines.push({ label: `${label} ${index + 1}`, value: '', depth: depth + 1 });
        lines.push(...flattenDetails(item, labelOf, `${fullPath}.${index}`, depth + 2, orderKeys));
      });
    } else if (typeof value === 'object') {
      lines.push({ label, value: '', depth });
      lines.push(...flattenDetails(value, labelOf, fullPath, depth + 1, orderKeys));
    } else {
      lines.push({ label, value: formatValue(value), depth });
    }
  }
  return lines;
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
export function deriveBillLines(data: unknown, labelOf: LabelOf, orderKeys: OrderKeys = alphabetical): BillLine[] {
  const d = (data ?? {}) as Record<string, unknown>;
  const listed = Array.isArray(d.billOfMaterials) ? d.billOfMaterials : Array.isArray(d.lineItems) ? d.lineItems : undefined;
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
      return { item: labelOf(base) ?? humanizeKey(base), specification: '', quantity: String(numberAt(value)), amount: numberAt(d[`${base}Price`]) };
    });
  if (counted.length) {
    if (textAt(d.mailMethod)) counted.push({ item: 'Mailing', specification: textAt(d.mailMethod), quantity: '1', amount: numberAt(d.mailMethodPrice) });
    return counted;
  }
  // Who and where the order is for are on the summary; the bill lists what is made.
  const { personalInfo: _who, additionalInfo: _notes, selectedLocation: _where, currentCADImagesFiles: _drawings, jobName: _job, price: _price, ...made } = d;
  return flattenDetails(made, labelOf, '', 0, orderKeys)
    .filter((line) => line.value !== '')
    .slice(0, 120)
    .map((line) => ({ item: line.label, specification: line.value, quantity: '' }));
}

/** The order's total when it states one (engineeringTotal, total, price.total). */
function findTotal(data: unknown): number | undefined {
  const d = (data ?? {}) as Record<string, unknown>;
  const price = (d.price ?? {}) as Record<string, unknown>;
  return numberAt(d.engineeringTotal) ?? numberAt(d.total) ?? numberAt(d.orderTotal) ?? numberAt(price.total);
}

/** Everything the text file and the PDFs show about one order. */
export function buildOrderDocument(order: LifecycleOrder, dealerName: string, formTitle: string, labelOf: LabelOf, orderKeys: OrderKeys = alphabetical): OrderDocument {
  const initial = readCustomer(order.formId, order.data);
  const customer = order.formId === 'engineering' ? '' : [initial.firstName, initial.lastName].filter(Boolean).join(' ');
  return {
    fileName: order.fileName,
    dealerName,
    formTitle,
    status: order.status,
    sentAt: order.createdAt,
    sentBy: initial.sentBy,
    customer,
    jobName: order.jobName ?? deriveJobName(order.formId, order.data, order.fileName),
    folderName: order.folderName,
    detailer: order.detailer,
    emailedOn: order.emailedOn,
    confirmation: order.confirmation,
    schedDate: order.schedDate,
    dateShipped: order.dateShipped,
    shipTo: (order.shipTo as ShipTo | null) ?? null,
    details: flattenDetails(order.data, labelOf, '', 0, orderKeys),
    billLines: deriveBillLines(order.data, labelOf, orderKeys),
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
