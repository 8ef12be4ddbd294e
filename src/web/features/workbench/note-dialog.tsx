import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';

export interface NoteDialogProps {
  title: string;
  /** What will happen, said before the user confirms. */
  children?: ReactNode;
  noteLabel: string;
  confirmLabel: string;
  /** A note is asked for; without one the field says so and nothing is sent. */
  isNoteRequired?: boolean;
  busy?: boolean;
  /** The server's refusal or failure, shown in the dialog. */
  error?: string | null;
  onConfirm(note: string): void;
  onClose(): void;
}

/** A confirmation with a note (open a draft, roll back, discard): Enter in the note confirms, Escape cancels. */
export function NoteDialog({
  title,
  children,
  noteLabel,
  confirmLabel,
  isNoteRequired = false,
  busy = false,
  error,
  onConfirm,
  onClose,
}: NoteDialogProps) {
  const [note, setNote] = useState('');
  const [showMissing, setShowMissing] = useState(false);
  const titleId = useId();
  const confirm = () => {
    if (isNoteRequired && note.trim() === '') {
      setShowMissing(true);
      return;
    }
    onConfirm(note.trim());
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
          <TextField
            autoFocus
            label={noteLabel}
            value={note}
            multiline
            minRows={2}
            required={isNoteRequired}
            error={showMissing && note.trim() === ''}
            helperText={showMissing && note.trim() === '' ? 'Please write a note: the audit log keeps it.' : ' '}
            onChange={(event) => setNote(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                confirm();
              }
            }}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={confirm} disabled={busy}>
          {busy ? 'Working…' : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
