/** Refusing unsafe file parameters with 400 before any lookup (shared by the file, furniture and staff routes). */
import type { FastifyReply } from 'fastify';
import { findFileParameterProblems } from '../../services/order-files/file-parameter';

/** Sends 400 with the reasons and returns true when any parameter is unsafe. */
export function refuseUnsafeFileParameters(reply: FastifyReply, parameters: Record<string, unknown>): boolean {
  const reasons = findFileParameterProblems(parameters);
  if (reasons.length === 0) return false;
  void reply
    .code(400)
    .send({ statusCode: 400, error: 'Bad Request', message: 'A file parameter is not a plain name', reasons });
  return true;
}

/** 404 in the shape of every other refusal; another dealer's names read as none. */
export function sendNotFound(reply: FastifyReply, message: string) {
  return reply.code(404).send({ statusCode: 404, error: 'Not Found', message });
}
