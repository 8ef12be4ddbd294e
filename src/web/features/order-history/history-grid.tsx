import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import { Box } from '@mui/material';
import { AgGridReact } from 'ag-grid-react';
import {
  ClientSideRowModelModule,
  ExternalFilterModule,
  RowApiModule,
  ValidationModule,
  type ColDef,
  type GridApi,
  type GridReadyEvent,
  type ICellRendererParams,
  type IRowNode,
  type Module,
} from 'ag-grid-community';
import { portalGridTheme, wrappingCellsSx } from '../../shared/grid/grid-theme';
import { asCardColumns, cardLayoutModules, useIsCardLayout } from '../../shared/grid/card-column';
import { ShowPdfsButton } from '../../shared/pdf/show-pdfs-button';
import { historyColumnLabels, historyColumns, type HistoryRow } from './history-rows';
import type { HistoryMatches } from './history-search-index';
import { cspNonce } from '../../shared/csp-nonce';

// Client-side rows, the page's own column searches (an external filter over precomputed text), the shown-row count,
// cards as tall as they need.
const gridModules: Module[] = [
  ClientSideRowModelModule,
  ExternalFilterModule,
  RowApiModule,
  ...cardLayoutModules,
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
  /** The column searches' answer over `matches.search.rows`, the rows shown in the table. */
  matches: HistoryMatches;
}

const cardColumnDefs = asCardColumns(columnDefs, 'Shipped orders');

// flex only beside the PDF panel: in a column a 0 flex-basis shrank the grid to its 2 px border.
const gridBoxSx = {
  ...wrappingCellsSx,
  height: { xs: '70vh', md: 'max(420px, calc(88vh - 330px))' },
  minHeight: 320,
  flex: { md: 1 },
  minWidth: 0,
} as const;

/**
 * The virtualised history table (rows drawn only near the viewport); the column searches filter it in place, once
 * per key: the grid reads the latest answer through stable callbacks and is told when it changed. Below 900 px each
 * order is a card (still virtualised).
 */
export const HistoryGrid = memo(function HistoryGrid({ matches }: HistoryGridProps) {
  const isCards = useIsCardLayout();
  const apiRef = useRef<GridApi<HistoryRow> | null>(null);
  const matchesRef = useRef(matches);
  const rows = matches.search.rows as HistoryRow[];

  // A layout effect runs before the grid's own effect takes new rows, so new rows are filtered with their answer.
  useLayoutEffect(() => {
    const isSameRows = matchesRef.current.search === matches.search;
    matchesRef.current = matches;
    // New rows are filtered by the grid as it takes them; only a new search over the same rows needs telling.
    if (isSameRows) apiRef.current?.onFilterChanged();
  }, [matches]);

  // Made once: a new function would make the grid filter again.
  const { isExternalFilterPresent, doesExternalFilterPass, onGridReady } = useMemo(
    () => ({
      isExternalFilterPresent: () => matchesRef.current.isShown !== null,
      doesExternalFilterPass: (node: IRowNode<HistoryRow>) => {
        const { isShown, search } = matchesRef.current;
        const index = node.sourceRowIndex;
        // A row of another list (never expected) is shown rather than hidden.
        return isShown === null || search.rows[index] !== node.data || isShown[index] === 1;
      },
      onGridReady: (event: GridReadyEvent<HistoryRow>) => {
        apiRef.current = event.api;
      },
    }),
    [],
  );

  // The grid's element kept while its rows and layout stay: a search re-renders none of it.
  const grid = useMemo(
    () => (
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
        isExternalFilterPresent={isExternalFilterPresent}
        doesExternalFilterPass={doesExternalFilterPass}
        onGridReady={onGridReady}
        overlayNoRowsTemplate="<span>No orders to show</span>"
      />
    ),
    [rows, isCards, isExternalFilterPresent, doesExternalFilterPass, onGridReady],
  );

  return (
    <Box
      sx={gridBoxSx}
      data-testid="history-grid"
      data-layout={isCards ? 'cards' : 'table'}
      role="region"
      aria-label="Shipped orders"
    >
      {grid}
    </Box>
  );
});
