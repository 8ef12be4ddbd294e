import { useId } from 'react';
import { CircularProgress, Dialog, DialogContent, DialogTitle } from '@mui/material';

interface LoadingDialogProps {
  title: string;
  isOpen: boolean;
  onClose(): void;
}

/**
 * A dialog whose code is still on its way: it opens at once under its own name (Escape closes it as it would the
 * real one), so a click or a rule that opens it never leaves it to pop up later over what the dealer does next.
 */
export function LoadingDialog({ title, isOpen, onClose }: LoadingDialogProps) {
  const titleId = useId();
  return (
    // aria-busy: the dialog is there but not yet what it will be (tests wait for the real one by it too).
    <Dialog open={isOpen} onClose={onClose} aria-labelledby={titleId} slotProps={{ paper: { 'aria-busy': true } }}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', placeItems: 'center', minWidth: 240, minHeight: 120 }}>
        <CircularProgress aria-label={`Loading ${title}`} />
      </DialogContent>
    </Dialog>
  );
}
