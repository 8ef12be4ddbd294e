import { useMemo } from 'react';
import { Box } from '@mui/material';
import { AgGridReact } from 'ag-grid-react';
import {
  CellStyleModule,
  ClientSideRowModelModule,
  TextEditorModule,
  ValidationModule,
  type ColDef,
  type Module,
} from 'ag-grid-community';
import { portalGridTheme, wrappingCellsSx } from '../../../shared/grid/grid-theme';
import { cspNonce } from '../../../shared/csp-nonce';
import { useIsCardLayout } from '../../../shared/grid/card-column';
import type { PriceSheet, SheetProblem } from './price-sheet';

// Only what this grid uses: client-side rows, text editing and the problem highlight.
const gridModules: Module[] = [
  ClientSideRowModelModule,
  TextEditorModule,
  CellStyleModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
];

const headerHeight = 44;
const rowHeight = 36;

export interface PriceRow {
  row: number;
  length: string;
  cells: string[];
  problems: string;
}

export interface PriceGridProps {
  label: string;
  sheet: PriceSheet;
  unit: string;
  problems: SheetProblem[];
  isReadOnly: boolean;
  onCellChange(row: number, column: number, value: string): void;
  onLengthChange(row: number, value: string): void;
}

/** The price book grid: a length per row, a width per column; cells edit in place, problems marked at the row. */
export function PriceGrid({ label, sheet, unit, problems, isReadOnly, onCellChange, onLengthChange }: PriceGridProps) {
  const isNarrow = useIsCardLayout();
  const rows = useMemo<PriceRow[]>(
    () =>
      sheet.lengths.map((length, row) => ({
        row,
        length,
        cells: sheet.cells[row],
        problems: problems
          .filter((problem) => problem.row === row)
          .map((problem) => problem.message)
          .join(' · '),
      })),
    [sheet, problems],
  );
  const badCells = useMemo(
    () => new Set(problems.filter((p) => p.column !== undefined).map((p) => `${p.row}:${p.column}`)),
    [problems],
  );
  const columns = useMemo<ColDef<PriceRow>[]>(
    () => [
      {
        headerName: `Length (${unit}) \\ width`,
        colId: 'length',
        pinned: 'left',
        width: 180,
        editable: !isReadOnly,
        valueGetter: (params) => params.data?.length,
        // The grid never changes its rows: the edit goes to the draft, which gives a new sheet.
        valueSetter: (params) => {
          if (params.data) onLengthChange(params.data.row, String(params.newValue ?? ''));
          return false;
        },
        cellClassRules: {
          'price-cell-problem': (params) => problems.some((p) => p.row === params.data?.row && p.column === undefined),
        },
      },
      {
        headerName: 'Problems in this row',
        colId: 'problems',
        field: 'problems',
        // Pinned, so a row's problem stays in view however far the widths scroll (on a wide window: on a narrow one two
        // pinned columns would leave no room for the prices).
        pinned: isNarrow ? undefined : 'right',
        width: 280,
        cellClass: 'price-row-problems',
      },
      ...sheet.widths.map((width, column): ColDef<PriceRow> => ({
        headerName: `${width} ${unit}`,
        colId: `w${column}`,
        width: 100,
        editable: !isReadOnly,
        type: 'rightAligned',
        valueGetter: (params) => params.data?.cells[column] ?? '',
        valueSetter: (params) => {
          if (params.data) onCellChange(params.data.row, column, String(params.newValue ?? ''));
          return false;
        },
        cellClassRules: { 'price-cell-problem': (params) => badCells.has(`${params.data?.row}:${column}`) },
      })),
    ],
    [sheet.widths, unit, isReadOnly, problems, badCells, onCellChange, onLengthChange, isNarrow],
  );
  return (
    <Box
      role="region"
      aria-label={label}
      data-testid="price-grid"
      sx={{
        ...wrappingCellsSx,
        // A price book has at most ~25 lengths: the grid is as tall as its rows (and a scroll bar), the page scrolls.
        height: headerHeight + rowHeight * rows.length + 24,
        '& .price-cell-problem': { bgcolor: '#fdecea', color: '#8a1c1c', fontWeight: 600 },
        '& .price-row-problems': { color: '#8a1c1c', fontSize: 13 },
      }}
    >
      <AgGridReact<PriceRow>
        theme={portalGridTheme}
        styleNonce={cspNonce}
        modules={gridModules}
        rowData={rows}
        columnDefs={columns}
        getRowId={(params) => String(params.data.row)}
        // A price book is at most ~20 columns: all rendered, so screen readers and find-in-page see every width.
        suppressColumnVirtualisation
        singleClickEdit={false}
        stopEditingWhenCellsLoseFocus
        enterNavigatesVerticallyAfterEdit
        headerHeight={headerHeight}
        rowHeight={rowHeight}
      />
    </Box>
  );
}
