import type { FastifyError, FastifyInstance } from 'fastify';

export interface ErrorBody { statusCode: number; error: string; message: string; reasons?: string[] }

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
};

/** Logs every error; tells the caller the message only below 500, with the validation reasons as a list. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
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
