/**
 * What a browser caches and how much it downloads (issue 17): the definition answered compressed with a strong ETag per
 * encoding and 304 on revalidation; hashed web assets sent compressed and cached for a year; index.html revalidated.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isDefinitionPrepared } from '../../src/server/routes/api/prepared-definition';
import { startTestServer, type TestServer } from '../support/test-server';

describe('the definition: compressed once per version, cached per version', () => {
  let server: TestServer;
  let headers: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer();
    headers = { authorization: `Bearer ${await server.tokenFor('summit')}` };
  });
  afterAll(async () => server?.close());

  const sunroom = (extra: Record<string, string> = {}, query = '') =>
    server.app.inject({ method: 'GET', url: `/api/definitions/sunroom${query}`, headers: { ...headers, ...extra } });

  it('sends brotli or gzip as asked, each decoding to the same JSON as the plain answer', async () => {
    const plain = await sunroom();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    const bundle = plain.json<{ form: string; rules: unknown }>();
    expect(bundle.form).toBe('sunroom');

    const br = await sunroom({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);

    const gzip = await sunroom({ 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
  });

  it('has a strong ETag per encoding of the version, and answers any of them with 304', async () => {
    const plain = await sunroom();
    const br = await sunroom({ 'accept-encoding': 'br' });
    const hash = String(plain.headers['x-definitions-hash']);
    expect(plain.headers.etag).toBe(`"${hash}"`);
    expect(br.headers.etag).toBe(`"${hash}-br"`);
    for (const tag of [`"${hash}-br"`, `"${hash}"`, `W/"${hash}-gzip"`, `"other", "${hash}-br"`]) {
      const revalidated = await sunroom({ 'accept-encoding': 'br', 'if-none-match': tag });
      expect(revalidated.statusCode, tag).toBe(304);
      expect(revalidated.rawPayload.length).toBe(0);
      expect(revalidated.headers.etag).toBe(`"${hash}-br"`);
      expect(revalidated.headers['x-definitions-version']).toBe(plain.headers['x-definitions-version']);
    }
    expect((await sunroom({ 'if-none-match': `"${'0'.repeat(64)}"` })).statusCode).toBe(200);
  });

  it('revalidates the plain URL on every load and caches the per-version URL for a year', async () => {
    const plain = await sunroom({ 'accept-encoding': 'br' });
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    const hash = String(plain.headers['x-definitions-hash']);
    const pinned = await sunroom({ 'accept-encoding': 'br' }, `?version=${hash}`);
    expect(pinned.statusCode).toBe(200);
    expect(pinned.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(pinned.rawPayload.equals(plain.rawPayload)).toBe(true);
  });

  it('prepares every published form in the background once listening: the first request finds its answer made', async () => {
    // A server no request has reached: the published forms are prepared one by one after listen, off any request.
    const fresh = await startTestServer();
    try {
      const forms = fresh.app.definitions.forms();
      expect(forms).toContain('sunroom');
      await vi.waitFor(
        () => {
          for (const form of forms)
            expect(isDefinitionPrepared(fresh.app.definitions.get(form)!.bundle), form).toBe(true);
        },
        { timeout: 30_000, interval: 50 },
      );
      const token = await fresh.tokenFor('summit');
      const first = await fresh.app.inject({
        method: 'GET',
        url: '/api/definitions/sunroom',
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
      });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-encoding']).toBe('br');
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it('still refuses a dealer without a token', async () => {
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/definitions/sunroom' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('web assets: compressed, hashed files cached for a year, the page revalidated', () => {
  let webDist: string;
  let server: TestServer;
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-web-cache-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>portal shell</title>');
    await writeFile(path.join(webDist, 'assets/index-Ab12Cd34.js'), script);
    // As `npm run build` leaves it (scripts/precompress-web.ts): a brotli copy beside the file.
    await writeFile(path.join(webDist, 'assets/index-Ab12Cd34.js.br'), zlib.brotliCompressSync(script));
    await writeFile(path.join(webDist, 'assets/other-Ef56Gh78.js'), script); // no copy: compressed on the way out
    await writeFile(
      path.join(webDist, 'favicon.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(2000)}</svg>`,
    );
    server = await startTestServer({ webDist });
  });
  afterAll(async () => {
    await server?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding = 'gzip, deflate, br') =>
    server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

  it('sends the build-time brotli copy of a hashed asset, cached a year and immutable', async () => {
    const answer = await get('/assets/index-Ab12Cd34.js');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(answer.rawPayload).toString()).toBe(script);
  });

  it('compresses a hashed asset without a copy on the way out, with the same caching', async () => {
    const answer = await get('/assets/other-Ef56Gh78.js', 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(answer.rawPayload).toString()).toBe(script);
  });

  it('sends the file itself to a client that takes no compression', async () => {
    const answer = await get('/assets/index-Ab12Cd34.js', 'identity');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe(script);
  });

  it('revalidates index.html and files outside assets/ on every use', async () => {
    for (const url of ['/', '/Ordering']) {
      const page = await get(url);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, no-cache');
  });
});
