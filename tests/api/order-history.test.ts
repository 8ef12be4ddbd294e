import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderHistoryAnswer, OrderHistoryRow as HistoryRow, Refusal } from '../../src/contracts/index';
import { readShippedDate } from '../../src/server/services/order-history/shipped-date';
import { apiDialects } from '../support/api-dialects';
import { testHistoryRows } from '../support/pglite-snapshot';
import { startTestServer, type TestServer } from '../support/test-server';

describe.each(apiDialects())('order history ($dialect)', ({ dialect, skipReason }) => {
  if (skipReason) {
    it.skip(`PostgreSQL run skipped: ${skipReason}`, () => {});
    return;
  }
  let server: TestServer;
  let lakeside: HistoryRow[] = [];
  const pageSizes: number[] = [];
  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
    // Fetch the way the page does: pages of 1000 until one comes back empty.
    for (let page = 1; page < 100; page += 1) {
      const rows = await history(`page=${page}&pageSize=1000`);
      pageSizes.push(rows.length);
      if (rows.length === 0) break;
      lakeside = lakeside.concat(rows);
    }
  });
  afterAll(async () => server?.close());

  const call = async (query: string, username = 'lakeside') =>
    server.app.inject({
      url: `/api/SQLThings/OrderHistoryData?${query}`,
      headers: { authorization: `Bearer ${await server.tokenFor(username)}` },
    });
  async function history(query: string, username = 'lakeside'): Promise<HistoryRow[]> {
    const response = await call(query, username);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as OrderHistoryAnswer).orderHistoryData;
  }

  it('pages 1000 rows at a time until an empty page: every shipped order once', async () => {
    const total = testHistoryRows() + 2; // past records + the two shipped demo orders
    expect(pageSizes).toEqual([...Array(Math.ceil(total / 1000) - 1).fill(1000), total % 1000 || 1000, 0]);
    expect(new Set(lakeside.map((r) => r.fileName)).size).toBe(total);
    for (const row of lakeside)
      expect(Object.keys(row).sort()).toEqual([
        'cityStateZip',
        'dateShipped',
        'fileName',
        'folder',
        'jobName',
        'streetAddress',
      ]);
  });

  it('sorts newest dateShipped first across yyyy-mm-dd and m/d/yy, undated rows last', async () => {
    const days = lakeside.map((r) => readShippedDate(r.dateShipped));
    const firstUndated = days.findIndex((d) => d === undefined);
    expect(firstUndated).toBeGreaterThan(0);
    expect(days.slice(firstUndated).every((d) => d === undefined)).toBe(true);
    const dated = days.slice(0, firstUndated) as string[];
    expect(dated.every((d, i) => i === 0 || dated[i - 1] >= d)).toBe(true);
  });

  it('holds the recorded variety: date formats, odd text, empty dates, addresses as text, objects, empty, null, {} and "."', async () => {
    const dates = lakeside.map((r) => r.dateShipped);
    expect(dates.some((d) => /^\d{4}-\d{2}-\d{2}$/.test(d ?? ''))).toBe(true);
    expect(dates.some((d) => /^\d{1,2}\/\d{1,2}\/\d{2}$/.test(d ?? ''))).toBe(true);
    expect(dates.some((d) => d !== null && d !== '' && readShippedDate(d) === undefined)).toBe(true);
    expect(dates).toContain('');
    expect(dates).toContain(null);
    for (const field of ['streetAddress', 'cityStateZip'] as const) {
      const values = lakeside.map((r) => r[field]);
      expect(
        values.some((v) => typeof v === 'string' && v.length > 1),
        field,
      ).toBe(true);
      expect(
        values.some((v) => v !== null && typeof v === 'object' && Object.keys(v).length > 0),
        field,
      ).toBe(true);
      expect(values, field).toContain('');
      expect(values, field).toContain(null);
      expect(values, field).toContainEqual({});
      expect(values, field).toContain('.');
    }
    expect(lakeside.some((r) => /^\([A-Z]\) /.test(r.jobName))).toBe(true);
  });

  it('gives each dealer only its own history', async () => {
    const summit = await history('page=1&pageSize=1000', 'summit');
    expect(summit.length).toBeGreaterThan(100);
    const lakesideNames = new Set(lakeside.map((r) => r.fileName));
    expect(summit.some((r) => lakesideNames.has(r.fileName))).toBe(false);
    expect(await history('page=1', 'temo.employee')).toEqual([]);
  });

  it('defaults to page 1 of 1000 and honours smaller pages', async () => {
    expect(await history('')).toEqual(lakeside.slice(0, 1000));
    expect(await history('page=3&pageSize=7')).toEqual(lakeside.slice(14, 21));
  });

  it.each(['page=0', 'page=-1', 'page=abc', 'page=1.5', 'pageSize=0', 'pageSize=1001', 'pageSize=x', 'page=1&page=2'])(
    'refuses %s with 400 and a reason',
    async (query) => {
      const response = await call(query);
      expect(response.statusCode).toBe(400);
      expect((response.json() as Required<Pick<Refusal, 'reasons'>>).reasons.length).toBeGreaterThan(0);
    },
  );
});
