/** Shared by the shutdown and scale-out tests: real server processes on one PostgreSQL database, pergola orders. */
import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { demoPassword } from './test-server';

/** A complete pergola order (golden order 001's start): stored with a drawings job. */
export async function pergolaOrder(): Promise<Record<string, unknown>> {
  const folder = path.resolve('tests/golden/pergola');
  const name = (await readdir(folder)).find((file) => file.startsWith('001-'))!;
  return (JSON.parse(await readFile(path.join(folder, name), 'utf8')) as { start: Record<string, unknown> }).start;
}

export const pergolaSubmitPath = '/api/OrderingPergolas/SubmitData?isOrdered=true&form=pergola';

/** A bearer token from a server's local sign-in. */
export async function signIn(baseUrl: string, username: string, password = demoPassword): Promise<Response> {
  return fetch(`${baseUrl}/auth/local/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
}

export async function tokenFrom(baseUrl: string, username: string): Promise<string> {
  const response = await signIn(baseUrl, username);
  if (response.status !== 200) throw new Error(`No token for ${username}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Rows from the test's database (a plain client: the test reads what the servers wrote). */
export async function query<T extends Record<string, unknown>>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A POST whose body is sent in two parts: the first now, the rest when `finish` is called. */
export function trickledPost(
  url: string,
  headers: Record<string, string>,
  body: string,
): { finish(): void; answer: Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> } {
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  let finish = () => {};
  const answer = new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(bytes.length) },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          headers: response.headers,
        }),
      );
    });
    request.write(bytes.subarray(0, half));
    finish = () => request.end(bytes.subarray(half));
  });
  return { finish: () => finish(), answer };
}
