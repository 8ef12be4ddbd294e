/** Slow clients cut off by the request and headers timeouts (timing-sensitive: the isolated timing project). */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

const timeouts = { requestTimeoutMs: 1_500, headersTimeoutMs: 1_000 };

/** Opens a raw socket, sends `chunks` one every `everyMs`, and reports what came back and when the server hung up. */
function trickle(baseUrl: string, chunks: string[], everyMs: number) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<{ closedAfterMs: number; answer: string; chunksSent: number }>((resolve) => {
    const started = Date.now();
    const socket = net.connect(Number(port), hostname);
    let answer = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < chunks.length && !socket.destroyed) socket.write(chunks[sent++]);
    }, everyMs);
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => (answer += data));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ closedAfterMs: Date.now() - started, answer, chunksSent: sent });
    });
  });
}

// Node's HTTP server keeps these timeouts whatever the database: PGlite only.
describe('slow clients', () => {
  const dialect = 'pglite';
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(timeouts, { dialect });
  });
  afterAll(async () => server?.close());

  it('cuts off a client that trickles its headers', async () => {
    const headerBytes = [...('GET /api/healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(200))];
    const result = await trickle(server.baseUrl, headerBytes, 50);
    console.info(
      `[slow headers, ${dialect}] cut after ${result.closedAfterMs} ms, ${result.chunksSent} of ${headerBytes.length} bytes sent`,
    );
    expect(result.chunksSent).toBeLessThan(headerBytes.length);
    expect(result.closedAfterMs).toBeLessThan(timeouts.headersTimeoutMs + 2_000);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts off a client that trickles its body', async () => {
    const head =
      'POST /auth/local/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n';
    const body = [...`{"username":"lakeside","password":"${'x'.repeat(360)}"}`];
    const result = await trickle(server.baseUrl, [head, ...body], 40);
    console.info(
      `[slow body, ${dialect}] cut after ${result.closedAfterMs} ms, ${result.chunksSent - 1} of ${body.length} body bytes sent`,
    );
    expect(result.chunksSent).toBeLessThan(body.length);
    expect(result.closedAfterMs).toBeLessThan(timeouts.requestTimeoutMs + 2_000);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
