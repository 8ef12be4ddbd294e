import { Box } from '@mui/material';
import { AgGridReact } from 'ag-grid-react';
import {
  ClientSideRowModelModule,
  QuickFilterModule,
  ValidationModule,
  type ColDef,
  type GetRowIdParams,
  type Module,
} from 'ag-grid-community';
import { portalGridTheme, wrappingCellsSx } from '../../shared/grid/grid-theme';
import { cspNonce } from '../../shared/csp-nonce';

// Only what these tables use: client-side rows (with sorting) and the shared search.
const gridModules: Module[] = [
  ClientSideRowModelModule,
  QuickFilterModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
];

// cellDataType off: ag-grid would infer "dateString" from the first row and blank out other date formats.
const defaultColDef: ColDef = {
  sortable: true,
  unSortIcon: true,
  resizable: false,
  flex: 1,
  minWidth: 100,
  wrapText: true,
  wrapHeaderText: true,
  cellDataType: false,
};

interface OrdersGridProps<Row> {
  label: string;
  rows: Row[] | undefined;
  columns: ColDef<Row>[];
  isLoading: boolean;
  searchText: string;
  rowHeight: number;
  rowId(row: Row): string;
}

/** One tab's table: sortable headers with up/down arrows, filtered by the page's one search box. */
export function OrdersGrid<Row>({
  label,
  rows,
  columns,
  isLoading,
  searchText,
  rowHeight,
  rowId,
}: OrdersGridProps<Row>) {
  return (
    <Box
      sx={{ ...wrappingCellsSx, height: 'max(360px, calc(88vh - 330px))', flex: 1, minWidth: 0 }}
      data-testid="orders-grid"
      aria-label={label}
      role="region"
    >
      <AgGridReact<Row>
        theme={portalGridTheme}
        styleNonce={cspNonce}
        modules={gridModules}
        rowData={rows ?? []}
        columnDefs={columns}
        defaultColDef={defaultColDef as ColDef<Row>}
        quickFilterText={searchText}
        loading={isLoading}
        rowHeight={rowHeight}
        headerHeight={56}
        rowBuffer={10}
        getRowId={(params: GetRowIdParams<Row>) => rowId(params.data)}
        overlayNoRowsTemplate="<span>No orders to show</span>"
      />
    </Box>
  );
}
