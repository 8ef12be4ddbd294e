/**
 * The dialog after a recording stops: a title, the expectations to keep (each with the value the recorded steps
 * reach), and Save, which writes the new golden order into the draft.
 */
import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { CompiledDefinition } from '../../../../engine';
import { buildGoldenOrder, expectationKinds, type BuiltGoldenOrder, type ExpectationKind } from './golden-order-file';
import type { PreviewRecording } from './preview-controller';

const kindWords: Record<ExpectationKind, string> = {
  data: 'Data: the answers the steps changed',
  missing: 'Missing: the fields still to fill',
  messages: 'Messages: errors at fields and toasts',
  price: 'Price',
  submit: 'Submit: allowed, ordered and what is posted',
};
const kindKeys: Record<ExpectationKind, string[]> = {
  data: ['data'],
  missing: ['missing'],
  messages: ['errors', 'notices'],
  price: ['price'],
  submit: ['submit'],
};
const allKinds = Object.fromEntries(expectationKinds.map((kind) => [kind, true])) as Record<ExpectationKind, boolean>;

interface RecordDialogProps {
  form: string;
  definition: CompiledDefinition;
  recording: PreviewRecording;
  existingPaths: readonly string[];
  shownData: Record<string, unknown>;
  onSave(built: BuiltGoldenOrder): void;
  onDiscard(): void;
  onCancel(): void;
}

export function RecordDialog(props: RecordDialogProps) {
  const { form, definition, recording, existingPaths, shownData } = props;
  const [title, setTitle] = useState('');
  const [include, setInclude] = useState<Record<ExpectationKind, boolean>>({
    ...allKinds,
    messages: false,
  });
  const [hasTriedSave, setHasTriedSave] = useState(false);
  // Every expectation as the recorded steps reach it, shown beside its box.
  const full = useMemo(
    () =>
      buildGoldenOrder({
        form,
        definition,
        recording,
        title,
        include: allKinds,
        existingPaths,
        shownData,
      }),
    [form, definition, recording, title, existingPaths, shownData],
  );
  const titleError =
    hasTriedSave && title.trim() === '' ? 'Give the golden order a title that says what it proves.' : '';
  const save = () => {
    setHasTriedSave(true);
    if (title.trim() === '') return;
    props.onSave(
      buildGoldenOrder({ form, definition, recording, title: title.trim(), include, existingPaths, shownData }),
    );
  };
  const expect = (full.order.expect ?? {}) as Record<string, unknown>;
  return (
    <Dialog open onClose={props.onCancel} aria-labelledby="record-dialog-title" maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id="record-dialog-title">Save the recording as a golden order</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2">
            {recording.steps.length} step{recording.steps.length === 1 ? '' : 's'} recorded. It will be saved as{' '}
            <code>{full.path}</code> in the draft (Undo takes it back).
          </Typography>
          <TextField
            label="Title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            required
            autoFocus
            error={titleError !== ''}
            helperText={
              titleError || 'What the order proves, e.g. “A pavilion of 13 by 10 is priced from the 14x10 row”.'
            }
          />
          <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
            <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700 }}>
              What the order expects at its end
            </Typography>
            <FormGroup>
              {expectationKinds.map((kind) => {
                const values = kindKeys[kind].filter((key) => expect[key] !== undefined);
                return (
                  <Box key={kind} sx={{ mb: 1 }}>
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={include[kind]}
                          onChange={(event) => setInclude({ ...include, [kind]: event.target.checked })}
                          disabled={values.length === 0}
                        />
                      }
                      label={kindWords[kind]}
                    />
                    <Box
                      component="pre"
                      data-testid={`expectation-${kind}`}
                      sx={{ m: 0, ml: 4, fontSize: 12, whiteSpace: 'pre-wrap', maxHeight: 160, overflow: 'auto' }}
                    >
                      {values.length === 0
                        ? 'nothing to expect'
                        : values.map((key) => `${key}: ${JSON.stringify(expect[key])}`).join('\n')}
                    </Box>
                  </Box>
                );
              })}
            </FormGroup>
          </fieldset>
          {full.notes.map((note) => (
            <Alert key={note} severity="warning">
              {note}
            </Alert>
          ))}
          {full.outcome.status !== 'pass' && (
            <Alert severity="warning">
              Checked as check:orders checks it, it does not pass: {full.outcome.details.join('; ')}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={props.onDiscard}>
          Discard the recording
        </Button>
        <Button onClick={props.onCancel}>Cancel</Button>
        <Button variant="contained" onClick={save}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
