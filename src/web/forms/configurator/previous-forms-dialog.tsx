import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PreviousDraft } from '../../../contracts/forms';
import { describeDraft, whenFormat } from './describe-draft';

interface PreviousFormsDialogProps {
  form: string;
  isOpen: boolean;
  onClose(): void;
  previous: UseQueryResult<PreviousDraft[]>;
  isBusy: boolean;
  onRestore(draft: PreviousDraft): void;
}

/** "Previous forms": the forms set aside with Start a new order, newest first, each with Restore (a chunk of its own). */
export function PreviousFormsDialog({ form, isOpen, onClose, previous, isBusy, onRestore }: PreviousFormsDialogProps) {
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby={`${form}-previous-title`}>
      <DialogTitle id={`${form}-previous-title`}>Previous forms</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>
          Forms you left with Start a new order, newest first. Restoring one keeps the form open now in this list.
        </Typography>
        {previous.isError ? <Alert severity="error">The previous forms could not be loaded.</Alert> : null}
        {previous.data && previous.data.length === 0 ? (
          <Typography color="text.secondary">No previous forms are kept yet.</Typography>
        ) : null}
        <List aria-label="Previous forms">
          {(previous.data ?? []).map((draft) => (
            <ListItem key={draft.id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }} secondaryAction={null}>
              <ListItemText
                primary={describeDraft(draft)}
                secondary={`Last changed ${whenFormat.format(new Date(draft.savedAt))}`}
                sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
              />
              <Button
                variant="outlined"
                size="small"
                disabled={isBusy}
                onClick={() => onRestore(draft)}
                aria-label={`Restore ${describeDraft(draft)}, last changed ${whenFormat.format(new Date(draft.savedAt))}`}
              >
                Restore
              </Button>
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
