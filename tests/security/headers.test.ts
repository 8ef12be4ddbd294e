import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

// Headers and compression are the same whatever the database: PGlite only (slow clients: tests/timing/slow-clients).
describe('headers and compression', () => {
  const dialect = 'pglite';
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-web-'));
    await writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><title>portal shell</title></head><body></body></html>',
    );
    await writeFile(path.join(webDist, 'app.js'), 'console.log(1)');
    server = await startTestServer({ webDist }, { dialect });
  });
  afterAll(async () => {
    await server?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const cspOf = (header: string | undefined) =>
    Object.fromEntries(
      (header ?? '')
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );

  it.each([
    ['the web app page', '/Ordering/SunRooms', 200],
    ['a web app file', '/app.js', 200],
    ['the sign-in page', '/auth/local/authorize', 200],
    ['an API answer', '/api/healthz', 200],
    ['a refusal', '/api/ContactList', 401],
    ['an unknown API path', '/api/nothing', 401],
    ['a bad request', '/auth/local/authorize?redirect_uri=https://evil.example.com/', 400],
  ])('sends the security headers with %s', async (_label, url, status) => {
    const response = await fetch(`${server.baseUrl}${url}`);
    expect(response.status).toBe(status);
    const csp = cspOf(response.headers.get('content-security-policy') ?? undefined);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    // Only the page may eval (ajv compiles schemas in the browser); nothing may run inline script.
    const scriptSources = url === '/Ordering/SunRooms' ? ["'self'", "'unsafe-eval'"] : ["'self'"];
    expect(csp['script-src'].filter((s: string) => !s.startsWith("'nonce-"))).toEqual(scriptSources);
    expect(csp['style-src'].join(' ')).not.toContain('unsafe-inline');
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('gives each page load its own style nonce, in the page and in the CSP', async () => {
    const pages = await Promise.all([1, 2].map(() => fetch(`${server.baseUrl}/`)));
    const nonces = await Promise.all(
      pages.map(async (page) => {
        const html = await page.text();
        const nonce = /<meta name="csp-nonce" content="([^"]+)">/.exec(html)?.[1];
        expect(nonce).toMatch(/^[0-9a-f]{32}$/);
        expect(cspOf(page.headers.get('content-security-policy') ?? undefined)['style-src']).toContain(
          `'nonce-${nonce}'`,
        );
        return nonce;
      }),
    );
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('puts the nonces on the sign-in page inline style and script', async () => {
    const response = await fetch(`${server.baseUrl}/auth/local/authorize`);
    const csp = cspOf(response.headers.get('content-security-policy') ?? undefined);
    const html = await response.text();
    const styleNonce = /<style nonce="([^"]+)">/.exec(html)?.[1];
    const scriptNonce = /<script nonce="([^"]+)">/.exec(html)?.[1];
    expect(csp['style-src']).toContain(`'nonce-${styleNonce}'`);
    expect(csp['script-src']).toContain(`'nonce-${scriptNonce}'`);
    expect(html).not.toMatch(/<(script|style)>/);
  });

  it('compresses the sunroom definition with gzip and brotli', async () => {
    const token = await server.tokenFor('lakeside');
    const get = (encoding: string) =>
      server.app.inject({
        url: '/api/definitions/sunroom',
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
      });
    const plain = await get('identity');
    const gzip = await get('gzip');
    const brotli = await get('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    console.info(
      `[compression, ${dialect}] sunroom definition: ${plain.rawPayload.length} bytes raw, gzip ${gzip.rawPayload.length}, br ${brotli.rawPayload.length}`,
    );
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
  });
});
