import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

/** A stand-in OIDC authority on loopback: discovery document and JWKS, nothing else. */
describe('OIDC mode: tokens from an external authority, found by discovery', () => {
  let authority: Server;
  let authorityUrl: string;
  let privateKey: CryptoKey;
  let server: TestServer;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'authority-key', alg: 'RS256', use: 'sig' };
    authority = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/tenant/v2.0/.well-known/openid-configuration') {
        response.end(
          JSON.stringify({ issuer: `${authorityUrl}/tenant/v2.0`, jwks_uri: `${authorityUrl}/tenant/keys` }),
        );
      } else if (request.url === '/tenant/keys') {
        response.end(JSON.stringify({ keys: [jwk] }));
      } else {
        response.statusCode = 404;
        response.end('{}');
      }
    });
    await new Promise<void>((resolve) => authority.listen(0, '127.0.0.1', resolve));
    authorityUrl = `http://127.0.0.1:${(authority.address() as AddressInfo).port}`;
    server = await startTestServer({
      authMode: 'oidc',
      oidc: {
        authority: `${authorityUrl}/tenant/v2.0`,
        clientId: 'portal-web',
        apiScope: 'api://TEMOAuth/access openid',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => authority?.close(resolve));
  });

  const signAsAuthority = (claims: { oid?: string; sub?: string; aud?: string; iss?: string }) =>
    new SignJWT({ oid: claims.oid })
      .setProtectedHeader({ alg: 'RS256', kid: 'authority-key' })
      .setSubject(claims.sub ?? 'pairwise-subject')
      .setAudience(claims.aud ?? 'TEMOAuth')
      .setIssuer(claims.iss ?? `${authorityUrl}/tenant/v2.0`)
      .setExpirationTime('10m')
      .sign(privateKey);

  const dealerName = (token: string) =>
    server.app.inject({
      method: 'GET',
      url: '/api/DealerUserIDName/DealerName',
      headers: { authorization: `Bearer ${token}` },
    });

  it('tells the web app to use MSAL with the authority, client id and scopes', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/auth/config' });
    expect(response.json()).toMatchObject({
      mode: 'oidc',
      authority: `${authorityUrl}/tenant/v2.0`,
      clientId: 'portal-web',
      scopes: ['api://TEMOAuth/access', 'openid'],
    });
  });

  it('maps the token oid to the user with that external id', async () => {
    const response = await dealerName(await signAsAuthority({ oid: 'local:summit' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ dealerName: 'Summit Patio Covers' });
  });

  it('refuses the authority token for another audience or issuer', async () => {
    expect((await dealerName(await signAsAuthority({ oid: 'local:summit', aud: 'graph' }))).statusCode).toBe(401);
    expect(
      (await dealerName(await signAsAuthority({ oid: 'local:summit', iss: 'https://other.example.com' }))).statusCode,
    ).toBe(401);
  });

  it('offers no local sign-in', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/auth/local/authorize' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'POST', url: '/auth/local/token', payload: {} })).statusCode).toBe(404);
  });
});
