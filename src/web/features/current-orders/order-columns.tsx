import type { ColDef, ICellRendererParams, ValueGetterParams } from 'ag-grid-community';
import { toDateSortKey } from '../../shared/dates/parse-order-date';
import { formatOrderDate, formatOrderStamp } from '../../shared/dates/format-order-date';
import type { ConfirmedOrder, InitialOrder, ProcessedOrder, UnprocessedOrder } from './api/get-order-lists';
import { DateCreatedCell, PdfFilesCell, TextFileCell, ViewDrawingsCell, type PdfTarget } from './order-actions';
import { initialOrderStatus, isDateCreatedOverdue, isEmailed, stripJobNamePrefix } from './order-display';

// Dates come in several formats, so they sort by day, with undated values first when ascending.
function compareOrderDates(a: unknown, b: unknown): number {
  const left = toDateSortKey(a) ?? -1;
  const right = toDateSortKey(b) ?? -1;
  return left - right;
}

// Shown (and searched) in the dealer's locale, one format for every date; sorted by the day itself.
const dateColumn = {
  comparator: compareOrderDates,
  valueFormatter: ({ value }: { value: unknown }) => formatOrderDate(value),
  getQuickFilterText: ({ value }: { value: unknown }) => formatOrderDate(value),
} as const;
const buttonColumn = { sortable: false, getQuickFilterText: () => '', minWidth: 150 } as const;

function jobNameOf<Row extends { jobName: string }>(params: ValueGetterParams<Row>): string {
  return stripJobNamePrefix(params.data?.jobName);
}

export const confirmedColumns: ColDef<ConfirmedOrder>[] = [
  { headerName: 'Folder Name', field: 'folder', flex: 1.3 },
  { headerName: 'Job Name', colId: 'jobName', valueGetter: jobNameOf },
  { headerName: 'File Name', field: 'fileName', flex: 1.6 },
  { headerName: 'Confirm. Date', field: 'confirmation', ...dateColumn },
  { headerName: 'Prod. Date', field: 'schedDate', ...dateColumn },
  {
    headerName: 'PDF Files',
    colId: 'pdfFiles',
    ...buttonColumn,
    cellRenderer: ({ data }: ICellRendererParams<ConfirmedOrder>) => (
      <PdfFilesCell target={data ? confirmedPdfTarget(data) : null} />
    ),
  },
];

/** The processed tab's columns; `now` decides which Date Created cells are red. */
export function processedColumns(now: Date): ColDef<ProcessedOrder>[] {
  return [
    { headerName: 'Folder Name', field: 'folderName', flex: 1.3 },
    { headerName: 'File Name', field: 'fileName', flex: 1.6 },
    { headerName: 'Job Name', colId: 'jobName', valueGetter: jobNameOf },
    {
      headerName: 'Date Created',
      field: 'dateCreated',
      ...dateColumn,
      cellRenderer: ({ data, value }: ICellRendererParams<ProcessedOrder>) => (
        <DateCreatedCell value={formatOrderDate(value)} isOverdue={data ? isDateCreatedOverdue(data, now) : false} />
      ),
    },
    { headerName: 'Emailed On', field: 'emailedOn', ...dateColumn },
    { headerName: 'Detailer', field: 'detailer' },
    {
      headerName: 'PDF Files',
      colId: 'pdfFiles',
      ...buttonColumn,
      // Spec 1 §2: the Show PDFs button appears only once the order has been emailed.
      cellRenderer: ({ data }: ICellRendererParams<ProcessedOrder>) => (
        <PdfFilesCell target={data && isEmailed(data.emailedOn) ? processedPdfTarget(data) : null} />
      ),
    },
  ];
}

export const unprocessedColumns: ColDef<UnprocessedOrder>[] = [
  { headerName: 'Future Folder', field: 'folderName' },
  { headerName: 'Last Name', field: 'lastName' },
  { headerName: 'First Name', field: 'firstName' },
  { headerName: 'Sent By', field: 'sentBy' },
  { headerName: 'Date', field: 'date', ...dateColumn },
  {
    headerName: 'File Name',
    field: 'fileName',
    flex: 1.6,
    cellRenderer: ({ value }: ICellRendererParams<UnprocessedOrder>) => <TextFileCell fileName={String(value ?? '')} />,
  },
  {
    headerName: 'Drawings',
    colId: 'drawings',
    ...buttonColumn,
    cellRenderer: ({ data }: ICellRendererParams<UnprocessedOrder>) =>
      data ? <ViewDrawingsCell fileName={data.fileName} /> : null,
  },
];

export const initialColumns: ColDef<InitialOrder>[] = [
  {
    // A preview (drawings looked at) must not read as an order: it says so first (issue 15).
    headerName: 'Status',
    colId: 'status',
    valueGetter: ({ data }) => (data ? initialOrderStatus(data) : ''),
    cellRenderer: ({ data, value }: ICellRendererParams<InitialOrder>) => (
      <span style={{ fontWeight: data?.isPreview ? 400 : 600, fontStyle: data?.isPreview ? 'italic' : 'normal' }}>
        {String(value ?? '')}
      </span>
    ),
  },
  { headerName: 'Last Name', field: 'lastName' },
  { headerName: 'First Name', field: 'firstName' },
  { headerName: 'Sent By', field: 'sentBy' },
  {
    headerName: 'Date Time Sent',
    field: 'dateTimeSent',
    minWidth: 170,
    // The compact stamp sorts as text; it is shown (and searched) as a day and time in the dealer's locale.
    valueFormatter: ({ value }) => formatOrderStamp(String(value ?? '')),
    getQuickFilterText: ({ value }) => formatOrderStamp(String(value ?? '')),
  },
  {
    headerName: 'File Name',
    field: 'fileName',
    flex: 1.6,
    cellRenderer: ({ value }: ICellRendererParams<InitialOrder>) => <TextFileCell fileName={String(value ?? '')} />,
  },
];

export function confirmedPdfTarget(order: ConfirmedOrder): PdfTarget {
  return { folder: order.folder, fileName: order.fileName, label: order.fileName };
}

export function processedPdfTarget(order: ProcessedOrder): PdfTarget {
  return { folder: order.folderName, fileName: order.fileName, label: order.fileName };
}
