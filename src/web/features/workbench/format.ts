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

const originWords = { deployment: 'deployed', publish: 'published', rollback: 'rolled back' } as const;

/** How a version came to be: "published by temo.staff on …"; a deployment has no person ("deployed with the code on …"). */
export function describeOrigin(version: {
  source: keyof typeof originWords;
  author: string;
  createdAt: string;
}): string {
  const by = version.source === 'deployment' ? 'with the code' : `by ${version.author}`;
  return `${originWords[version.source]} ${by} on ${formatWhen(version.createdAt)}`;
}
