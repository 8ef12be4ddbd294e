import { useMemo } from 'react';
import { Box } from '@mui/material';
import { AgGridReact } from 'ag-grid-react';
import {
  CellStyleModule,
  ClientSideRowModelModule,
  RowAutoHeightModule,
  TextEditorModule,
  ValidationModule,
  type ColDef,
  type Module,
} from 'ag-grid-community';
import { portalGridTheme, wrappingCellsSx } from '../../../shared/grid/grid-theme';
import { cspNonce } from '../../../shared/csp-nonce';
import type { PriceSheet, SheetProblem } from './price-sheet';

// Only what this grid uses: client-side rows, text editing, the problem highlight and rows as tall as their problems.
const gridModules: Module[] = [
  ClientSideRowModelModule,
  TextEditorModule,
  CellStyleModule,
  RowAutoHeightModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
];

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
        width: 150,
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
      {
        headerName: 'Problems',
        colId: 'problems',
        field: 'problems',
        minWidth: 260,
        flex: 1,
        wrapText: true,
        autoHeight: true,
        cellClass: 'price-row-problems',
      },
    ],
    [sheet.widths, unit, isReadOnly, problems, badCells, onCellChange, onLengthChange],
  );
  return (
    <Box
      role="region"
      aria-label={label}
      data-testid="price-grid"
      sx={{
        ...wrappingCellsSx,
        '& .price-cell-problem': { bgcolor: '#fdecea', color: '#8a1c1c', fontWeight: 600 },
        '& .price-row-problems': { color: '#8a1c1c', lineHeight: 1.35, py: 0.5 },
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
        // A price book has at most ~25 lengths: the grid is as tall as its rows, the page scrolls.
        domLayout="autoHeight"
        headerHeight={44}
        rowHeight={36}
      />
    </Box>
  );
}
