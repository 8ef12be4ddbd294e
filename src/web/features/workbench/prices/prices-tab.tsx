import { useMemo, useState } from 'react';
import { List, ListItemButton, ListItemText, ListSubheader, Paper, Stack, Typography } from '@mui/material';
import type { DraftWorkspaceHandle } from '../draft/use-draft-workspace';
import { isPriceTablePath, tableNameOf } from '../tree-paths';
import { PriceTableEditor } from './price-table-editor';

/** Prices: the draft's price tables by piece (pergola, sunroom, ...), and the grid of the one picked. */
export function PricesTab({ workspace, isReadOnly }: { workspace: DraftWorkspaceHandle; isReadOnly: boolean }) {
  const groups = useMemo(() => {
    const byPiece = new Map<string, { path: string; isDirty: boolean; status: string }[]>();
    for (const file of workspace.files) {
      if (!isPriceTablePath(file.path) || file.draftStatus === 'deleted') continue;
      const piece = file.path.split('/')[2];
      byPiece.set(piece, [
        ...(byPiece.get(piece) ?? []),
        { path: file.path, isDirty: file.isDirty, status: file.draftStatus },
      ]);
    }
    return [...byPiece.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [workspace.files]);
  const [picked, setPicked] = useState<string | undefined>();
  const selected = picked ?? groups[0]?.[1][0]?.path;
  if (groups.length === 0) return <Typography>This draft has no price tables.</Typography>;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Paper
        variant="outlined"
        component="nav"
        aria-label="Price tables"
        sx={{ minWidth: 260, maxHeight: '75vh', overflow: 'auto' }}
      >
        <List dense component="div">
          {groups.map(([piece, files]) => (
            <div key={piece} role="group" aria-label={`${piece} tables`}>
              <ListSubheader component="div" sx={{ fontWeight: 700, color: 'text.primary' }}>
                {piece}
              </ListSubheader>
              {files.map((file) => (
                <ListItemButton
                  key={file.path}
                  selected={file.path === selected}
                  aria-current={file.path === selected ? 'true' : undefined}
                  onClick={() => setPicked(file.path)}
                >
                  <ListItemText
                    primary={tableNameOf(file.path)}
                    secondary={
                      file.isDirty
                        ? 'unsaved changes'
                        : file.status !== 'unchanged'
                          ? `${file.status} in this draft`
                          : undefined
                    }
                  />
                </ListItemButton>
              ))}
            </div>
          ))}
        </List>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0, width: '100%' }}>
        {selected && <PriceTableEditor key={selected} path={selected} workspace={workspace} isReadOnly={isReadOnly} />}
      </Paper>
    </Stack>
  );
}
