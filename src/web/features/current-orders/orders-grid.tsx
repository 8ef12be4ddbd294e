import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import { Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { AgGridReact } from 'ag-grid-react';
import {
  ClientSideRowModelModule,
  ColumnApiModule,
  QuickFilterModule,
  RowApiModule,
  ValidationModule,
  type ColDef,
  type GetRowIdParams,
  type GridApi,
  type Module,
} from 'ag-grid-community';
import { portalGridTheme, wrappingCellsSx } from '../../shared/grid/grid-theme';
import { cardLayoutModules, columnsForLayout, useIsCardLayout } from '../../shared/grid/card-column';
import { cspNonce } from '../../shared/csp-nonce';

// Only what these tables use: client-side rows (with sorting), the shared search, the shown-row count, cards (rows as
// tall as their card, sorted from a list).
const gridModules: Module[] = [
  ClientSideRowModelModule,
  QuickFilterModule,
  RowApiModule,
  ...cardLayoutModules,
  ColumnApiModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
];

// cellDataType off: ag-grid would infer "dateString" from the first row and blank out other date formats.
// minWidth 130: the longest header word and its sort arrow fit ("Detailer" was split in two at 100 px).
const defaultColDef: ColDef = {
  sortable: true,
  unSortIcon: true,
  resizable: false,
  flex: 1,
  minWidth: 130,
  wrapText: true,
  wrapHeaderText: true,
  cellDataType: false,
};

const countFormat = new Intl.NumberFormat('en-US');

interface OrdersGridProps<Row> {
  label: string;
  rows: Row[] | undefined;
  columns: ColDef<Row>[];
  isLoading: boolean;
  searchText: string;
  rowHeight: number;
  rowId(row: Row): string;
}

/**
 * One tab's table: sortable headers with up/down arrows, filtered by the page's one search box, with the count of rows
 * shown. Below 900 px each order is a card and a "Sort by" list takes the place of the headers.
 */
export function OrdersGrid<Row>({
  label,
  rows,
  columns,
  isLoading,
  searchText,
  rowHeight,
  rowId,
}: OrdersGridProps<Row>) {
  const isCards = useIsCardLayout();
  const apiRef = useRef<GridApi<Row> | null>(null);
  const [shownCount, setShownCount] = useState(0);
  const columnDefs = useMemo(() => columnsForLayout(columns, label, isCards), [isCards, columns, label]);
  const reportCount = useCallback(() => setShownCount(apiRef.current?.getDisplayedRowCount() ?? 0), []);
  const total = rows?.length ?? 0;

  return (
    <Stack spacing={1} sx={{ flex: { md: 1 }, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography role="status" aria-live="polite" color="text.secondary" data-testid="orders-shown-count">
          {isLoading ? 'Loading orders…' : `Showing ${countFormat.format(shownCount)} of ${countFormat.format(total)}`}
        </Typography>
        {isCards && <CardSortSelect columns={columns} apiRef={apiRef} />}
      </Stack>
      <Box
        sx={{ ...wrappingCellsSx, height: { xs: '70vh', md: 'max(360px, calc(88vh - 370px))' }, minHeight: 320 }}
        data-testid="orders-grid"
        data-layout={isCards ? 'cards' : 'table'}
        aria-label={label}
        role="region"
      >
        <AgGridReact<Row>
          theme={portalGridTheme}
          styleNonce={cspNonce}
          modules={gridModules}
          rowData={rows ?? []}
          columnDefs={columnDefs}
          defaultColDef={defaultColDef as ColDef<Row>}
          quickFilterText={searchText}
          // The card's fields are hidden columns: the search still reads them.
          includeHiddenColumnsInQuickFilter
          loading={isLoading}
          rowHeight={rowHeight}
          headerHeight={isCards ? 40 : 56}
          rowBuffer={10}
          getRowId={(params: GetRowIdParams<Row>) => rowId(params.data)}
          onGridReady={(event) => {
            apiRef.current = event.api;
            reportCount();
          }}
          onModelUpdated={reportCount}
          overlayNoRowsTemplate="<span>No orders to show</span>"
        />
      </Box>
    </Stack>
  );
}

/** Cards have no headers to click: the sortable columns, each ascending or descending, in one list. */
function CardSortSelect<Row>({ columns, apiRef }: { columns: ColDef<Row>[]; apiRef: RefObject<GridApi<Row> | null> }) {
  const [value, setValue] = useState('');
  const options = columns
    .filter((column) => column.sortable !== false)
    .map((column) => ({
      id: column.colId ?? String(column.field),
      label: column.headerName ?? '',
      // Date columns sort with a comparator: their directions read as time, the others as letters.
      directions: column.comparator ? ['oldest first', 'newest first'] : ['A to Z', 'Z to A'],
    }));
  const choose = (next: string) => {
    setValue(next);
    const [colId, sort] = next.split(':');
    apiRef.current?.applyColumnState({
      state: colId ? [{ colId, sort: sort as 'asc' | 'desc' }] : [],
      defaultState: { sort: null },
    });
  };
  return (
    <TextField
      select
      size="small"
      label="Sort by"
      value={value}
      onChange={(event) => choose(event.target.value)}
      sx={{ minWidth: 220 }}
    >
      <MenuItem value="">As listed</MenuItem>
      {options.flatMap((option) => [
        <MenuItem key={`${option.id}:asc`} value={`${option.id}:asc`}>
          {option.label}, {option.directions[0]}
        </MenuItem>,
        <MenuItem key={`${option.id}:desc`} value={`${option.id}:desc`}>
          {option.label}, {option.directions[1]}
        </MenuItem>,
      ])}
    </TextField>
  );
}
