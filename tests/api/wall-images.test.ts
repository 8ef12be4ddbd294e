import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

describe('GET /images/walls/{folder}/{code}.svg', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('answers a wall-code picture without a token, cached for a day', async () => {
    const response = await server.app.inject({ url: '/images/walls/PremierView/GSD-5.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toContain('>GSD-5</text>');
  });

  it('serves every folder of the catalogues', async () => {
    for (const url of [
      '/images/walls/Glass/CFFC12.svg',
      '/images/walls/Vinyl/V3M-11.svg',
      '/images/walls/Sunroom/I33-11.svg',
    ]) {
      expect((await server.app.inject({ url })).statusCode, url).toBe(200);
    }
  });

  it.each([
    '/images/walls/Glass/GFIL99.svg',
    '/images/walls/Glass/NOTACODE.svg',
    '/images/walls/Glass/GFIL5.jpg',
    '/images/walls/Glass/gfil5.svg',
    '/images/walls/Glass/%2e%2e%2fGFIL5.svg',
    '/images/walls/..%2fsecret/GFIL5.svg',
    '/images/walls/Gla ss/GFIL5.svg',
    '/images/walls/Glass/GFIL5%00.svg',
  ])('answers 400 with reasons for %s', async (url) => {
    const response = await server.app.inject({ url });
    expect(response.statusCode, url).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.any(String) });
  });

  it('answers 404 for a folder that holds no wall pictures', async () => {
    const response = await server.app.inject({ url: '/images/walls/Pergola/GFIL5.svg' });
    expect(response.statusCode).toBe(404);
  });
});
