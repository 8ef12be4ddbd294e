import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';

export interface BeforeAfterRow {
  key: string;
  /** The row's leading cells (what it is), one per `columns` entry. */
  cells: ReactNode[];
  before: ReactNode;
  after: ReactNode;
}

/** Rows that changed, old → new: the price diffs of a version and of one price table read the same way. */
export function BeforeAfterTable({
  columns,
  rows,
  maxWidth,
  ...labelling
}: {
  columns: string[];
  rows: BeforeAfterRow[];
  maxWidth: number;
} & ({ 'aria-label': string } | { 'aria-labelledby': string })) {
  return (
    <Table size="small" sx={{ mt: 1, maxWidth }} {...labelling}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell component="th" key={column}>
              {column}
            </TableCell>
          ))}
          <TableCell component="th" align="right">
            Before
          </TableCell>
          <TableCell component="th" align="right">
            After
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            {row.cells.map((cell, index) => (
              <TableCell key={index}>{cell}</TableCell>
            ))}
            <TableCell align="right">{row.before}</TableCell>
            <TableCell align="right">{row.after}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
