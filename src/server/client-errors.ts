/**
 * Fastify's answer to a client error (a request or headers timeout, oversized headers, a malformed request), written
 * so it reaches the client: Fastify's own handler destroys the socket right after writing, which drops the answer when
 * the write could not go out at once (a loaded machine, a client still sending its trickled body).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

const statusOf: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Client Timeout'],
  HPE_HEADER_OVERFLOW: [431, 'Exceeded maximum allowed HTTP header size'],
};
/** How long the client has to read the answer before the socket is destroyed anyway. */
const LINGER_MS = 2_000;

export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const [status, message] = statusOf[error.code ?? ''] ?? [400, 'Client Error'];
  const body = JSON.stringify({ error: STATUS_CODES[status], message, statusCode: status });
  // end(), not write() + destroy(): the answer is flushed, then the connection closed.
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Content-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
