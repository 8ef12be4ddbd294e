import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';

/** Stands in for the engineering request modal until the form engine ships it. */
export function EngineeringRequestPlaceholder({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby="engineering-title">
      <DialogTitle id="engineering-title">Order Engineering</DialogTitle>
      <DialogContent>
        <Typography>
          The engineering request form (sealed drawings, calculation letters, site-specific calculations and renderings)
          is coming soon. Until then, please contact the Design Center from the Contact Us page.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
