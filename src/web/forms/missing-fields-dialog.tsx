import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { FormState, MissingField } from '../../engine';

/** One line of the missing-fields list: the field's path, what the dealer reads, and whether it is empty or wrong. */
export interface ProblemLine extends MissingField {
  kind: 'missing' | 'invalid';
}

/** What stops a submit: the missing fields, then the messages of fields that are filled but wrong. */
export function listProblems(
  state: Pick<FormState, 'missing' | 'errors'>,
  labelOf: (path: string) => string,
): ProblemLine[] {
  const missingPaths = new Set(state.missing.map((field) => field.path));
  const invalid = Object.entries(state.errors)
    .filter(([path]) => !missingPaths.has(path))
    .map(([path, message]) => ({ path, label: `${labelOf(path)}: ${message}`, kind: 'invalid' as const }));
  return [...state.missing.map((field) => ({ ...field, kind: 'missing' as const })), ...invalid];
}

/** 'Please fill in the following fields:' and the list (two columns when more than five). */
export function MissingFieldsDialog({ problems, onClose }: { problems: ProblemLine[] | null; onClose(): void }) {
  const lines = problems ?? [];
  return (
    <Dialog open={problems !== null} onClose={onClose} aria-labelledby="missing-fields-title" maxWidth="sm" fullWidth>
      <DialogTitle id="missing-fields-title">Please fill in the following fields:</DialogTitle>
      <DialogContent>
        <Box
          component="ul"
          aria-labelledby="missing-fields-title"
          sx={{ m: 0, pl: 3, columns: lines.length > 5 ? 2 : 1, columnGap: 4 }}
        >
          {lines.map((line) => (
            <li key={line.path} data-path={line.path} data-kind={line.kind}>
              {line.label}
            </li>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
