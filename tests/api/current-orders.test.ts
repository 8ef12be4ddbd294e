import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ConfirmedOrder as Confirmed,
  ProcessedOrder as Processed,
  UnprocessedOrder as Unprocessed,
} from '../../src/contracts/order-lists';
import { apiDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

describe.each(apiDialects())('Order Tracking lists ($dialect)', ({ dialect, skipReason }) => {
  if (skipReason) {
    it.skip(`PostgreSQL run skipped: ${skipReason}`, () => {});
    return;
  }
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
  });
  afterAll(async () => server?.close());

  const get = async <T>(url: string, username = 'lakeside'): Promise<T> => {
    const response = await server.app.inject({
      url,
      headers: { authorization: `Bearer ${await server.tokenFor(username)}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const lists = async (username: string) => ({
    confirmed: (await get<{ confirmedData: Confirmed[] }>('/api/SQLThings/ConfirmedData', username)).confirmedData,
    processed: (await get<{ processedData: Processed[] }>('/api/SQLThings/ProcessedData', username)).processedData,
    unprocessed: await get<Record<string, Unprocessed>>('/api/TxtThings/unprocessedFiles', username),
    initial: await get<Record<string, unknown>>('/api/TxtThings/initialOrders', username),
  });

  it('ConfirmedData: {confirmedData: [{folder, jobName, fileName, confirmation, schedDate}]}, bracketed prefixes kept for the page to strip', async () => {
    const { confirmed } = await lists('lakeside');
    expect(confirmed).toHaveLength(3);
    for (const order of confirmed) {
      expect(Object.keys(order).sort()).toEqual(['confirmation', 'fileName', 'folder', 'jobName', 'schedDate']);
      expect(order.confirmation).toMatch(isoDate);
      expect(order.schedDate).toMatch(isoDate);
      expect(order.schedDate! > order.confirmation!).toBe(true);
    }
    expect(confirmed.map((o) => o.jobName)).toEqual(expect.arrayContaining(['(C) LARSON', '(C) (W) NOVAK']));
  });

  it('ProcessedData: {processedData: [{folderName, fileName, jobName, dateCreated, emailedOn, detailer}]} with one order over 7 days old and not e-mailed', async () => {
    const { processed } = await lists('lakeside');
    expect(processed).toHaveLength(4);
    for (const order of processed) {
      expect(Object.keys(order).sort()).toEqual([
        'dateCreated',
        'detailer',
        'emailedOn',
        'fileName',
        'folderName',
        'jobName',
      ]);
      expect(order.dateCreated).toMatch(isoDate);
      expect(order.detailer).toEqual(expect.any(String));
      if (order.emailedOn !== null) expect(order.emailedOn).toMatch(isoDate);
    }
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const overdue = processed.filter((o) => o.emailedOn === null && o.dateCreated < weekAgo);
    expect(overdue.map((o) => o.jobName)).toEqual(['(C) SMITH']);
    expect(processed.filter((o) => o.emailedOn !== null)).toHaveLength(2);
  });

  it('unprocessedFiles: keyed by file name, {folderName, lastName, firstName, sentBy, date, fileName}', async () => {
    const { unprocessed } = await lists('lakeside');
    expect(Object.keys(unprocessed)).toHaveLength(3);
    for (const [key, order] of Object.entries(unprocessed)) {
      expect(order.fileName).toBe(key);
      expect(Object.keys(order).sort()).toEqual(['date', 'fileName', 'firstName', 'folderName', 'lastName', 'sentBy']);
      expect(order.folderName).toMatch(/^\d{2}-\d{5}-[A-Z]+$/);
      expect(order.date).toMatch(isoDate);
      expect(order.sentBy).toBe('Lena Lakeside');
    }
    expect(
      Object.values(unprocessed)
        .map((o) => o.lastName)
        .sort(),
    ).toEqual(['Garcia', 'Olson', 'Schmidt']);
  });

  it('each dealer sees only its own orders; the seed has every state for lakeside and summit', async () => {
    const lakeside = await lists('lakeside');
    const summit = await lists('summit');
    const lakesideNames = [
      ...lakeside.confirmed.map((o) => o.fileName),
      ...lakeside.processed.map((o) => o.fileName),
      ...Object.keys(lakeside.unprocessed),
      ...Object.keys(lakeside.initial),
    ];
    const summitNames = [
      ...summit.confirmed.map((o) => o.fileName),
      ...summit.processed.map((o) => o.fileName),
      ...Object.keys(summit.unprocessed),
      ...Object.keys(summit.initial),
    ];
    expect(lakesideNames.every((n) => n.includes('-1001-'))).toBe(true);
    expect(summitNames.every((n) => n.includes('-1002-'))).toBe(true);
    for (const list of [
      summit.confirmed,
      summit.processed,
      Object.keys(summit.unprocessed),
      Object.keys(summit.initial),
    ])
      expect(list.length).toBeGreaterThan(0);
    const employee = await lists('temo.employee');
    expect(employee).toEqual({ confirmed: [], processed: [], unprocessed: {}, initial: {} });
  });

  it('initialOrders tells previews (drawings looked at, never sent) from orders sent', async () => {
    const initial = Object.values(
      await get<Record<string, { lastName: string; isPreview: boolean }>>('/api/TxtThings/initialOrders'),
    );
    const byName = Object.fromEntries(initial.map((order) => [order.lastName, order.isPreview]));
    // The seed's sunroom previews (isOrdered=false) and an engineering request sent (isOrdered=true).
    expect(byName).toMatchObject({ Kowalski: true, Nguyen: true, HANSEN: false });
  });

  it('needs a token', async () => {
    for (const url of [
      '/api/SQLThings/ConfirmedData',
      '/api/SQLThings/ProcessedData',
      '/api/TxtThings/unprocessedFiles',
    ]) {
      expect((await server.app.inject({ url })).statusCode).toBe(401);
    }
  });
});
