/**
 * The `Idempotency-Key` side of every submit route: reads the header (400 when malformed), runs the submit once per
 * (user, key) and sends its answer, the first answer again on a retry (`Idempotent-Replayed: true`), 422 when the key
 * was used for another request, 409 while the first request with the key is still running.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { sendWithStatus } from '../../services/dealer-status/index';
import {
  fingerprintRequest,
  readIdempotencyKey,
  submitIdempotently,
  type IdempotentOutcome,
  type SubmitAnswer,
} from '../../services/idempotency/index';

export type { SubmitAnswer };

/** The submit itself, on the database or transaction to store with; `wakeJobs` once jobs wait (called after the commit). */
export type IdempotentSubmit = (db: Database, wakeJobs: () => void) => Promise<SubmitAnswer>;

/** What a 409 answer tells a caller to wait before retrying, seconds. */
const inProgressRetryAfterS = 2;

export async function answerIdempotently(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  submit: IdempotentSubmit,
): Promise<FastifyReply> {
  const reading = readIdempotencyKey(request.headers);
  if ('reasons' in reading) {
    return reply.code(400).send({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The Idempotency-Key header is malformed',
      reasons: reading.reasons,
    });
  }
  let isJobWaiting = false;
  const wakeJobs = () => {
    isJobWaiting = true;
  };
  const outcome: IdempotentOutcome = reading.key
    ? await submitIdempotently(
        app.db,
        {
          userId: request.principal.userId,
          key: reading.key,
          fingerprint: fingerprintRequest({
            method: request.method,
            route: request.routeOptions.url ?? request.url,
            query: request.query,
            body: request.body,
          }),
        },
        (tx) => submit(tx, wakeJobs),
      )
    : { kind: 'answered', answer: await submit(app.db, wakeJobs), isReplay: false };
  // Only now is the job committed: waking the worker earlier would find nothing and wait for its next poll.
  if (isJobWaiting) app.jobs.wake();

  switch (outcome.kind) {
    case 'key-reused':
      return reply.code(422).send({
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: 'This Idempotency-Key was already used for a different request; send a new key for a new submit',
        missing: [],
        errors: {},
      });
    case 'in-progress':
      return reply.code(409).header('retry-after', String(inProgressRetryAfterS)).send({
        statusCode: 409,
        error: 'Conflict',
        message: 'A request with this Idempotency-Key is still being processed; retry in a few seconds',
      });
    case 'answered':
      if (outcome.isReplay) reply.header('idempotent-replayed', 'true');
      return sendWithStatus(reply, outcome.answer.status, outcome.answer.body);
  }
}
