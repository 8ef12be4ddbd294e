import { daysSince } from '../../shared/dates/parse-order-date';

const leadingLetterTags = /^\s*(?:[([]\s*[A-Za-z]\s*[)\]]\s*)+/;

/** Drops leading bracketed single-letter tags such as "(C) " from a job name (spec 1 §2). */
export function stripJobNamePrefix(jobName: string | null | undefined): string {
  if (!jobName) return '';
  return jobName.replace(leadingLetterTags, '');
}

/** An emailed-on value counts only when it has text in it. */
export function isEmailed(emailedOn: string | null | undefined): boolean {
  return typeof emailedOn === 'string' && emailedOn.trim() !== '';
}

/** Spec 1 §2: Date Created is shown red when it is older than 7 days and the order has not been emailed. */
export function isDateCreatedOverdue(
  order: { dateCreated: string | null; emailedOn: string | null },
  now: Date,
): boolean {
  if (isEmailed(order.emailedOn)) return false;
  const age = daysSince(order.dateCreated, now);
  return age !== null && age > 7;
}
