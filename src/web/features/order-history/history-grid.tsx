import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Box } from '@mui/material';
import { AgGridReact } from 'ag-grid-react';
import {
  ClientSideRowModelModule,
  ExternalFilterModule,
  RowApiModule,
  RowAutoHeightModule,
  ValidationModule,
  type ColDef,
  type GridApi,
  type GridReadyEvent,
  type ICellRendererParams,
  type IRowNode,
  type Module,
} from 'ag-grid-community';
import { portalGridTheme, wrappingCellsSx } from '../../shared/grid/grid-theme';
import { asCardColumns, useIsCardLayout } from '../../shared/grid/card-column';
import { ShowPdfsButton } from '../../shared/pdf/show-pdfs-button';
import {
  compileHistoryFilter,
  historyColumnLabels,
  historyColumns,
  type HistoryFilters,
  type HistoryRow,
} from './history-rows';
import { cspNonce } from '../../shared/csp-nonce';

// Client-side rows, the page's own column searches (an external filter over precomputed text), the shown-row count,
// cards as tall as they need.
const gridModules: Module[] = [
  ClientSideRowModelModule,
  ExternalFilterModule,
  RowApiModule,
  RowAutoHeightModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
];

export interface HistoryPdfTarget {
  folder: string;
  fileName: string;
  label: string;
}

export const historyPdfKey = (target: HistoryPdfTarget) => `${target.folder}/${target.fileName}`;

// Long names get more room.
const columnWeights: Partial<Record<string, number>> = {
  folder: 1.3,
  fileName: 1.6,
  streetAddress: 1.2,
  cityStateZip: 1.3,
};

const columnDefs: ColDef<HistoryRow>[] = [
  ...historyColumns.map<ColDef<HistoryRow>>((column) => ({
    headerName: historyColumnLabels[column],
    field: column,
    flex: columnWeights[column] ?? 1,
  })),
  {
    headerName: 'PDF Files',
    colId: 'pdfFiles',
    minWidth: 150,
    cellRenderer: ({ data }: ICellRendererParams<HistoryRow>) => {
      if (!data) return null;
      const target: HistoryPdfTarget = { folder: data.folder, fileName: data.fileName, label: data.fileName };
      return <ShowPdfsButton row={target} rowKey={historyPdfKey(target)} rowLabel={target.label} />;
    },
  },
];

// cellDataType off: ag-grid would infer "dateString" from the first row and blank out m/d/yy dates.
const defaultColDef: ColDef<HistoryRow> = {
  sortable: false,
  resizable: false,
  flex: 1,
  minWidth: 100,
  wrapText: true,
  wrapHeaderText: true,
  cellDataType: false,
};

interface HistoryGridProps {
  rows: HistoryRow[];
  filters: HistoryFilters;
  onShownCount(count: number): void;
}

const cardColumnDefs = asCardColumns(columnDefs, 'Shipped orders');

/**
 * The virtualised history table (rows drawn only near the viewport); the column searches filter it in place. Below
 * 900 px each order is a card (still virtualised).
 */
export function HistoryGrid({ rows, filters, onShownCount }: HistoryGridProps) {
  const isCards = useIsCardLayout();
  const apiRef = useRef<GridApi<HistoryRow> | null>(null);
  const matches = useMemo(() => compileHistoryFilter(filters), [filters]);
  const matchesRef = useRef(matches);

  useEffect(() => {
    matchesRef.current = matches;
    apiRef.current?.onFilterChanged();
  }, [matches]);

  const reportCount = useCallback(() => {
    if (apiRef.current) onShownCount(apiRef.current.getDisplayedRowCount());
  }, [onShownCount]);

  return (
    <Box
      // flex only beside the PDF panel: in a column a 0 flex-basis shrank the grid to its 2 px border.
      sx={{
        ...wrappingCellsSx,
        height: { xs: '70vh', md: 'max(420px, calc(88vh - 330px))' },
        minHeight: 320,
        flex: { md: 1 },
        minWidth: 0,
      }}
      data-testid="history-grid"
      data-layout={isCards ? 'cards' : 'table'}
      role="region"
      aria-label="Shipped orders"
    >
      <AgGridReact<HistoryRow>
        theme={portalGridTheme}
        styleNonce={cspNonce}
        modules={gridModules}
        rowData={rows}
        columnDefs={isCards ? cardColumnDefs : columnDefs}
        defaultColDef={defaultColDef}
        rowHeight={isCards ? 230 : 60}
        rowBuffer={10}
        animateRows={false}
        isExternalFilterPresent={() => matchesRef.current !== null}
        doesExternalFilterPass={(node: IRowNode<HistoryRow>) => !node.data || (matchesRef.current?.(node.data) ?? true)}
        onGridReady={(event: GridReadyEvent<HistoryRow>) => {
          apiRef.current = event.api;
          reportCount();
        }}
        onModelUpdated={reportCount}
        overlayNoRowsTemplate="<span>No orders to show</span>"
      />
    </Box>
  );
}
