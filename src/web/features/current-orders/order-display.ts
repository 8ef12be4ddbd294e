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

/** The line under the previews switch: how many previews are left out and why, or what a listed preview is. */
export function previewsNote(previews: number, isShown: boolean, isLoading: boolean): string {
  if (isShown) {
    return 'A preview is a drawing package you looked at and did not send, not an order: to order it, send it from its configurator.';
  }
  if (isLoading || previews === 0) {
    return 'Previews (drawing packages looked at, never sent) are listed only when you ask: they are not orders.';
  }
  return previews === 1
    ? '1 preview (a drawing package looked at, never sent) is not listed: it is not an order.'
    : `${previews} previews (drawing packages looked at, never sent) are not listed: they are not orders.`;
}
