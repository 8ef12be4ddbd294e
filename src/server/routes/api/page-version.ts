/**
 * The definitions version a page checked with: the `X-Definitions-Version` header it sends with a submit, as
 * GET /api/definitions/{form} named it (issue 12, the re-check). Absent: the published version alone decides.
 */
import type { FastifyRequest } from 'fastify';
import type { SubmitAnswer } from './idempotent-answer';

export const pageVersionHeader = 'x-definitions-version';

/** The version id, undefined when the header is absent, or the 400 for a header that is not a version id. */
export function readPageVersion(request: FastifyRequest): number | undefined | SubmitAnswer {
  const raw = request.headers[pageVersionHeader];
  if (raw === undefined) return undefined;
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (typeof text === 'string' && /^[1-9][0-9]{0,8}$/.test(text.trim())) return Number(text.trim());
  return {
    status: 400,
    body: {
      statusCode: 400,
      error: 'Bad Request',
      message: 'The X-Definitions-Version header is not a definitions version',
      reasons: ['headers.x-definitions-version must be a version id (a positive integer)'],
    },
  };
}
