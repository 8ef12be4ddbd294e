import { useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import type { PriceTable } from '../../../../engine';
import { BeforeAfterTable } from '../diff/before-after-table';
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
        <BeforeAfterTable
          aria-labelledby="price-diff-heading"
          maxWidth={560}
          columns={['Size', 'Change']}
          rows={[
            ...diff.changed.map((row) => ({
              key: row.key,
              cells: [size(row.key), 'changed'],
              before: shown(row.from),
              after: shown(row.to),
            })),
            ...diff.added.map((row) => ({
              key: row.key,
              cells: [size(row.key), 'added'],
              before: '(none)',
              after: shown(row.price),
            })),
            ...diff.removed.map((row) => ({
              key: row.key,
              cells: [size(row.key), 'removed'],
              before: shown(row.price),
              after: '(none)',
            })),
          ]}
        />
      )}
    </Box>
  );
}
