import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { AppConfig } from '../config';
import type { LocalSigningKey } from './local-signing-key';

export type TokenVerifier = (token: string) => Promise<JWTPayload>;

interface OidcMetadata {
  issuer: string;
  jwks_uri: string;
}

async function discoverOidc(authority: string): Promise<OidcMetadata> {
  const url = `${authority.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`OIDC discovery at ${url} answered ${response.status}`);
  return (await response.json()) as OidcMetadata;
}

/** The `iss` the local sign-in writes and expects. */
export function resolveLocalIssuer(config: AppConfig): string {
  return config.auth.issuer ?? `http://localhost:${config.port}/auth/local`;
}

/**
 * Checks signature (RS256 only, so `alg: none` and HMAC tricks fail), `aud`, `iss` and `exp` (required).
 * Local mode trusts only the server's own key; OIDC mode the authority's JWKS (AUTH_JWKS_URI or discovery).
 */
export function createTokenVerifier(config: AppConfig, localKey?: LocalSigningKey): TokenVerifier {
  const audience = config.auth.audience;
  const requiredClaims = ['exp']; // jose checks exp only when present; a token that never expires is refused
  if (config.authMode === 'local') {
    if (!localKey) throw new Error('Local auth mode needs the local signing key');
    const keys = createLocalJWKSet({ keys: [localKey.publicJwk] });
    const issuer = resolveLocalIssuer(config);
    return async (token) =>
      (await jwtVerify(token, keys, { audience, issuer, algorithms: ['RS256'], requiredClaims })).payload;
  }

  let resolved: Promise<{ keys: JWTVerifyGetKey; issuer: string }> | undefined;
  const resolveKeys = () => {
    resolved ??= (async () => {
      const needsDiscovery = !config.auth.jwksUri || !config.auth.issuer;
      const metadata = needsDiscovery ? await discoverOidc(config.oidc.authority as string) : undefined;
      const jwksUri = config.auth.jwksUri ?? (metadata as OidcMetadata).jwks_uri;
      const issuer = config.auth.issuer ?? (metadata as OidcMetadata).issuer;
      return { keys: createRemoteJWKSet(new URL(jwksUri)), issuer };
    })().catch((error: unknown) => {
      resolved = undefined; // try discovery again on the next request
      throw error;
    });
    return resolved;
  };
  return async (token) => {
    const { keys, issuer } = await resolveKeys();
    return (await jwtVerify(token, keys, { audience, issuer, algorithms: ['RS256'], requiredClaims })).payload;
  };
}
