import { useEffect, useState } from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { PriceTable } from '../../../../engine';
import { formatPrice } from '../diff/describe-diff';
import type { DraftWorkspaceHandle } from '../draft/use-draft-workspace';
import { diffPrices, type RowDiff } from './price-sheet';

const shown = (value: unknown) => (typeof value === 'number' ? formatPrice(value) : `“${String(value)}”`);
const size = (key: string) => key.replace('x', ' × ');

/** The table's rows against the draft's base version: added, removed, and changed old → new (what publishing changes). */
export function PriceRowDiff({
  path,
  table,
  workspace,
}: {
  path: string;
  table: PriceTable;
  workspace: DraftWorkspaceHandle;
}) {
  const [base, setBase] = useState<Record<string, unknown> | null | undefined>(undefined);
  useEffect(() => {
    let isCurrent = true;
    workspace.readBaseFile(path).then(
      (content) => {
        if (!isCurrent) return;
        try {
          setBase(content === null ? null : ((JSON.parse(content) as PriceTable).prices ?? {}));
        } catch {
          setBase(null);
        }
      },
      () => isCurrent && setBase(null),
    );
    return () => {
      isCurrent = false;
    };
  }, [path, workspace]);
  const baseVersion = workspace.draft?.baseVersionId;
  if (base === undefined) return <Typography role="status">Comparing with version {baseVersion}…</Typography>;
  const diff: RowDiff = diffPrices(base ?? {}, table.prices);
  const count = diff.added.length + diff.removed.length + diff.changed.length;
  return (
    <Box component="section" aria-labelledby="price-diff-heading" data-testid="price-row-diff">
      <Typography id="price-diff-heading" component="h4" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Changes against version {baseVersion}: {count === 0 ? 'none' : `${count} row${count === 1 ? '' : 's'}`}
        {base === null ? ' (a new table)' : ''}
      </Typography>
      {count > 0 && (
        <Table size="small" sx={{ maxWidth: 560 }} aria-labelledby="price-diff-heading">
          <TableHead>
            <TableRow>
              <TableCell component="th">Size</TableCell>
              <TableCell component="th">Change</TableCell>
              <TableCell component="th" align="right">
                Before
              </TableCell>
              <TableCell component="th" align="right">
                After
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {diff.changed.map((row) => (
              <TableRow key={row.key}>
                <TableCell>{size(row.key)}</TableCell>
                <TableCell>changed</TableCell>
                <TableCell align="right">{shown(row.from)}</TableCell>
                <TableCell align="right">{shown(row.to)}</TableCell>
              </TableRow>
            ))}
            {diff.added.map((row) => (
              <TableRow key={row.key}>
                <TableCell>{size(row.key)}</TableCell>
                <TableCell>added</TableCell>
                <TableCell align="right">(none)</TableCell>
                <TableCell align="right">{shown(row.price)}</TableCell>
              </TableRow>
            ))}
            {diff.removed.map((row) => (
              <TableRow key={row.key}>
                <TableCell>{size(row.key)}</TableCell>
                <TableCell>removed</TableCell>
                <TableCell align="right">{shown(row.price)}</TableCell>
                <TableCell align="right">(none)</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
