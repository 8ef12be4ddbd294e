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

/** What an Initial Orders row is, in the dealer's words: a preview was never sent to TEMO (issue 15). */
export function initialOrderStatus(order: { isPreview?: boolean }): string {
  return order.isPreview ? 'Preview, not sent' : 'Sent';
}

/** The Initial Orders rows to list: the orders sent, and the previews too only when the dealer asks for them. */
export function listInitialOrders<Row extends { isPreview?: boolean }>(
  rows: Row[] | undefined,
  showPreviews: boolean,
): { rows: Row[] | undefined; previews: number } {
  if (!rows) return { rows, previews: 0 };
  const previews = rows.filter((row) => row.isPreview === true).length;
  return { rows: showPreviews ? rows : rows.filter((row) => row.isPreview !== true), previews };
}
