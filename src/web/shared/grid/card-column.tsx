import { createElement, type ComponentType } from 'react';
import { Box } from '@mui/material';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  CellStyleModule,
  RowAutoHeightModule,
  type ColDef,
  type ICellRendererParams,
  type Module,
} from 'ag-grid-community';

/**
 * Below 900 px an order table becomes cards: one full-width column whose cell lists every column as "label: value".
 * A dealer on a phone reads a whole order (job, dates, its buttons) without panning sideways through seven columns,
 * and the grid keeps what it did: virtualised rows, the search, the count.
 */
export function useIsCardLayout(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
}

export const cardColumnId = 'card';

/** What a grid showing `asCardColumns` registers: the card's cell style and rows as tall as their card. */
export const cardLayoutModules: Module[] = [CellStyleModule, RowAutoHeightModule];

/**
 * The columns for the layout: the cards, or the table's own columns shown again (a column def without `hide` keeps the
 * hidden state the cards gave it, and a window widened past 900 px showed rows without cells).
 */
export function columnsForLayout<Row>(columns: ColDef<Row>[], label: string, isCards: boolean): ColDef<Row>[] {
  return isCards ? asCardColumns(columns, label) : columns.map((column) => ({ ...column, hide: false }));
}

/** The columns as cards: the table's columns stay (hidden) for search and sort, one card column shows them. */
function asCardColumns<Row>(columns: ColDef<Row>[], label: string): ColDef<Row>[] {
  return [
    ...columns.map((column) => ({ ...column, hide: true })),
    {
      colId: cardColumnId,
      headerName: label,
      flex: 1,
      minWidth: 0,
      sortable: false,
      autoHeight: true,
      wrapText: true,
      // A block, not the wrapping cells' centred flex: the row is measured from the card's own height.
      cellStyle: { display: 'block' },
      getQuickFilterText: () => '',
      cellRenderer: ({ data, node, api, context }: ICellRendererParams<Row>) =>
        data ? <OrderCard columns={columns} params={{ data, node, api, context }} /> : null,
    },
  ];
}

function OrderCard<Row>({ columns, params }: { columns: ColDef<Row>[]; params: Partial<ICellRendererParams<Row>> }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(6.5rem, max-content) minmax(0, 1fr)',
        columnGap: 1.5,
        rowGap: 0.5,
        alignItems: 'center',
        width: '100%',
        m: 0,
        py: 1.25,
        lineHeight: 1.35,
        '& dt': { fontWeight: 600, color: 'text.secondary' },
        '& dd': { m: 0, overflowWrap: 'anywhere', minWidth: 0 },
        '& dd .MuiButton-root': { textAlign: 'left', justifyContent: 'flex-start' },
      }}
    >
      {columns.map((column) => (
        <CardField key={column.colId ?? String(column.field)} column={column} params={params} />
      ))}
    </Box>
  );
}

function CardField<Row>({ column, params }: { column: ColDef<Row>; params: Partial<ICellRendererParams<Row>> }) {
  const value = valueOf(column, params);
  const renderer = column.cellRenderer as ComponentType<Partial<ICellRendererParams<Row>>> | undefined;
  let content;
  if (typeof renderer === 'function') content = createElement(renderer, { ...params, value });
  else if (typeof column.valueFormatter === 'function') {
    content = column.valueFormatter({ ...params, value, colDef: column } as never);
  } else content = value === null || value === undefined ? '' : String(value);
  return (
    <>
      <dt>{column.headerName}</dt>
      <dd>{content}</dd>
    </>
  );
}

// A value getter gets the grid's context too: a grid whose rows are places reads its orders through it.
function valueOf<Row>(column: ColDef<Row>, { data, node, api, context }: Partial<ICellRendererParams<Row>>): unknown {
  if (!data) return undefined;
  if (typeof column.valueGetter === 'function') return column.valueGetter({ data, node, api, context } as never);
  return column.field ? (data as Record<string, unknown>)[column.field] : undefined;
}
