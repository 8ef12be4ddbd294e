import type { OrderHistoryRow } from '../../../contracts/order-lists';
import { toDateSortKey } from '../../shared/dates/parse-order-date';
import { formatOrderDate } from '../../shared/dates/format-order-date';

/** A past order as the OrderHistoryData route sends it, each cell read warily (addresses may be text or objects). */
export type RawHistoryRow = { [Column in keyof OrderHistoryRow]?: unknown };

/** The searchable columns, in table order. */
export const historyColumns = [
  'folder',
  'fileName',
  'jobName',
  'dateShipped',
  'streetAddress',
  'cityStateZip',
] as const satisfies readonly (keyof OrderHistoryRow)[];
export type HistoryColumn = (typeof historyColumns)[number];

export const historyColumnLabels: Record<HistoryColumn, string> = {
  folder: 'Folder',
  fileName: 'File Name',
  jobName: 'Job Name',
  dateShipped: 'Date Shipped',
  streetAddress: 'Street Address',
  cityStateZip: 'City, State, Zip',
};

/** A past order ready to show, sort and search (history-search-index.ts): text cells and a day key. */
export type HistoryRow = Record<HistoryColumn, string> & {
  /** yyyymmdd, or null when the order has no readable ship date. */
  dateKey: number | null;
};

export type HistoryFilters = Partial<Record<HistoryColumn, string>>;

/** Text for a cell: strings trimmed, numbers as text, objects and lists flattened; empty, null, {} and "." give "". */
export function toCellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    const text = value.trim();
    return text === '.' ? '' : text;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return joinParts(value.map(toCellText));
  if (typeof value === 'object') return formatAddressObject(value as Record<string, unknown>);
  return '';
}

const streetKeys = ['street', 'streetaddress', 'address', 'address1', 'address2', 'line1', 'line2'];
const cityKeys = ['city', 'town'];
const stateKeys = ['state', 'st', 'stateprovince', 'province'];
const zipKeys = ['zip', 'zipcode', 'postalcode', 'postcode'];

// Address parts read in the usual order ("12 Elm St, Green Bay, WI 54301") whatever order the keys come in.
function formatAddressObject(value: Record<string, unknown>): string {
  const entries = Object.entries(value).map(([key, part]) => [key.toLowerCase(), toCellText(part)] as const);
  const take = (keys: string[]) => entries.filter(([key]) => keys.includes(key)).map(([, text]) => text);
  const known = [...streetKeys, ...cityKeys, ...stateKeys, ...zipKeys];
  const stateZip = joinWith([...take(stateKeys), ...take(zipKeys)], ' ');
  const others = entries.filter(([key]) => !known.includes(key)).map(([, text]) => text);
  return joinParts([...take(streetKeys), ...take(cityKeys), stateZip, ...others]);
}

function joinWith(parts: string[], separator: string): string {
  return parts.filter((part) => part !== '').join(separator);
}

function joinParts(parts: string[]): string {
  return joinWith(parts, ', ');
}

/** A past order as shown: the ship date in the dealer's locale (one format whatever the server sent), so it is searched as shown. */
export function toHistoryRow(raw: RawHistoryRow, locale?: string): HistoryRow {
  const shipped = toCellText(raw.dateShipped);
  const cells = {
    folder: toCellText(raw.folder),
    fileName: toCellText(raw.fileName),
    jobName: toCellText(raw.jobName),
    dateShipped: formatOrderDate(shipped, locale),
    streetAddress: toCellText(raw.streetAddress),
    cityStateZip: toCellText(raw.cityStateZip),
  };
  return { ...cells, dateKey: toDateSortKey(shipped) };
}

/** Spec 1 §2: newest ship date first, undated orders last (a stable sort keeps the server's order within a day). */
export function sortByDateShipped(rows: HistoryRow[]): HistoryRow[] {
  return [...rows].sort((a, b) => {
    if (a.dateKey === b.dateKey) return 0;
    if (a.dateKey === null) return 1;
    if (b.dateKey === null) return -1;
    return b.dateKey - a.dateKey;
  });
}
