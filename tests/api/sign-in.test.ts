import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRecordFile } from '../../src/server/services/server-record';
import { startTestServer, type TestServer } from '../support/test-server';

describe('local sign-in page and endpoints', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  const postForm = (fields: Record<string, string>) =>
    server.app.inject({
      method: 'POST',
      url: '/auth/local/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  it('tells the web app to use the local sign-in, with the inactivity times', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/auth/config' });
    expect(response.json()).toEqual({
      mode: 'local',
      loginUrl: '/auth/local/authorize',
      inactivity: { warnAfterMs: 6_900_000, logoutAfterMs: 7_200_000 },
    });
  });

  it('renders an accessible sign-in page listing every demo account', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/auth/local/authorize?redirect_uri=/login/callback&state=abc',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const html = response.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<h1>[^<]+<\/h1>/);
    expect(html).toContain('<label for="username">');
    expect(html).toContain('<label for="password">');
    expect(html).toContain('name="state" value="abc"');
    for (const username of ['lakeside', 'summit', 'harbor', 'temo.employee', 'temo.staff']) {
      expect(html).toContain(`data-username="${username}"`);
    }
  });

  it('escapes what the caller puts in state', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/auth/local/authorize?state=${encodeURIComponent('"><script>alert(1)</script>')}`,
    });
    expect(response.body).not.toContain('<script>alert(1)</script>');
  });

  it('redirects with the token in the fragment and the state echoed after a good password', async () => {
    const response = await postForm({
      username: 'lakeside',
      password: 'demo1234',
      redirect_uri: '/login/callback',
      state: 's-42',
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string, server.baseUrl);
    expect(location.origin).toBe(server.baseUrl);
    expect(location.pathname).toBe('/login/callback');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('state')).toBe('s-42');
    expect(fragment.get('token_type')).toBe('Bearer');
    expect(Number(fragment.get('expires_in'))).toBeGreaterThan(0);
    const api = await server.app.inject({
      method: 'GET',
      url: '/api/DealerUserIDName/DealerName',
      headers: { authorization: `Bearer ${fragment.get('access_token')}` },
    });
    expect(api.json()).toEqual({ dealerName: 'Lakeside Sunrooms' });
  });

  it('accepts a same-origin absolute redirect_uri', async () => {
    const response = await fetch(`${server.baseUrl}/auth/local/authorize`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        username: 'summit',
        password: 'demo1234',
        redirect_uri: `${server.baseUrl}/login/callback`,
        state: '',
      }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^\/login\/callback#access_token=/);
  });

  it('answers a bad password with 401, the message, and the form kept', async () => {
    const response = await postForm({
      username: 'lakeside',
      password: 'wrong',
      redirect_uri: '/login/callback',
      state: 'keep-me',
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('Invalid username or password');
    expect(response.body).toContain('role="alert"');
    expect(response.body).toContain('id="username" name="username" autocomplete="username" required value="lakeside"');
    expect(response.body).toContain('name="state" value="keep-me"');
    expect(response.headers.location).toBeUndefined();
  });

  it('gives an unknown user the same message as a bad password', async () => {
    const response = await postForm({ username: 'nobody', password: 'demo1234' });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('Invalid username or password');
  });

  it.each([
    'https://evil.example.com/login/callback',
    '//evil.example.com/login/callback',
    '/\\evil.example.com',
    'javascript:alert(1)',
    'login/callback',
  ])('refuses redirect_uri %s with 400, on the page and on the form post', async (redirectUri) => {
    const page = await server.app.inject({
      method: 'GET',
      url: `/auth/local/authorize?redirect_uri=${encodeURIComponent(redirectUri)}`,
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('redirect_uri must be a path on this site');
    const post = await postForm({ username: 'lakeside', password: 'demo1234', redirect_uri: redirectUri });
    expect(post.statusCode).toBe(400);
    expect(post.headers.location).toBeUndefined();
  });

  it('issues a token from JSON credentials and refuses wrong ones', async () => {
    const good = await server.app.inject({
      method: 'POST',
      url: '/auth/local/token',
      payload: { username: 'summit', password: 'demo1234' },
    });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({
      token_type: 'Bearer',
      expires_in: expect.any(Number),
      access_token: expect.any(String),
    });
    const bad = await server.app.inject({
      method: 'POST',
      url: '/auth/local/token',
      payload: { username: 'summit', password: 'nope' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ message: 'Invalid username or password' });
  });

  it('publishes only the public half of its signing key', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/auth/local/jwks.json' });
    const { keys } = response.json() as { keys: Record<string, string>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(keys[0]).not.toHaveProperty(secret);
  });
});

describe('the server record in DATA_DIR', () => {
  it('is gone after a server closed right after it started (no record written after close)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dealer-portal-record-'));
    try {
      const server = await startTestServer({ dataDir });
      await server.close();
      // The record's write is started by Fastify's onListen hook, after listen() resolved; give a late write its time.
      await sleep(300);
      expect(existsSync(serverRecordFile(dataDir))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('signing key persistence', () => {
  it('accepts a token issued before a restart on the same DATA_DIR', async () => {
    const first = await startTestServer();
    const token = await first.tokenFor('lakeside');
    const dataDir = first.config.dataDir;
    await first.app.close(); // keep the folder: the next server uses it
    const second = await startTestServer({ dataDir });
    try {
      const response = await second.app.inject({
        method: 'GET',
        url: '/api/DealerUserIDName/GetProduct',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await second.close();
      await first.close(); // removes the DATA_DIR it made
    }
  });
});
