/** Moments (event times, messages sent) as the portal shows dates, with the time of day in the viewer's zone. */
const momentFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export function formatMoment(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : momentFormat.format(date);
}
