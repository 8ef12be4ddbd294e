import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { listOrderLines } from '../../../engine';
import type { FormStore } from '../form-store';
import { PriceDisplay } from '../price-display';
import type { NamedContact } from './api/get-configurator-contacts';
import { configuratorModalPaperSx } from './modal-size';

interface SummaryModalProps {
  store: FormStore;
  attachmentsContact: NamedContact | null;
  isSending: boolean;
  onNo(): void;
  onYes(): void;
}

/**
 * The confirmation of spec 2 §2.4 and spec 3 §2 for every configurator: the sections of selections with values and the
 * special instructions from `listOrderLines` (the same lines the order's text file and PDF print), the approximate price, the
 * attachments note, No/Yes (Yes only when nothing is missing), Loading... while sending.
 */
export function SummaryModal({ store, attachmentsContact, isSending, onNo, onYes }: SummaryModalProps) {
  const state = store.getState();
  const { sections, instructions } = listOrderLines(store.definition, state.payload, { options: state.options });
  return (
    <Dialog
      open
      onClose={isSending ? undefined : onNo}
      aria-labelledby="summary-title"
      slotProps={{ paper: { sx: configuratorModalPaperSx } }}
    >
      <DialogTitle id="summary-title">Are you sure you want to submit?</DialogTitle>
      {/* Focusable so a keyboard can scroll a long summary. */}
      <DialogContent dividers tabIndex={0} role="region" aria-labelledby="summary-selections">
        <Typography variant="h3" id="summary-selections" sx={{ fontSize: '1.1rem', mb: 1 }}>
          These are your selections:
        </Typography>
        {/* The order's sections in the page's order, each caption over its lines: what the order's PDF prints. */}
        <Box
          data-testid="summary-sections"
          sx={{ columns: { xs: 1, md: 2, lg: 3 }, columnGap: 4, '& > section': { breakInside: 'avoid', mb: 2 } }}
        >
          {sections.map((section, index) => (
            <section key={`${index}-${section.title}`} aria-labelledby={`summary-section-${index}`}>
              <Typography
                variant="h4"
                id={`summary-section-${index}`}
                sx={{ fontSize: '1rem', fontWeight: 700, mb: 0.5 }}
              >
                {section.title}
              </Typography>
              <Box component="dl" sx={{ m: 0, '& > div': { display: 'flex', flexWrap: 'wrap', columnGap: 1 } }}>
                {section.lines.map((line) => (
                  <div key={line.path} data-path={line.path}>
                    <Box component="dt" sx={{ fontWeight: 600 }}>
                      {line.label}:
                    </Box>
                    <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {line.value}
                    </Box>
                  </div>
                ))}
              </Box>
            </section>
          ))}
        </Box>
        <Box sx={{ mt: 2 }}>
          <PriceDisplay store={store} />
        </Box>
        <Typography variant="h3" sx={{ fontSize: '1.1rem', mt: 2, mb: 1 }}>
          Special Instructions
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 3 }} data-testid="summary-instructions">
          {instructions.map((line, index) => (
            <li key={index}>{line || '\u00a0'}</li>
          ))}
        </Box>
        <Typography sx={{ mt: 2 }} data-testid="attachments-note">
          Please email any attachments (sketches, photos, plans) to{' '}
          {attachmentsContact ? `${attachmentsContact.name} (${attachmentsContact.email})` : 'the design center'}.
        </Typography>
      </DialogContent>
      <DialogActions>
        {isSending ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 36.5 }}>
            <CircularProgress size={20} aria-hidden />
            <Typography>Loading...</Typography>
          </Box>
        ) : (
          <>
            <Button onClick={onNo}>No</Button>
            {state.isSubmittable ? (
              <Button variant="contained" onClick={onYes} autoFocus>
                Yes
              </Button>
            ) : null}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
