import { lazy, memo, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useIsPreview } from '../definition-source';
import type { FormStore } from '../form-store';
import { MissingFieldsDialog } from '../missing-fields-dialog';
import { useFormSelector } from '../use-form-selector';
import type { NamedContact } from './api/get-configurator-contacts';
import { formatContact, type StatusMessage } from './submit-messages';
import type { ConfiguratorSubmit } from './use-configurator-submit';

// Shown only once a dealer asks to submit a complete form: its own chunk (with the order lines' reading), loaded then.
const SummaryModal = lazy(() => import('./summary-modal').then((m) => ({ default: m.SummaryModal })));

/** What the page's drawing overlay needs (the renderer does not know the drawings feature). */
export interface DrawingsProps {
  fileName: string;
  onClose(): void;
  /** Present while the preview may still become the order ('I am done making changes'). */
  onDone?(): void;
}

interface ConfiguratorSubmitAreaProps {
  store: FormStore;
  submit: ConfiguratorSubmit;
  attachmentsContact: NamedContact | null;
  /** The drawing overlay for a preview. */
  renderDrawings(props: DrawingsProps): ReactNode;
}

/** The submit area of a configurator: button, Loading..., the outcome, the summary, the drawings and the missing-fields dialog. */
export function ConfiguratorSubmitArea({
  store,
  submit,
  attachmentsContact,
  renderDrawings,
}: ConfiguratorSubmitAreaProps) {
  const { phase, status, previewFileName } = submit;
  const isPreview = useIsPreview();
  const isSubmitHidden = phase === 'sending' || phase === 'ordering' || phase === 'ordered' || phase === 'preview';
  return (
    <Box component="section" aria-label="Submit">
      {isSubmitHidden ? null : <SubmitButton store={store} onClick={submit.requestSubmit} />}
      {isPreview ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="preview-not-sent">
          Preview: nothing is sent. The button shows the missing fields or the summary and stops there.
        </Typography>
      ) : null}
      {phase === 'sending' || phase === 'ordering' ? (
        <Typography role="status" sx={{ mt: 1 }}>
          Loading...
        </Typography>
      ) : null}
      {status ? <StatusAlert status={status} /> : null}
      {phase === 'confirming' || phase === 'sending' ? (
        <Suspense fallback={null}>
          <SummaryModal
            store={store}
            attachmentsContact={attachmentsContact}
            isSending={phase === 'sending'}
            onNo={submit.cancelConfirm}
            onYes={submit.confirm}
          />
        </Suspense>
      ) : null}
      {previewFileName && (phase === 'preview' || phase === 'ordering')
        ? renderDrawings({
            fileName: previewFileName,
            onClose: submit.closeDrawings,
            onDone: phase === 'preview' ? submit.finishOrder : undefined,
          })
        : null}
      <MissingFieldsDialog problems={submit.problems} onClose={submit.closeProblems} />
    </Box>
  );
}

/**
 * 'Send to TEMO' for an order, 'View Initial Drawing Package' for a preview (or the definition's own text); disabled
 * while the definition computes isHeightOverLimit (spec 2 §4.2).
 */
const SubmitButton = memo(function SubmitButton({ store, onClick }: { store: FormStore; onClick(): void }) {
  const text = useFormSelector(store, (view) => view.state.computed.submitButtonText);
  const isOrdered = useFormSelector(store, (view) => view.state.isOrdered);
  const isTooHigh = useFormSelector(store, (view) => view.state.computed.isHeightOverLimit === true);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Button variant="contained" size="large" onClick={onClick} disabled={isTooHigh} data-testid="submit-order">
        {typeof text === 'string' && text ? text : isOrdered ? 'Send to TEMO' : 'View Initial Drawing Package'}
      </Button>
      {isTooHigh ? (
        <Typography color="error" role="status">
          Height above 9 feet 0 inches: the order cannot be sent.
        </Typography>
      ) : null}
    </Stack>
  );
});

/** The outcome of a submission: success, not ordered yet, or a refusal with the contact to call. */
export function StatusAlert({ status }: { status: StatusMessage }) {
  const ref = useRef<HTMLDivElement>(null);
  // Brought into view when it changes: it is drawn under the buttons, often below the fold.
  useEffect(() => {
    // A block, not an expression: Chromium's scrollIntoView may return a promise, which React would call as cleanup.
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [status]);
  return (
    <Alert
      ref={ref}
      severity={status.severity}
      role={status.severity === 'error' ? 'alert' : 'status'}
      sx={{ mt: 2 }}
      data-testid="submit-status"
    >
      {status.text}
      {status.contact ? ` ${status.contactLead ? `${status.contactLead}: ` : ''}${formatContact(status.contact)}` : ''}
    </Alert>
  );
}
