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
 * The recorded actor a token of the server's own key may name (`npm run orders` beside the server): local sign-in
 * mode only, where nothing but this server's key (in DATA_DIR, beside the database itself) signs tokens.
 */
function readActorClaim(request: FastifyRequest, claim: unknown): string | undefined {
  if (request.server.config.authMode !== 'local' || typeof claim !== 'string') return undefined;
  const actor = claim.trim();
  const hasControl = [...actor].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  return actor && actor.length <= 120 && !hasControl ? actor : undefined;
}

/**
 * The Cache-Control of an authenticated answer whose route set none: kept by no cache, the browser's included (a
 * dealer's orders, /api/me, the staff lists, drafts, definition versions). Routes with a deliberate policy set theirs
 * and keep it: the definitions with their ETag, a version's immutable bundle, files and PDFs, pictures, postal codes.
 */
export const authenticatedCacheControl = 'private, no-store';

/** Sets `request.principal` from the bearer token, or answers 401 and returns false. */
export type Authenticate = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/**
 * Deny by default: every matched route needs a valid bearer token unless its route config says `isPublic: true`,
 * whatever its URL (the router decodes `%61pi`, so the raw URL must never decide). Unmatched requests go to the
 * not-found handler, which authenticates server paths itself before saying 404.
 * The principal comes from the token's subject only; the request body or query never names the dealer.
 */
export function registerAuth(app: FastifyInstance, verifyToken: TokenVerifier): Authenticate {
  const authenticate: Authenticate = async (request, reply) => {
    const token = readBearerToken(request);
    if (!token) {
      refuse(reply, 'A bearer token is required');
      return false;
    }
    let subject: string | undefined;
    let actor: string | undefined;
    try {
      const payload = await verifyToken(token);
      subject = typeof payload.oid === 'string' ? payload.oid : payload.sub;
      actor = readActorClaim(request, payload.portal_actor);
    } catch (error) {
      request.log.info({ reason: (error as Error).message }, 'token refused');
      refuse(reply, 'The bearer token is not valid');
      return false;
    }
    const principal = subject ? await findPrincipalByExternalId(request.server.db, subject) : undefined;
    if (!principal) {
      refuse(reply, subject ? 'The bearer token names an unknown user' : 'The bearer token names no subject');
      return false;
    }
    request.principal = actor ? { ...principal, actor } : principal;
    return true;
  };

  app.decorateRequest('principal', null as unknown as Principal);
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404 || request.routeOptions.config?.isPublic === true) return;
    if (!(await authenticate(request, reply))) return reply;
  });
  // Once for every route, a route added later too: an answer to an authenticated request (a principal was set, by the
  // hook above or by the not-found handler) whose route chose no Cache-Control gets authenticatedCacheControl.
  app.addHook('onSend', async (request, reply) => {
    if (!request.principal || reply.hasHeader('cache-control') || reply.raw.hasHeader('cache-control')) return;
    reply.header('cache-control', authenticatedCacheControl);
  });
  return authenticate;
}
