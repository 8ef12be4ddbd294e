/** Answering with the spec's status codes 997-999, which Fastify's reply.code() refuses (it allows 100-599). */
import type { FastifyReply } from 'fastify';

/**
 * Sends `body` as JSON with any three-digit status (Node's http allows 100-999). Setting `reply.raw.statusCode`
 * instead of calling reply.code() skips only Fastify's range check: hooks, serialisation and logging still run,
 * because Fastify writes the head from `raw.statusCode`.
 */
export function sendWithStatus(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  if (!Number.isInteger(status) || status < 100 || status > 999)
    throw new RangeError(`Not an HTTP status code: ${status}`);
  if (status <= 599) return reply.code(status).send(body);
  reply.raw.statusCode = status;
  return reply.type('application/json; charset=utf-8').send(body);
}
