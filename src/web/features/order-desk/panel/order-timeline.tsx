import { Box, Typography } from '@mui/material';
import type { OrderEvent } from '../api/order-desk-api';
import { formatMoment } from '../desk-dates';
import { statusLabels } from '../order-moves';

// What an event's facts are called on the desk; the note is shown on its own line.
const factLabels: Record<string, string> = {
  detailer: 'Detailer',
  emailedOn: 'E-mailed on',
  confirmation: 'Confirmed on',
  schedDate: 'Scheduled',
  dateShipped: 'Shipped on',
  shipTo: 'Ship to',
  jobName: 'Job name',
  folderName: 'Folder',
  to: 'Sent to',
  subject: 'Subject',
};
const hiddenFacts = new Set(['note', 'from', 'kind', 'action']);

function factText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(factText).join(', ');
  if (value && typeof value === 'object') return Object.values(value).map(factText).filter(Boolean).join(', ');
  return '';
}

/** One event in words: "temo.staff moved it Unprocessed → Processed", or what changed without a move. */
export function describeEvent(event: OrderEvent): string {
  if (event.from !== event.to) return `${event.actor} moved it ${statusLabels[event.from]} → ${statusLabels[event.to]}`;
  // Without a move an event records one fact (the detailer, the e-mail to the dealer).
  if ('detailer' in event.details) return `${event.actor} assigned the detailer`;
  if ('emailedOn' in event.details) return `${event.actor} recorded the e-mail to the dealer`;
  return `${event.actor} updated it (${statusLabels[event.to]})`;
}

/** Who moved the order when, from → to, with the facts and note of each move; newest first. */
export function OrderTimeline({ events }: { events: readonly OrderEvent[] }) {
  if (events.length === 0) return <Typography color="text.secondary">No moves yet.</Typography>;
  const newestFirst = [...events].reverse();
  return (
    <Box component="ol" data-testid="order-timeline" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {newestFirst.map((event, index) => {
        const facts = Object.entries(event.details).filter(([key, value]) => !hiddenFacts.has(key) && factText(value));
        const note = typeof event.details.note === 'string' ? event.details.note : '';
        return (
          <Box
            component="li"
            key={`${event.at}-${index}`}
            sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5, pb: 1.5, mb: 0.5 }}
          >
            <Typography sx={{ fontWeight: 600 }}>{describeEvent(event)}</Typography>
            <Typography variant="body2" color="text.secondary">
              <time dateTime={event.at}>{formatMoment(event.at)}</time>
            </Typography>
            {facts.length > 0 && (
              <Typography variant="body2">
                {facts.map(([key, value]) => `${factLabels[key] ?? key}: ${factText(value)}`).join(' · ')}
              </Typography>
            )}
            {note && (
              <Typography variant="body2" data-testid="event-note">
                Note: {note}
              </Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
