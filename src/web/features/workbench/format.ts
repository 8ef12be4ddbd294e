const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A server time (ISO) as staff read it: "Jun 3, 2026, 2:05 PM". */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** "3 minutes ago", "2 days ago": how long a draft has been open. */
export function formatSince(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  return `${days} days ago`;
}

/** A form id as a name: "spare-parts-cart" -> "Spare parts cart". */
export function formName(form: string): string {
  const words = form.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
