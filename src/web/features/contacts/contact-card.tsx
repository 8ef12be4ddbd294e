import { Card, CardContent, Link, Typography } from '@mui/material';
import type { Contact } from './api/get-contact-list';
import { toTelHref } from './order-contact-sections';

/** One person in the directory: name, title, phone (with its optional label) and email. */
export function ContactCard({ contact }: { contact: Contact }) {
  return (
    <Card variant="outlined" component="article" data-testid="contact-card" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h3" component="h4" sx={{ fontSize: '1.1rem' }}>
          {contact.name}
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          {contact.title}
        </Typography>
        <Typography>
          {contact.phoneLabel && <span>{contact.phoneLabel}: </span>}
          <Link href={toTelHref(contact.phone)}>{contact.phone}</Link>
        </Typography>
        <Typography sx={{ overflowWrap: 'break-word' }}>
          <Link href={`mailto:${contact.email}`}>{withBreakAfterAt(contact.email)}</Link>
        </Typography>
      </CardContent>
    </Card>
  );
}

// A narrow card should wrap a long address after the @, not in the middle of a word.
function withBreakAfterAt(email: string) {
  const at = email.indexOf('@');
  if (at === -1) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
