import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box } from '@mui/material';
import { AgGridReact } from 'ag-grid-react';
import {
  ClientSideRowModelModule,
  ExternalFilterModule,
  RenderApiModule,
  RowApiModule,
  ValidationModule,
  type ColDef,
  type GetRowIdParams,
  type GridApi,
  type GridReadyEvent,
  type ICellRendererParams,
  type IRowNode,
  type Module,
  type ValueGetterParams,
} from 'ag-grid-community';
import { portalGridTheme, wrappingCellsSx } from '../../shared/grid/grid-theme';
import { cardLayoutModules, columnsForLayout, useIsCardLayout } from '../../shared/grid/card-column';
import { ShowPdfsButton } from '../../shared/pdf/show-pdfs-button';
import { historyColumnLabels, historyColumns, type HistoryColumn } from './history-rows';
import { shownRowAt, type HistoryMatches } from './history-search-index';
import { cspNonce } from '../../shared/csp-nonce';

// Client-side rows, the page's own column searches (an external filter on the places shown), cells refreshed in
// place, the shown-row count, cards as tall as they need.
const gridModules: Module[] = [
  ClientSideRowModelModule,
  ExternalFilterModule,
  RenderApiModule,
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

/**
 * A row of the grid: a place in the table (0 = top), not an order. The order shown there is the searches' answer at
 * that place (`shownRowAt`), so a key moves no row: the grid hides the places past the count and redraws the cells
 * whose order changed, instead of re-indexing up to 100,000 rows.
 */
export interface HistoryPlace {
  readonly place: number;
}

/** What the grid's callbacks read (AG Grid's `context`): the latest answer, set before the grid is told of it. */
interface HistoryGridContext {
  matches: HistoryMatches;
}

type PlaceParams = Pick<ValueGetterParams<HistoryPlace, unknown, HistoryGridContext>, 'data' | 'context'>;

const orderAt = ({ data, context }: PlaceParams) => (data ? shownRowAt(context.matches, data.place) : undefined);

const pdfTargetAt = (params: PlaceParams): HistoryPdfTarget | undefined => {
  const row = orderAt(params);
  return row && { folder: row.folder, fileName: row.fileName, label: row.fileName };
};

// Long names get more room.
const columnWeights: Partial<Record<string, number>> = {
  folder: 1.3,
  fileName: 1.6,
  streetAddress: 1.2,
  cityStateZip: 1.3,
};

const cellOf = (column: HistoryColumn) => (params: PlaceParams) => orderAt(params)?.[column] ?? '';

// Its own props, so a refresh that leaves a place's order alone does not render its button again.
const HistoryPdfButton = memo(function HistoryPdfButton({ folder, fileName, label }: HistoryPdfTarget) {
  const target = useMemo(() => ({ folder, fileName, label }), [folder, fileName, label]);
  return <ShowPdfsButton row={target} rowKey={historyPdfKey(target)} rowLabel={label} />;
});

const columnDefs: ColDef<HistoryPlace>[] = [
  ...historyColumns.map<ColDef<HistoryPlace>>((column) => ({
    headerName: historyColumnLabels[column],
    colId: column,
    valueGetter: cellOf(column),
    flex: columnWeights[column] ?? 1,
  })),
  {
    headerName: 'PDF Files',
    colId: 'pdfFiles',
    minWidth: 150,
    // The order's key as the cell's value: a refresh redraws the button only where the order changed.
    valueGetter: (params) => {
      const target = pdfTargetAt(params);
      return target ? historyPdfKey(target) : '';
    },
    cellRenderer: (params: ICellRendererParams<HistoryPlace, string, HistoryGridContext>) => {
      const target = pdfTargetAt(params);
      return target ? <HistoryPdfButton {...target} /> : null;
    },
  },
];

// cellDataType off: ag-grid would infer "dateString" from the first row and blank out m/d/yy dates.
const defaultColDef: ColDef<HistoryPlace> = {
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

// flex only beside the PDF panel: in a column a 0 flex-basis shrank the grid to its 2 px border.
const gridBoxSx = {
  ...wrappingCellsSx,
  height: { xs: '70vh', md: 'max(420px, calc(88vh - 330px))' },
  minHeight: 320,
  flex: { md: 1 },
  minWidth: 0,
} as const;

const getRowId = ({ data }: GetRowIdParams<HistoryPlace>) => String(data.place);

/** One grid row per order of the list, made once per list. */
const placesFor = (count: number): HistoryPlace[] => Array.from({ length: count }, (_, place) => ({ place }));

/**
 * The virtualised history table (rows drawn only near the viewport). A key changes which order each place shows: the
 * grid is told only when the count changed (it hides the places past it), then redraws the drawn cells whose value
 * changed. Below 900 px each order is a card (still virtualised).
 */
export const HistoryGrid = memo(function HistoryGrid({ matches }: HistoryGridProps) {
  const isCards = useIsCardLayout();
  const layoutColumnDefs = useMemo(() => columnsForLayout(columnDefs, 'Shipped orders', isCards), [isCards]);
  const apiRef = useRef<GridApi<HistoryPlace> | null>(null);
  // One object for the grid's life: its callbacks read the answer from it.
  const [context] = useState<HistoryGridContext>(() => ({ matches }));
  const rowCount = matches.search.rows.length;
  const places = useMemo(() => placesFor(rowCount), [rowCount]);

  // A layout effect runs before the grid's own effect takes new places, so they are filtered with their answer.
  useLayoutEffect(() => {
    const previous = context.matches;
    context.matches = matches;
    const api = apiRef.current;
    if (!api || previous === matches) return;
    if (previous.count !== matches.count || previous.search !== matches.search) api.onFilterChanged();
    api.refreshCells();
  }, [context, matches]);

  // Made once: a new function would make the grid filter again.
  const { isExternalFilterPresent, doesExternalFilterPass, onGridReady } = useMemo(
    () => ({
      isExternalFilterPresent: () => context.matches.count < context.matches.search.rows.length,
      doesExternalFilterPass: (node: IRowNode<HistoryPlace>) =>
        node.data !== undefined && node.data.place < context.matches.count,
      onGridReady: (event: GridReadyEvent<HistoryPlace>) => {
        apiRef.current = event.api;
      },
    }),
    [context],
  );

  // The grid's element kept while its rows and layout stay: a search re-renders none of it.
  const grid = useMemo(
    () => (
      <AgGridReact<HistoryPlace>
        theme={portalGridTheme}
        styleNonce={cspNonce}
        modules={gridModules}
        rowData={places}
        getRowId={getRowId}
        context={context}
        columnDefs={layoutColumnDefs}
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
    [places, context, isCards, layoutColumnDefs, isExternalFilterPresent, doesExternalFilterPass, onGridReady],
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
