import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Refusal } from '../../src/contracts/index';
import { startTestServer, type TestServer } from '../support/test-server';

describe('bad requests get a 4xx with reasons, never a 500', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('answers malformed JSON with 400', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/auth/local/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "lakeside",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringMatching(/JSON/),
    });
  });

  it('answers a body that breaks the schema with 400 and the reasons', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/auth/local/token',
      payload: { username: 'lakeside' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json() as Required<Pick<Refusal, 'reasons'>>;
    expect(body.reasons.join(' ')).toMatch(/password/);
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/auth/local/token',
      headers: { 'content-type': 'application/xml' },
      payload: '<username>lakeside</username>',
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('web app serving', () => {
  let webDist: string;
  let server: TestServer;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>portal shell</title>');
    await writeFile(path.join(webDist, 'app.js'), 'console.log(1)');
    server = await startTestServer({ webDist });
  });
  afterAll(async () => {
    await server?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/Ordering', '/login/callback', '/ContactList'])(
    'answers the client route %s with index.html',
    async (url) => {
      const response = await fetch(`${server.baseUrl}${url}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('portal shell');
    },
  );

  it('serves built files as they are', async () => {
    const response = await fetch(`${server.baseUrl}/app.js`);
    expect(await response.text()).toBe('console.log(1)');
  });

  it('never answers /auth paths with the web app', async () => {
    const response = await fetch(`${server.baseUrl}/auth/nothing-here`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/json/);
  });

  it('says clearly when the web app is not built', async () => {
    const bare = await startTestServer({ webDist: path.join(webDist, 'missing') });
    try {
      const response = await fetch(`${bare.baseUrl}/`);
      expect(response.status).toBe(503);
      expect(await response.text()).toMatch(/web app is not built.*npm run build/);
    } finally {
      await bare.close();
    }
  });
});
