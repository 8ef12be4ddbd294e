import { Box, Paper, Typography } from '@mui/material';
import type { SentEmail } from '../api/order-desk-api';
import { formatMoment } from '../desk-dates';

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** A message as it was sent: to, subject, text and attachment names (from the outbox or the SMTP server's answer). */
export function SentEmailView({ email, highlight = false }: { email: SentEmail; highlight?: boolean }) {
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-label={`E-mail sent ${formatMoment(email.sentAt)}`}
      data-testid="sent-email"
      sx={{ p: 1.5, borderColor: highlight ? 'success.main' : undefined }}
    >
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1.5 }}>
        <Box component="dt" sx={{ fontWeight: 600 }}>
          Sent
        </Box>
        <Box component="dd" sx={{ m: 0 }}>
          {formatMoment(email.sentAt)} {email.transport === 'outbox' ? '(written to the outbox)' : '(by SMTP)'}
        </Box>
        <Box component="dt" sx={{ fontWeight: 600 }}>
          To
        </Box>
        <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {email.to.join(', ')}
        </Box>
        <Box component="dt" sx={{ fontWeight: 600 }}>
          Subject
        </Box>
        <Box component="dd" sx={{ m: 0 }}>
          {email.subject}
        </Box>
        <Box component="dt" sx={{ fontWeight: 600 }}>
          Attachments
        </Box>
        <Box component="dd" sx={{ m: 0 }} data-testid="sent-email-attachments">
          {email.attachments.length === 0
            ? 'none'
            : email.attachments.map((file) => `${file.filename} (${kb(file.bytes)})`).join(', ')}
        </Box>
      </Box>
      <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', mt: 1, mb: 0 }}>
        {email.text}
      </Typography>
    </Paper>
  );
}
