import { desc, eq } from 'drizzle-orm';
import type { SentEmail } from '../../contracts/staff';
import type { Database } from '../db/database';
import { orderEmails } from '../db/schema';

type Executor = Pick<Database, 'insert' | 'select'>;

/** Records a message sent about an order (inside the caller's transaction when it has one). */
export async function insertOrderEmail(
  db: Executor,
  orderId: number,
  email: SentEmail & { sentBy: string },
): Promise<void> {
  await db.insert(orderEmails).values({
    id: email.id,
    orderId,
    transport: email.transport,
    recipients: email.to,
    subject: email.subject,
    text: email.text,
    attachments: email.attachments,
    sentBy: email.sentBy,
    sentAt: new Date(email.sentAt),
  });
}

/** The messages sent about an order, newest first. */
export async function listOrderEmails(db: Executor, orderId: number): Promise<SentEmail[]> {
  const rows = await db
    .select()
    .from(orderEmails)
    .where(eq(orderEmails.orderId, orderId))
    .orderBy(desc(orderEmails.sentAt), desc(orderEmails.id));
  return rows.map((row) => ({
    id: row.id,
    transport: row.transport,
    to: row.recipients,
    subject: row.subject,
    text: row.text,
    attachments: row.attachments,
    sentAt: row.sentAt.toISOString(),
  }));
}
