import type { AuthAccount } from './auth-client';

export type CallbackResult =
  { kind: 'none' } | { kind: 'error'; reason: string } | { kind: 'token'; accessToken: string; expiresAt: number };

/** The local sign-in page's address, asking it to send the user back to redirectUri with this state. */
export function buildAuthorizeUrl(loginUrl: string, redirectUri: string, state: string): string {
  const query = new URLSearchParams({ redirect_uri: redirectUri, state });
  return `${loginUrl}${loginUrl.includes('?') ? '&' : '?'}${query.toString()}`;
}

/** An unguessable value that ties the callback to the sign-in this browser started. */
export function createRandomState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Reads `#access_token=...&expires_in=...&state=...` from the callback and checks state and expiry. */
export function parseCallbackFragment(hash: string, expectedState: string | null, nowMs: number): CallbackResult {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const accessToken = params.get('access_token');
  const error = params.get('error');
  if (!accessToken && !error) return { kind: 'none' };
  if (error) return { kind: 'error', reason: params.get('error_description') ?? error };
  if (!expectedState || params.get('state') !== expectedState) {
    return { kind: 'error', reason: 'the sign-in answer does not belong to a sign-in started here (state mismatch)' };
  }
  const tokenType = params.get('token_type');
  if (tokenType && tokenType.toLowerCase() !== 'bearer')
    return { kind: 'error', reason: `unexpected token type ${tokenType}` };
  const expiresInSeconds = Number(params.get('expires_in'));
  if (!Number.isFinite(expiresInSeconds) || expiresInSeconds <= 0) {
    return { kind: 'error', reason: 'the sign-in answer has no valid expires_in' };
  }
  return { kind: 'token', accessToken: accessToken as string, expiresAt: nowMs + expiresInSeconds * 1000 };
}

/** Who the token is for, read from its payload (display only; the server verifies the token). */
export function decodeTokenAccount(token: string): AuthAccount | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
    const claims = JSON.parse(json) as Record<string, unknown>;
    const username = [claims.preferred_username, claims.username, claims.sub].find(
      (value) => typeof value === 'string',
    );
    if (typeof username !== 'string') return null;
    return { username, name: typeof claims.name === 'string' ? claims.name : undefined };
  } catch {
    return null;
  }
}
