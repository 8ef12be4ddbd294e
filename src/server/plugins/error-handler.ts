import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/connection-errors';
import { isStorageFull } from '../services/storage/storage-errors';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  reasons?: string[];
}

const statusNames: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
};

/** Seconds a caller should wait before trying again while the database is away. */
export const databaseRetryAfterSeconds = 5;
const databaseUnavailableMessage = 'The database cannot be reached right now; try again in a few seconds.';
const storageFullMessage =
  'The server has no room left to store files; nothing was saved. Try again later, and tell TEMO if it lasts.';

/**
 * Logs every error; tells the caller the message only below 500, with the validation reasons as a list. A database
 * that cannot be reached is a 503 with Retry-After, a full disk a 507, each with a message saying so.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // An outage or a full disk is not the caller's fault nor a bug: say so, and when to come back.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(databaseRetryAfterSeconds))
        .send({ statusCode: 503, error: statusNames[503], message: databaseUnavailableMessage } satisfies ErrorBody);
    }
    if (isStorageFull(error)) {
      request.log.error({ err: error }, 'file storage full');
      return reply
        .code(507)
        .send({ statusCode: 507, error: statusNames[507], message: storageFullMessage } satisfies ErrorBody);
    }
    const statusCode = error.validation ? 400 : error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ err: error }, 'request refused');
    const body: ErrorBody = {
      statusCode,
      error: statusNames[statusCode] ?? (statusCode >= 500 ? 'Internal Server Error' : 'Error'),
      message: statusCode >= 500 ? 'Something went wrong on the server; it has been logged.' : error.message,
    };
    if (error.validation) {
      body.reasons = error.validation.map((issue) => {
        const where = `${error.validationContext ?? 'request'}${issue.instancePath || ''}`;
        return `${where} ${issue.message ?? 'is not valid'}`.trim();
      });
    }
    return reply.code(statusCode).send(body);
  });
}
