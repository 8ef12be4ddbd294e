import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findPrincipalByExternalId } from '../repositories/users-repository';
import type { TokenVerifier } from '../services/token-verifier';
import type { Principal } from '../types';

function readBearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

function refuse(reply: FastifyReply, message: string) {
  return reply
    .code(401)
    .header('www-authenticate', 'Bearer realm="api", error="invalid_token"')
    .send({ statusCode: 401, error: 'Unauthorized', message });
}

/**
 * Every /api route needs a valid bearer token unless its route config says `isPublic: true`.
 * The principal comes from the token's subject only; the request body or query never names the dealer.
 */
export function registerAuth(app: FastifyInstance, verifyToken: TokenVerifier): void {
  app.decorateRequest('principal', null as unknown as Principal);
  app.addHook('onRequest', async (request, reply) => {
    const pathname = request.url.split('?', 1)[0];
    if (pathname !== '/api' && !pathname.startsWith('/api/')) return;
    if (request.routeOptions.config?.isPublic) return;
    const token = readBearerToken(request);
    if (!token) return refuse(reply, 'A bearer token is required');
    let subject: string | undefined;
    try {
      const payload = await verifyToken(token);
      subject = typeof payload.oid === 'string' ? payload.oid : payload.sub;
    } catch (error) {
      request.log.info({ reason: (error as Error).message }, 'token refused');
      return refuse(reply, 'The bearer token is not valid');
    }
    if (!subject) return refuse(reply, 'The bearer token names no subject');
    const principal = await findPrincipalByExternalId(request.server.db, subject);
    if (!principal) return refuse(reply, 'The bearer token names an unknown user');
    request.principal = principal;
  });
}
