/**
 * A local SMTP server (smtp-server from npm) on 127.0.0.1 that keeps every message it receives, raw: what the
 * order desk's e-mail is tested against. `mail` is the server configuration that points at it (pass it as the test
 * server's `mail` override, or the e2e harness's `server: { mail }`).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { MailConfig } from '../../src/server/config';

export interface CaughtMessage {
  from: string;
  to: string[];
  /** The message as it arrived (MIME, CRLF line ends). */
  raw: string;
}

export interface SmtpCatcher {
  mail: MailConfig;
  messages: CaughtMessage[];
  /** Resolves with the first message (from now on or already caught) `match` accepts; rejects after `timeoutMs`. */
  waitFor(match: (message: CaughtMessage) => boolean, timeoutMs?: number): Promise<CaughtMessage>;
  close(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const messages: CaughtMessage[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiting) wake();
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    mail: { smtp: { host: '127.0.0.1', port, secure: false }, from: 'TEMO Order Desk <orders@temo.example>' },
    messages,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`No matching message reached the SMTP catcher in ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiting.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface MimeAttachment {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** Headers of a MIME part, unfolded, by lower-case name. */
function readHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** A parameter of a header (`filename="a.pdf"`, or its RFC 2231 pieces `filename*0=...; filename*1=...`). */
function parameterOf(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const pieces = [...header.matchAll(new RegExp(`${name}(?:\\*(\\d+))?\\*?=("([^"]*)"|[^;\\s]+)`, 'gi'))];
  if (!pieces.length) return undefined;
  return pieces
    .sort((a, b) => Number(a[1] ?? 0) - Number(b[1] ?? 0))
    .map((piece) => piece[3] ?? piece[2])
    .join('')
    .replace(/^utf-8''/i, '');
}

/**
 * The header fields and attachments of a raw message, read from its MIME (one multipart level, as nodemailer writes
 * text plus attachments): smtp-server hands over the raw message and nodemailer has no parser, so the test reads
 * the structure itself rather than adding mailparser.
 */
export function readMime(raw: string): { headers: Map<string, string>; text: string; attachments: MimeAttachment[] } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = readHeaders(raw.slice(0, split));
  const boundary = parameterOf(headers.get('content-type'), 'boundary');
  const parts = boundary
    ? raw
        .slice(split + 4)
        .split(`--${boundary}`)
        .slice(1, -1)
    : [];
  let text = '';
  const attachments: MimeAttachment[] = [];
  for (const part of parts) {
    const body = part.replace(/^\r\n/, '');
    const end = body.indexOf('\r\n\r\n');
    const partHeaders = readHeaders(body.slice(0, end));
    const content = body.slice(end + 4).replace(/\r\n$/, '');
    const encoding = partHeaders.get('content-transfer-encoding')?.toLowerCase();
    const bytes =
      encoding === 'base64'
        ? Buffer.from(content.replace(/\s+/g, ''), 'base64')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              content
                .replace(/=\r\n/g, '')
                .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            )
          : Buffer.from(content, 'utf8');
    const filename = parameterOf(partHeaders.get('content-disposition'), 'filename');
    const contentType = (partHeaders.get('content-type') ?? '').split(';')[0].trim();
    if (filename) attachments.push({ filename, contentType, bytes });
    else if (contentType === 'text/plain') text = bytes.toString('utf8');
  }
  return { headers, text, attachments };
}
