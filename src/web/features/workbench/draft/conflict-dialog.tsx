import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import type { FileConflict } from './draft-workspace';
import { fileName } from './draft-workspace';

/** The first line where two texts differ (1-based), to point the eye at the change. */
function firstDifferentLine(a: string, b: string): number {
  const left = a.split('\n');
  const right = b.split('\n');
  const index = left.findIndex((line, i) => line !== right[i]);
  return index === -1 ? Math.min(left.length, right.length) + 1 : index + 1;
}

function Version({ title, content, line }: { title: string; content: string | null; line: number }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {content === null ? (
        <Typography>(the file is deleted)</Typography>
      ) : (
        <Box
          component="pre"
          tabIndex={0}
          aria-label={`${title}, first difference at line ${line}`}
          sx={{ maxHeight: 360, overflow: 'auto', bgcolor: 'grey.100', p: 1, fontSize: 12, m: 0 }}
        >
          {content}
        </Box>
      )}
    </Box>
  );
}

/** A save refused with 409: both versions side by side; keep mine (save over theirs) or take theirs. */
export function ConflictDialog({
  conflict,
  busy,
  onKeepMine,
  onTakeTheirs,
}: {
  conflict: FileConflict;
  busy: boolean;
  onKeepMine(): void;
  onTakeTheirs(): void;
}) {
  const line = firstDifferentLine(conflict.mine ?? '', conflict.theirs ?? '');
  return (
    <Dialog open maxWidth="lg" fullWidth aria-labelledby="conflict-title" aria-describedby="conflict-message">
      <DialogTitle id="conflict-title">{fileName(conflict.path)} was changed by someone else</DialogTitle>
      <DialogContent>
        <Typography id="conflict-message" sx={{ mb: 2 }}>
          {conflict.message}. Nothing of yours was saved. The versions first differ at line {line}. Keep yours (it
          replaces the saved one) or take the saved one (your version stays in Undo).
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Version title="Your version" content={conflict.mine} line={line} />
          <Version title="Saved version" content={conflict.theirs} line={line} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onTakeTheirs} disabled={busy}>
          Take the saved version
        </Button>
        <Button variant="contained" onClick={onKeepMine} disabled={busy}>
          Keep my version
        </Button>
      </DialogActions>
    </Dialog>
  );
}
