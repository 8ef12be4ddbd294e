import { memo, useEffect, useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import { Box } from '@mui/material';
import { AgGridReact } from 'ag-grid-react';
import {
  CellStyleModule,
  ColumnApiModule,
  InfiniteRowModelModule,
  RenderApiModule,
  RowApiModule,
  RowSelectionModule,
  ScrollApiModule,
  SELECTION_COLUMN_ID,
  ValidationModule,
  type CellClickedEvent,
  type CellKeyDownEvent,
  type ColDef,
  type GetRowIdParams,
  type GridApi,
  type IDatasource,
  type IGetRowsParams,
  type Module,
  type RowSelectionOptions,
  type SortModelItem,
} from 'ag-grid-community';
import { portalGridTheme, wrappingCellsSx } from '../../../shared/grid/grid-theme';
import { cspNonce } from '../../../shared/csp-nonce';
import { formatOrderDate } from '../../../shared/dates/format-order-date';
import { getStaffOrders, type StaffOrderRow, type StaffOrdersAnswer } from '../api/order-desk-api';
import { defaultSort, sortKeys, toOrdersQuery, type DeskSearch, type DeskSort } from '../desk-search';
import { statusLabels } from '../order-moves';

// Rows come a block at a time from the server (infinite row model), sorted there; checkbox selection for bulk moves.
const gridModules: Module[] = [
  InfiniteRowModelModule,
  RowSelectionModule,
  RowApiModule,
  RenderApiModule,
  ScrollApiModule,
  ColumnApiModule,
  CellStyleModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
];

/** Rows per request: about three screens, so scrolling asks the server rarely. */
export const blockSize = 100;

// No "select all" box: at 100,000 rows it would select orders nobody has seen.
const rowSelection: RowSelectionOptions = { mode: 'multiRow', checkboxes: true, headerCheckbox: false };

export interface DeskGridHandle {
  /** Loads every shown block again (after a move), keeping the scroll position and selection. */
  refresh(): void;
  /** Puts keyboard focus on a row (after the panel closes). */
  focusRow(rowIndex: number): void;
  clearSelection(): void;
}

export interface DeskGridProps {
  search: DeskSearch;
  productTitle(formId: string): string;
  onSortChange(sort: DeskSort): void;
  /** Each answer's total and counts per state (the toolbar's tabs and the count line). */
  onAnswer(answer: Pick<StaffOrdersAnswer, 'total' | 'counts'>): void;
  onLoadFailed(): void;
  onOpen(row: StaffOrderRow, rowIndex: number): void;
  /** The `m` shortcut on a row: its panel with the next move's confirmation. */
  onMoveShortcut(row: StaffOrderRow, rowIndex: number): void;
  onSelectionChange(rows: StaffOrderRow[]): void;
  ref?: Ref<DeskGridHandle>;
}

function sortFrom(model: SortModelItem[]): DeskSort {
  const first = model[0];
  const key = sortKeys.find((candidate) => candidate === first?.colId);
  return key && first ? { sort: key, dir: first.sort } : defaultSort;
}

interface GridContext {
  productTitle(formId: string): string;
}

const deskColumns: ColDef<StaffOrderRow>[] = [
  { field: 'fileName', headerName: 'File', flex: 1.5, minWidth: 190 },
  { field: 'jobName', headerName: 'Job name', flex: 1.3, minWidth: 150 },
  { field: 'dealerName', headerName: 'Dealer', flex: 1.2, minWidth: 150 },
  {
    field: 'formId',
    headerName: 'Product',
    minWidth: 130,
    valueFormatter: ({ value, context }) =>
      typeof value === 'string' ? (context as GridContext).productTitle(value) : '',
  },
  {
    field: 'status',
    headerName: 'State',
    minWidth: 130,
    valueFormatter: ({ value }) => (value ? statusLabels[value as StaffOrderRow['status']] : ''),
  },
  { field: 'createdAt', headerName: 'Sent', minWidth: 130, valueFormatter: ({ value }) => formatOrderDate(value) },
  { field: 'detailer', headerName: 'Detailer', minWidth: 140, sortable: false },
  { field: 'emailedOn', headerName: 'E-mailed', minWidth: 130, valueFormatter: ({ value }) => formatOrderDate(value) },
];

const filtersKey = (search: DeskSearch) => JSON.stringify(search.filters);

/**
 * Every dealer's orders, a block of rows per request as the user scrolls (at 100,000 rows the scrollbar stays true
 * and nothing but the rows near the viewport is fetched). Sorting by a header and the toolbar's filters go to the
 * server; arrows move through rows, Enter opens an order, Space selects it, m opens its next move.
 */
export const DeskGrid = memo(function DeskGrid(props: DeskGridProps) {
  const { search, ref } = props;
  const apiRef = useRef<GridApi<StaffOrderRow> | null>(null);
  const propsRef = useRef(props);
  const searchRef = useRef(search);
  const loadedFilters = useRef(filtersKey(search));
  useEffect(() => {
    propsRef.current = props;
  });

  // A filter change reloads from the first row; a sort from the address (back, a link) is shown on the headers.
  useEffect(() => {
    searchRef.current = search;
    const api = apiRef.current;
    if (!api) return;
    const shownSort = sortFrom(
      api
        .getColumnState()
        .filter((column) => column.sort)
        .map((column) => ({ colId: column.colId, sort: column.sort! })),
    );
    if (shownSort.sort !== search.sort.sort || shownSort.dir !== search.sort.dir) {
      api.applyColumnState({
        state: [{ colId: search.sort.sort, sort: search.sort.dir }],
        defaultState: { sort: null },
      });
    } else if (loadedFilters.current !== filtersKey(search)) {
      api.deselectAll();
      api.purgeInfiniteCache();
      api.ensureIndexVisible(0, 'top');
    }
    loadedFilters.current = filtersKey(search);
  }, [search]);

  useImperativeHandle(
    ref,
    () => ({
      refresh: () => apiRef.current?.refreshInfiniteCache(),
      clearSelection: () => apiRef.current?.deselectAll(),
      focusRow: (rowIndex) => {
        const api = apiRef.current;
        if (!api) return;
        const count = api.getDisplayedRowCount();
        if (count === 0) return;
        const index = Math.min(rowIndex, count - 1);
        api.ensureIndexVisible(index);
        api.setFocusedCell(index, 'fileName');
      },
    }),
    [],
  );

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows: (params: IGetRowsParams<StaffOrderRow>) => {
        const current = { ...searchRef.current, sort: sortFrom(params.sortModel) };
        const query = toOrdersQuery(current, params.startRow, params.endRow - params.startRow);
        getStaffOrders(query).then(
          (answer) => {
            propsRef.current.onAnswer(answer);
            params.successCallback(answer.orders, answer.total);
          },
          (error: unknown) => {
            console.error('Failed to fetch the staff orders', error);
            propsRef.current.onLoadFailed();
            params.failCallback();
          },
        );
      },
    }),
    [],
  );

  // Product titles arrive with the filters' answer: the Product cells are drawn again with them.
  const { productTitle } = props;
  useEffect(() => {
    apiRef.current?.refreshCells({ columns: ['formId'], force: true });
  }, [productTitle]);

  // The grid reads the titles through its context: its columns are made once, with the sort the address asked for.
  const gridContext = useMemo<GridContext>(
    () => ({ productTitle: (formId) => propsRef.current.productTitle(formId) }),
    [],
  );

  const grid = useMemo(() => {
    const initialSort = searchRef.current.sort;
    const defaultColDef: ColDef<StaffOrderRow> = {
      sortable: true,
      unSortIcon: true,
      resizable: true,
      flex: 1,
      wrapText: true,
      wrapHeaderText: true,
      cellDataType: false,
      // Three clicks on a header would clear the sort: the desk always has one.
      sortingOrder: ['asc', 'desc'],
    };
    return (
      <AgGridReact<StaffOrderRow>
        theme={portalGridTheme}
        styleNonce={cspNonce}
        modules={gridModules}
        rowModelType="infinite"
        datasource={datasource}
        cacheBlockSize={blockSize}
        maxBlocksInCache={50}
        infiniteInitialRowCount={blockSize}
        columnDefs={deskColumns.map((column) =>
          column.field === initialSort.sort ? { ...column, sort: initialSort.dir } : column,
        )}
        defaultColDef={defaultColDef}
        context={gridContext}
        rowSelection={rowSelection}
        selectionColumnDef={{ pinned: 'left', headerName: 'Select', minWidth: 88, maxWidth: 88 }}
        rowHeight={48}
        animateRows={false}
        getRowId={(params: GetRowIdParams<StaffOrderRow>) => params.data.fileName}
        onGridReady={(event) => {
          apiRef.current = event.api;
        }}
        onSortChanged={(event) => {
          const model = event.api
            .getColumnState()
            .filter((column) => column.sort)
            .map((column) => ({ colId: column.colId, sort: column.sort! }));
          propsRef.current.onSortChange(sortFrom(model));
        }}
        onSelectionChanged={(event) => propsRef.current.onSelectionChange(event.api.getSelectedRows())}
        onCellClicked={(event: CellClickedEvent<StaffOrderRow>) => {
          if (event.column.getColId() === SELECTION_COLUMN_ID || !event.data) return;
          propsRef.current.onOpen(event.data, event.rowIndex ?? 0);
        }}
        onCellKeyDown={(event: CellKeyDownEvent<StaffOrderRow>) => {
          const key = (event.event as KeyboardEvent | null)?.key;
          if (!event.data || event.rowIndex === null) return;
          if (key === 'Enter') propsRef.current.onOpen(event.data, event.rowIndex);
          if (key === 'm' || key === 'M') propsRef.current.onMoveShortcut(event.data, event.rowIndex);
        }}
      />
    );
  }, [datasource, gridContext]);

  return (
    <Box
      sx={{ ...wrappingCellsSx, height: { xs: '70vh', md: 'max(420px, calc(100vh - 400px))' }, minHeight: 360 }}
      data-testid="order-desk-grid"
      role="region"
      aria-label="Orders of every dealer"
    >
      {grid}
    </Box>
  );
});
