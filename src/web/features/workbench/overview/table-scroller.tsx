import type { ReactNode } from 'react';
import { TableContainer } from '@mui/material';

/**
 * A table that scrolls sideways inside its panel on a narrow window instead of widening the page; a tab stop, so a
 * keyboard can scroll it too (axe: scrollable region focusable).
 */
export function TableScroller({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-labelledby={labelledBy} sx={{ overflowX: 'auto' }}>
      {children}
    </TableContainer>
  );
}
