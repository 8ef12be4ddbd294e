import { describe, expect, it } from 'vitest';
import { buildAuthorizeUrl, createRandomState, decodeTokenAccount, parseCallbackFragment } from './local-auth-protocol';

describe('local sign-in protocol', () => {
  it('asks the sign-in page to come back to the callback with the state', () => {
    const url = buildAuthorizeUrl('/auth/local/authorize', 'http://127.0.0.1:5000/login/callback', 'abc');
    expect(url).toBe('/auth/local/authorize?redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%2Flogin%2Fcallback&state=abc');
  });

  it('makes a different state every time', () => {
    expect(createRandomState()).not.toBe(createRandomState());
    expect(createRandomState()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('accepts a token whose state matches and computes its expiry', () => {
    const result = parseCallbackFragment('#access_token=t.k.n&token_type=Bearer&expires_in=3600&state=s1', 's1', 1000);
    expect(result).toEqual({ kind: 'token', accessToken: 't.k.n', expiresAt: 1000 + 3_600_000 });
  });

  it('refuses a token whose state does not match, or when no sign-in was started', () => {
    expect(parseCallbackFragment('#access_token=t&expires_in=60&state=evil', 's1', 0).kind).toBe('error');
    expect(parseCallbackFragment('#access_token=t&expires_in=60&state=s1', null, 0).kind).toBe('error');
  });

  it('refuses a token without a usable lifetime', () => {
    expect(parseCallbackFragment('#access_token=t&state=s1', 's1', 0).kind).toBe('error');
    expect(parseCallbackFragment('#access_token=t&expires_in=-5&state=s1', 's1', 0).kind).toBe('error');
  });

  it('reports an error answer and ignores an empty fragment', () => {
    expect(parseCallbackFragment('#error=access_denied', 's1', 0)).toEqual({ kind: 'error', reason: 'access_denied' });
    expect(parseCallbackFragment('', 's1', 0)).toEqual({ kind: 'none' });
  });

  it('reads the username from a token payload', () => {
    const payload = Buffer.from(JSON.stringify({ sub: 'u1', preferred_username: 'lakeside', name: 'Lee' })).toString(
      'base64url',
    );
    expect(decodeTokenAccount(`h.${payload}.s`)).toEqual({ username: 'lakeside', name: 'Lee' });
    expect(decodeTokenAccount('not-a-token')).toBeNull();
  });
});
