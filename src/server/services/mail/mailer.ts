/**
 * Sending e-mail with nodemailer: through the configured SMTP server, or (the embedded default, no SMTP set) written
 * to DATA_DIR/outbox as the .eml a mail program opens plus a JSON record, so nothing leaves the machine.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../../config';

export interface OutgoingMessage {
  to: string[];
  subject: string;
  text: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

export interface SentMessage {
  transport: 'outbox' | 'smtp';
  messageId: string;
  /** Where the outbox wrote the message (outbox only). */
  file?: string;
}

export interface Mailer {
  readonly transport: 'outbox' | 'smtp';
  /** Sends the message; `id` names the outbox files. Throws MailDeliveryError when the SMTP server refuses or is unreachable. */
  send(id: string, message: OutgoingMessage): Promise<SentMessage>;
  close(): void;
}

/** The SMTP server refused the message or could not be reached: nothing was sent. */
export class MailDeliveryError extends Error {
  constructor(cause: unknown) {
    super(`The mail server did not take the message: ${(cause as Error).message ?? String(cause)}`, { cause });
    this.name = 'MailDeliveryError';
  }
}

/** Writes a file whole or not at all (a reader of the outbox never sees half a message). */
async function writeWhole(file: string, bytes: Buffer | string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, file);
}

export function createMailer(config: MailConfig, dataDir: string): Mailer {
  if (config.smtp) {
    const smtp = config.smtp;
    const transporter =
      'url' in smtp
        ? nodemailer.createTransport(smtp.url)
        : nodemailer.createTransport({
            host: smtp.host,
            port: smtp.port,
            secure: smtp.secure,
            auth: smtp.user ? { user: smtp.user, pass: smtp.password } : undefined,
          });
    return {
      transport: 'smtp',
      async send(_id, message) {
        try {
          const info = await transporter.sendMail({ from: config.from, ...message });
          return { transport: 'smtp', messageId: info.messageId };
        } catch (error) {
          throw new MailDeliveryError(error);
        }
      },
      close: () => transporter.close(),
    };
  }
  const outbox = path.join(dataDir, 'outbox');
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    transport: 'outbox',
    async send(id, message) {
      const info = await transporter.sendMail({ from: config.from, ...message });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${id}.eml`);
      await writeWhole(file, info.message as Buffer);
      await writeWhole(
        path.join(outbox, `${id}.json`),
        JSON.stringify(
          {
            id,
            messageId: info.messageId,
            from: config.from,
            to: message.to,
            subject: message.subject,
            attachments: message.attachments.map((a) => ({ filename: a.filename, bytes: a.content.length })),
            eml: `${id}.eml`,
          },
          null,
          2,
        ),
      );
      return { transport: 'outbox', messageId: info.messageId, file };
    },
    close: () => transporter.close(),
  };
}
