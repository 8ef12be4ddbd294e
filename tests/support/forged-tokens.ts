import { base64url, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { loadOrCreateSigningKey } from '../../src/server/services/local-signing-key';
import { resolveLocalIssuer } from '../../src/server/services/token-verifier';
import type { TestServer } from './test-server';

export interface ForgeOptions {
  subject?: string;
  audience?: string;
  issuer?: string;
  /** Seconds from now; negative for an expired token; null for a token without `exp`. */
  expiresIn?: number | null;
  /** Sign with a key the server has never seen (same kid as the real key unless `kid` is given). */
  isSignedByUnknownKey?: boolean;
  kid?: string;
}

/** Signs a token the way an attacker or a misconfigured client might, to test what the server refuses. */
export async function forgeToken(server: TestServer, options: ForgeOptions = {}): Promise<string> {
  const realKey = await loadOrCreateSigningKey(server.config.dataDir);
  const privateKey = options.isSignedByUnknownKey ? (await generateKeyPair('RS256')).privateKey : realKey.privateKey;
  const now = Math.floor(Date.now() / 1000);
  const token = new SignJWT({ oid: options.subject ?? 'local:lakeside' })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? realKey.kid })
    .setSubject(options.subject ?? 'local:lakeside')
    .setAudience(options.audience ?? server.config.auth.audience)
    .setIssuer(options.issuer ?? resolveLocalIssuer(server.config))
    .setIssuedAt(now - 3600);
  if (options.expiresIn !== null) token.setExpirationTime(now + (options.expiresIn ?? 600));
  return token.sign(privateKey);
}

/** An unsigned token (`alg: none`) with otherwise valid claims. */
export function forgeUnsignedToken(server: TestServer, claims: JWTPayload = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
  const payload = base64url.encode(
    JSON.stringify({
      sub: 'local:lakeside',
      oid: 'local:lakeside',
      aud: server.config.auth.audience,
      iss: resolveLocalIssuer(server.config),
      iat: now,
      exp: now + 600,
      ...claims,
    }),
  );
  return `${header}.${payload}.`;
}
