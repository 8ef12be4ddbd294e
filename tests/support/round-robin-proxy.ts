/** A load balancer for tests: node's http module, upstreams in turn, a refused connection tried on the next one. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  baseUrl: string;
  /** Requests forwarded, by upstream. */
  counts: Map<string, number>;
  close(): Promise<void>;
}

/**
 * Forwards each request to the next upstream. A connection refused (a server that is down: nothing was sent) goes to
 * the next one; a failure after the request was sent (a server killed mid-request) answers 502, as a real balancer
 * would, and the client decides whether to retry.
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const counts = new Map<string, number>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (triesLeft: number) => {
        const upstream = upstreams[next++ % upstreams.length];
        const forwarded = http.request(
          `${upstream}${request.url ?? '/'}`,
          { method: request.method, headers: { ...request.headers, host: new URL(upstream).host }, agent },
          (answer) => {
            counts.set(upstream, (counts.get(upstream) ?? 0) + 1);
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
            answer.on('error', () => response.destroy());
          },
        );
        forwarded.on('error', (error: NodeJS.ErrnoException) => {
          if (response.headersSent) return response.destroy();
          if (error.code === 'ECONNREFUSED' && triesLeft > 1) return attempt(triesLeft - 1);
          response.writeHead(502, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ statusCode: 502, error: 'Bad Gateway', message: error.message }));
        });
        forwarded.end(body);
      };
      attempt(upstreams.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
