import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { emailDealer, type EmailOrderAnswer, type StaffOrder, type StaffOrderDetails } from '../api/order-desk-api';
import { placeFailure, type FieldNames } from '../field-reasons';

type EmailField = 'to' | 'subject' | 'message';

const emailFieldNames: FieldNames<EmailField> = {
  to: { field: 'to', label: 'To' },
  subject: { field: 'subject', label: 'Subject' },
  message: { field: 'message', label: 'Message' },
};

interface EmailDialogProps {
  order: StaffOrder;
  details: StaffOrderDetails | undefined;
  onClose(): void;
  onSent(answer: EmailOrderAnswer): void;
}

const jobPrefixes = /^(\s*\([A-Za-z]\)\s*)+/;

/** The message's defaults: the last recipients, a subject naming the order, a greeting (the server adds the rest). */
export function defaultEmail(order: StaffOrder, details: StaffOrderDetails | undefined) {
  const job = order.jobName?.replace(jobPrefixes, '').trim();
  return {
    // The last message's recipients, else the order's own e-mail (what the server sends to when `to` is empty).
    to: details?.emails[0]?.to.join(', ') ?? details?.orderRecipients.join(', ') ?? '',
    subject: `TEMO order ${job ? `${job} (${order.fileName})` : order.fileName}`,
    message: `Hello${details?.dealerName ? ` ${details.dealerName}` : ''},`,
  };
}

/** E-mail the dealer the order's PDFs: recipients, subject and message prefilled and editable. */
export function EmailDialog({ order, details, onClose, onSent }: EmailDialogProps) {
  const [draft, setDraft] = useState(() => defaultEmail(order, details));
  const [problems, setProblems] = useState<Partial<Record<EmailField, string>>>({});
  const [general, setGeneral] = useState<string>('');
  const send = useMutation({
    mutationFn: () =>
      emailDealer(order.fileName, {
        ...(draft.to.trim() ? { to: draft.to.trim() } : {}),
        subject: draft.subject.trim() || undefined,
        message: draft.message.trim() || undefined,
      }),
    onSuccess: onSent,
    onError: (error) => {
      const placed = placeFailure(error, emailFieldNames);
      setProblems(placed.byField);
      setGeneral(placed.general.join(' '));
    },
  });
  const field = (name: EmailField) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => {
      setDraft((current) => ({ ...current, [name]: event.target.value }));
      setProblems((current) => ({ ...current, [name]: undefined }));
    },
    error: Boolean(problems[name]),
  });
  return (
    <Dialog
      open
      onClose={send.isPending ? undefined : onClose}
      aria-labelledby="email-dialog-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="email-dialog-title">E-mail the dealer</DialogTitle>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate();
        }}
      >
        <DialogContent dividers>
          <DialogContentText sx={{ mb: 2 }}>
            The order&apos;s PDFs go with the message as attachments.
          </DialogContentText>
          <Stack spacing={2}>
            <TextField
              label="To"
              autoFocus
              {...field('to')}
              helperText={problems.to ?? 'Comma-separated; empty: the e-mail address on the order'}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            <TextField
              label="Subject"
              {...field('subject')}
              helperText={problems.subject}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField
              label="Message"
              multiline
              minRows={5}
              {...field('message')}
              helperText={
                problems.message ??
                'Below your message the e-mail names the order and its PDFs and, for a processed order, how to confirm it'
              }
              slotProps={{ htmlInput: { maxLength: 5000 } }}
            />
          </Stack>
          {general && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {general}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={send.isPending}
            startIcon={send.isPending ? <CircularProgress size={16} aria-hidden /> : undefined}
          >
            Send e-mail
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
