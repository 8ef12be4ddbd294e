/**
 * E-mailing the dealer an order's PDFs (the bill of materials and summary) from the desk: sent through the mailer,
 * recorded in order_emails, and, while the order is processed, its emailedOn recorded as the email step does.
 */
import { randomUUID } from 'node:crypto';
import type { EmailOrderBody, SentEmail, StaffOrder } from '../../../contracts/staff';
import { insertOrderEmail } from '../../repositories/order-emails-repository';
import type { Actor } from '../../repositories/order-events-repository';
import { findOrderByFileName, type LifecycleOrder } from '../../repositories/order-lifecycle-repository';
import type { Mailer } from '../mail/mailer';
import { getIn } from '../../../engine/index';
import { stripJobPrefixes } from '../order-lifecycle/lifecycle-rules';
import { describeOrder, recordOrderEmailed } from '../order-lifecycle/transition-order';
import { listOrderPdfNames, readOrderPdf, type OrderFilesDeps } from '../order-files/order-files';

export type EmailOutcome =
  | { kind: 'sent'; order: StaffOrder; email: SentEmail }
  | { kind: 'not-found'; message: string }
  | { kind: 'invalid'; message: string; reasons: string[] };

const maxRecipients = 10;
export const addressPattern = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

/**
 * The recipients: `to` (comma or semicolon separated) or the e-mail the order was posted with (the field its
 * definition's `parties.email` names); with what is wrong.
 */
export function readRecipients(
  to: string | undefined,
  data: unknown,
  emailPath: string | undefined,
): { recipients: string[]; reasons: string[] } {
  const given = to?.trim();
  const fromOrder = emailPath ? getIn(data, emailPath) : undefined;
  const raw = given || (typeof fromOrder === 'string' ? fromOrder.trim() : '');
  if (!raw)
    return {
      recipients: [],
      reasons: ['to is required: the order names no e-mail address, so say where to send it'],
    };
  const recipients = [
    ...new Set(
      raw
        .split(/[,;]/)
        .map((address) => address.trim())
        .filter(Boolean),
    ),
  ];
  const reasons = recipients
    .filter((address) => !addressPattern.test(address))
    .map((address) => `${given ? 'to' : "the order's e-mail"}: "${address}" is not an e-mail address`);
  if (recipients.length > maxRecipients) reasons.push(`to may name at most ${maxRecipients} addresses`);
  return { recipients, reasons };
}

/** How the order is named to the dealer: its job name and file name. */
function orderLabel(order: LifecycleOrder): string {
  const job = order.jobName ? stripJobPrefixes(order.jobName) : '';
  return job ? `${job} (${order.fileName})` : order.fileName;
}

/** The subject and text: staff's own when given, always naming the order. */
export function composeMessage(
  order: LifecycleOrder,
  body: EmailOrderBody,
  pdfNames: string[],
): { subject: string; text: string } {
  const label = orderLabel(order);
  const own = body.subject?.trim();
  const subject = own ? (own.includes(order.fileName) ? own : `${own} - ${label}`) : `TEMO order ${label}`;
  const confirm =
    order.status === 'processed'
      ? 'To confirm the order, sign the bill of materials, scan it and e-mail it back to us.'
      : undefined;
  const text = [
    body.message?.trim() || 'Hello,',
    '',
    `Attached: the documents of your order ${label}${order.folderName ? `, folder ${order.folderName}` : ''}.`,
    ...pdfNames.map((name) => `  - ${name}`),
    ...(confirm ? ['', confirm] : []),
    '',
    'TEMO order desk',
  ].join('\n');
  return { subject, text };
}

/**
 * Sends the order's PDFs to the dealer and records the message; a processed order also gets its emailedOn (an event
 * from processed to processed, as `POST .../emailed` does). Nothing is recorded when sending fails
 * (MailDeliveryError from the mailer).
 */
export async function emailOrder(
  deps: OrderFilesDeps & { mailer: Mailer },
  fileName: string,
  body: EmailOrderBody,
  actor: Actor,
): Promise<EmailOutcome> {
  const order = await findOrderByFileName(deps.db, fileName);
  if (!order) return { kind: 'not-found', message: `No order named ${fileName}` };
  const emailPath = (await deps.definitionOf?.(order))?.bundle.rules.parties?.email;
  const { recipients, reasons } = readRecipients(body.to, order.data, emailPath);
  if (reasons.length) return { kind: 'invalid', message: 'The e-mail cannot be sent', reasons };
  const pdfNames = await listOrderPdfNames(deps, order);
  const attachments = [];
  for (const name of pdfNames) {
    const content = await readOrderPdf(deps, order, name);
    if (content) attachments.push({ filename: name, content, contentType: 'application/pdf' });
  }
  const { subject, text } = composeMessage(order, body, pdfNames);
  const id = randomUUID();
  const sentAt = new Date();
  await deps.mailer.send(id, { to: recipients, subject, text, attachments });
  const email: SentEmail = {
    id,
    transport: deps.mailer.transport,
    to: recipients,
    subject,
    text,
    attachments: attachments.map((a) => ({ filename: a.filename, bytes: a.content.length })),
    sentAt: sentAt.toISOString(),
  };
  await insertOrderEmail(deps.db, order.id, { ...email, sentBy: actor.actor });
  // The email step of the lifecycle: only a processed order waits for the dealer's signed bill of materials.
  if (order.status === 'processed') await recordOrderEmailed(deps.db, fileName, undefined, actor);
  return { kind: 'sent', order: (await describeOrder(deps.db, fileName))!, email };
}
