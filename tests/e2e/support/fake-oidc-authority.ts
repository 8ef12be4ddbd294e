import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

export interface FakeOidcAuthority {
  /** e.g. https://127.0.0.1:41234/tenant/v2.0 (MSAL accepts https authorities only; the certificate is self-signed). */
  authority: string;
  /** The same keys over plain http, for the API server (which then needs no trust in the self-signed certificate). */
  jwksUri: string;
  /** The `oid` the next sign-in gets (the server maps it to a user's external_id). */
  signInAs(oid: string, username: string): void;
  close(): Promise<void>;
}

interface PendingCode {
  nonce: string;
  oid: string;
  username: string;
}

/**
 * A loopback OpenID Connect authority for the MSAL path in a real browser: discovery, JWKS, an authorize
 * endpoint that signs the chosen user in at once (auth code + PKCE, no page), token and end-session endpoints.
 */
export async function startFakeOidcAuthority(options: {
  clientId: string;
  audience: string;
}): Promise<FakeOidcAuthority> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'fake-authority', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  let nextUser = { oid: '', username: '' };
  let base = '';
  const issuer = () => `${base}/tenant/v2.0`;

  const sign = (claims: Record<string, unknown>, audience: string, key: CryptoKey) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'fake-authority', typ: 'JWT' })
      .setIssuer(issuer())
      .setAudience(audience)
      .setSubject(String(claims.oid))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);

  const answerTokens = async (response: ServerResponse, pending: PendingCode) => {
    const user = { oid: pending.oid, preferred_username: pending.username, name: pending.username, tid: 'tenant' };
    sendJson(response, 200, {
      token_type: 'Bearer',
      scope: `api://${options.audience}/access openid profile offline_access`,
      expires_in: 3600,
      access_token: await sign({ ...user, scp: 'access' }, options.audience, privateKey),
      id_token: await sign({ ...user, nonce: pending.nonce }, options.clientId, privateKey),
      refresh_token: `refresh.${pending.oid}.${pending.username}`,
    });
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', base);
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', '*');
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    switch (url.pathname) {
      case '/tenant/v2.0/.well-known/openid-configuration':
        return sendJson(response, 200, {
          issuer: issuer(),
          authorization_endpoint: `${base}/tenant/oauth2/v2.0/authorize`,
          token_endpoint: `${base}/tenant/oauth2/v2.0/token`,
          end_session_endpoint: `${base}/tenant/oauth2/v2.0/logout`,
          jwks_uri: `${base}/tenant/keys`,
          response_modes_supported: ['query', 'fragment'],
          scopes_supported: ['openid', 'profile', 'offline_access'],
        });
      case '/tenant/keys':
        return sendJson(response, 200, { keys: [jwk] });
      case '/tenant/oauth2/v2.0/authorize': {
        const code = randomBytes(16).toString('hex');
        codes.set(code, { nonce: url.searchParams.get('nonce') ?? '', ...nextUser });
        const answer = new URLSearchParams({ code, state: url.searchParams.get('state') ?? '' });
        const separator = url.searchParams.get('response_mode') === 'query' ? '?' : '#';
        return void response
          .writeHead(302, { location: `${url.searchParams.get('redirect_uri')}${separator}${answer}` })
          .end();
      }
      case '/tenant/oauth2/v2.0/token': {
        const form = new URLSearchParams(await readBody(request));
        if (form.get('grant_type') === 'refresh_token') {
          const [, oid = '', username = ''] = (form.get('refresh_token') ?? '').split('.');
          return answerTokens(response, { nonce: '', oid, username });
        }
        const pending = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!pending || !form.get('code_verifier')) return sendJson(response, 400, { error: 'invalid_grant' });
        return answerTokens(response, pending);
      }
      case '/tenant/oauth2/v2.0/logout':
        return void response
          .writeHead(302, { location: url.searchParams.get('post_logout_redirect_uri') ?? '/' })
          .end();
      default:
        return sendJson(response, 404, { error: 'not_found' });
    }
  };

  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    handle(request, response).catch((error: unknown) => sendJson(response, 500, { error: String(error) }));
  };
  const https = createHttpsServer(createSelfSignedCertificate(), onRequest);
  const http = createServer(onRequest);
  const listen = (server: Server) =>
    new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
  base = `https://127.0.0.1:${await listen(https)}`;
  const httpPort = await listen(http);

  return {
    authority: issuer(),
    jwksUri: `http://127.0.0.1:${httpPort}/tenant/keys`,
    signInAs(oid, username) {
      nextUser = { oid, username };
    },
    close: async () => {
      await Promise.all([https, http].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}

function createSelfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'fake-authority-'));
  try {
    const [key, cert] = [path.join(folder, 'key.pem'), path.join(folder, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
