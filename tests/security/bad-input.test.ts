import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Refusal } from '../../src/contracts/index';
import { routeTestDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';

/** Tables a request could write to; a refused request must leave every count as it was. */
const writtenTables = ['orders', 'jobs', 'drafts', 'order_events', 'order_furniture'];

describe.each(routeTestDialects())('bad input gets 400 naming where, never 500 ($dialect)', ({ dialect }) => {
  let server: TestServer;
  let dealer: Record<string, string>;
  let staff: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
    dealer = { authorization: `Bearer ${await server.tokenFor('lakeside')}`, 'content-type': 'application/json' };
    staff = { authorization: `Bearer ${await server.tokenFor('temo.staff')}` };
  });
  afterAll(async () => server?.close());

  const countRows = async () => {
    const counts: Record<string, number> = {};
    for (const table of writtenTables) {
      const result = await server.app.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
      counts[table] = (result.rows[0] as { n: number }).n;
    }
    return counts;
  };
  const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: string, headers = dealer) =>
    server.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

  it.each([
    [
      'a NUL in a draft value',
      'PUT',
      '/api/drafts/pergola',
      '{"data":{"jobName":"a\\u0000b"}}',
      'body/data/jobName contains a NUL character (U+0000) at position 1',
    ],
    [
      'a lone high surrogate in a draft value',
      'PUT',
      '/api/drafts/pergola',
      '{"data":{"jobName":"a\\ud800b"}}',
      'body/data/jobName contains a lone surrogate (U+D800) at position 1',
    ],
    [
      'a lone low surrogate in an array item',
      'PUT',
      '/api/drafts/pergola',
      '{"data":{"list":["ok","\\udc00"]}}',
      'body/data/list/1 contains a lone surrogate (U+DC00) at position 0',
    ],
    [
      'a NUL in a key',
      'PUT',
      '/api/drafts/pergola',
      '{"data":{"a\\u0000":1}}',
      'body/data/a\\u0000 has a key that contains a NUL character (U+0000) at position 1',
    ],
    [
      'a NUL in a preview',
      'POST',
      '/api/OrderingPergolas/SubmitData?isOrdered=false',
      '{"PergolasData":{"jobName":"x\\u0000"}}',
      'body/PergolasData/jobName contains a NUL character (U+0000) at position 1',
    ],
    [
      'a NUL in a cart',
      'POST',
      '/api/SpareParts/SubmitSpareParts',
      '{"OrderSpareParts":[{"partNumber":"\\u0000"}]}',
      'body/OrderSpareParts/0/partNumber contains a NUL character (U+0000) at position 0',
    ],
  ] as const)('refuses %s with 400 and stores nothing', async (_label, method, url, payload, reason) => {
    const before = await countRows();
    const response = await send(method, url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      message: 'The body holds text the server cannot store (NUL characters or lone surrogates are not allowed)',
      reasons: [reason],
    });
    expect(await countRows()).toEqual(before);
  });

  it('accepts proper surrogate pairs (emoji) and control characters other than NUL', async () => {
    const response = await send('PUT', '/api/drafts/pergola', JSON.stringify({ data: { jobName: 'Deck 🌞\u0001\t' } }));
    expect(response.statusCode).toBe(204);
    const read = await send('GET', '/api/drafts/pergola');
    expect(read.json()).toMatchObject({ data: { jobName: 'Deck 🌞\u0001\t' } });
  });

  it.each([
    ['10,000 nested arrays', `{"data":{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`],
    ['10,000 nested objects', `{"data":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`],
    ['65 levels', `{"data":{"a":${'['.repeat(63)}${']'.repeat(63)}}}`],
  ])('refuses %s before parsing with 400', async (_label, payload) => {
    const before = await countRows();
    const response = await send('PUT', '/api/drafts/pergola', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'The JSON body is nested deeper than 64 levels',
      reasons: [expect.stringMatching(/^body is nested deeper than 64 levels \(at character \d+\)$/)],
    });
    expect(await countRows()).toEqual(before);
  });

  it('accepts 64 levels and brackets inside strings', async () => {
    const payload = `{"data":{"a":${'['.repeat(62)}"[[[[{{{{\\"[["${']'.repeat(62)}}}`;
    expect((await send('PUT', '/api/drafts/pergola', payload)).statusCode).toBe(204);
  });

  it('refuses NUL in the query with 400 naming the parameter', async () => {
    const response = await send('GET', '/api/SpareParts/GetSpareParts?search=a%00b');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      reasons: ['querystring/search contains a NUL character (U+0000) at position 1'],
    });
  });

  it('refuses NUL in a path parameter with 400', async () => {
    const response = await send('GET', '/api/drafts/per%00gola');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      reasons: ['params/form contains a NUL character (U+0000) at position 3'],
    });
  });

  it.each(['99999999999', '2147483648', '1e400', '-1e400', '-1', '0'])(
    'refuses dealerId=%s on the staff order list with 400',
    async (value) => {
      const response = await send('GET', `/api/staff/orders?dealerId=${value}`, undefined, staff);
      expect(response.statusCode).toBe(400);
      expect((response.json() as Required<Pick<Refusal, 'reasons'>>).reasons[0]).toMatch(
        /^querystring\/dealerId must be (<= 2147483647|>= 1|a finite number)$/,
      );
    },
  );

  it.each([
    ['/api/SpareParts/GetSpareParts?skip=1e400', /^querystring\/skip must be a finite number$/],
    ['/api/SQLThings/OrderHistoryData?pageSize=1e999', /^querystring\/pageSize must be a finite number$/],
    ['/api/SpareParts/GetSpareParts?top=99999999999999999999', /^querystring\/top must be <= 1000$/],
    ['/api/SQLThings/OrderHistoryData?page=9007199254740993', /^querystring\/page must be <= 1000000$/],
    ['/api/OrderingEngineering/GetEngineeringParts?skip=-5', /^querystring\/skip must be >= 0$/],
  ])('refuses the out-of-range integer in %s with 400', async (url, reason) => {
    const response = await send('GET', url);
    expect(response.statusCode).toBe(400);
    expect((response.json() as Required<Pick<Refusal, 'reasons'>>).reasons[0]).toMatch(reason);
  });

  it('still lists a dealer by a valid id', async () => {
    const response = await send('GET', '/api/staff/orders?dealerId=2147483647', undefined, staff);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ orders: [] });
  });
});
