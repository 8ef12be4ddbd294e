import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { howToPages } from './how-to-pages';

/** The How To modal: four pages with Previous/Next and a page indicator. */
export function HowToModal({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const [pageIndex, setPageIndex] = useState(0);
  const page = howToPages[pageIndex];
  const isFirst = pageIndex === 0;
  const isLast = pageIndex === howToPages.length - 1;

  const close = () => {
    onClose();
    setPageIndex(0);
  };

  return (
    <Dialog open={isOpen} onClose={close} aria-labelledby="how-to-title" fullWidth maxWidth="sm">
      <DialogTitle id="how-to-title">How To: {page.title}</DialogTitle>
      <DialogContent dividers>
        {page.paragraphs.map((paragraph) => (
          <Typography key={paragraph} sx={{ mb: 1.5 }}>
            {paragraph}
          </Typography>
        ))}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', px: 3 }}>
        <Typography color="text.secondary" aria-live="polite">
          Page {pageIndex + 1} of {howToPages.length}
        </Typography>
        <div>
          <Button onClick={() => setPageIndex(pageIndex - 1)} disabled={isFirst}>
            Previous
          </Button>
          <Button onClick={() => setPageIndex(pageIndex + 1)} disabled={isLast}>
            Next
          </Button>
          <Button onClick={close} variant="contained" sx={{ ml: 1 }}>
            Close
          </Button>
        </div>
      </DialogActions>
    </Dialog>
  );
}
