import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryNode, PartsPage as PartList } from '../../src/contracts/catalogue';
import { apiDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';

describe.each(apiDialects())('catalogue lists ($dialect)', ({ dialect, skipReason }) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    if (skipReason) return;
    server = await startTestServer({}, { dialect });
    token = await server.tokenFor('lakeside');
  });
  afterAll(async () => server?.close());

  async function get<T>(url: string, status = 200): Promise<T> {
    const response = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status, `${url}: ${response.status}`).toBe(status);
    return (await response.json()) as T;
  }

  it.skipIf(skipReason)('pages the spare parts with skip and top, the total counting all of them', async () => {
    const first = await get<PartList>('/api/SpareParts/GetSpareParts?skip=0&top=50');
    expect(first.spareParts).toHaveLength(50);
    expect(first.total).toBeGreaterThanOrEqual(250);
    const second = await get<PartList>('/api/SpareParts/GetSpareParts?skip=50&top=50');
    expect(second.spareParts[0].partNumber).not.toBe(first.spareParts[0].partNumber);
    const numbers = new Set([...first.spareParts, ...second.spareParts].map((p) => p.partNumber));
    expect(numbers.size).toBe(100);
    const last = await get<PartList>(`/api/SpareParts/GetSpareParts?skip=${first.total - 3}&top=50`);
    expect(last.spareParts).toHaveLength(3);
    const part = first.spareParts[0];
    expect(part.name).toBe(part.identifier);
    expect(typeof part.price).toBe('number');
    expect(part.parentCategory && part.secondCategory && part.thirdCategory).toBeTruthy();
  });

  it.skipIf(skipReason)('refuses a malformed page with 400 and reasons', async () => {
    for (const query of ['skip=-1', 'top=0', 'top=1001', 'skip=abc', 'top=2.5']) {
      const body = await get<{ message: string }>(`/api/SpareParts/GetSpareParts?${query}`, 400);
      expect(body.message).toBeTruthy();
    }
  });

  it.skipIf(skipReason)('filters by category levels and by search words', async () => {
    const fasteners = await get<PartList>('/api/SpareParts/GetSpareParts?top=1000&parentCategory=FASTENERS');
    expect(fasteners.total).toBeGreaterThan(5);
    expect(fasteners.spareParts.every((p) => p.parentCategory === 'FASTENERS')).toBe(true);
    const anchors = await get<PartList>(
      '/api/SpareParts/GetSpareParts?top=1000&parentCategory=FASTENERS&secondCategory=ANCHORS&thirdCategory=WEDGE',
    );
    expect(anchors.total).toBeGreaterThan(0);
    expect(anchors.spareParts.every((p) => p.thirdCategory === 'WEDGE')).toBe(true);
    const search = await get<PartList>(
      `/api/SpareParts/GetSpareParts?top=1000&search=${encodeURIComponent('drip bronze')}`,
    );
    expect(search.total).toBeGreaterThan(0);
    expect(search.spareParts.every((p) => /DRIP/.test(p.identifier) && /BRONZE/.test(p.identifier))).toBe(true);
    const byNumber = await get<PartList>(`/api/SpareParts/GetSpareParts?search=${anchors.spareParts[0].partNumber}`);
    expect(byNumber.spareParts.map((p) => p.partNumber)).toContain(anchors.spareParts[0].partNumber);
    // A % typed by a dealer is a character, not a wildcard.
    expect((await get<PartList>('/api/SpareParts/GetSpareParts?search=%25')).total).toBe(0);
  });

  it.skipIf(skipReason)('gives the category tree three levels deep, with TRANSOMS, SASH and DOORS', async () => {
    const { categories } = await get<{ categories: CategoryNode[] }>('/api/SpareParts/GetCategories');
    const names = categories.map((c) => c.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'EXTRUSIONS',
        'FASTENERS',
        'GASKETS & SEALS',
        'PANELS',
        'HARDWARE',
        'TRANSOMS',
        'SASH',
        'DOORS',
      ]),
    );
    const extrusions = categories.find((c) => c.name === 'EXTRUSIONS')!;
    expect(extrusions.children[0].children.length).toBeGreaterThan(0);
    expect(extrusions.count).toBe(extrusions.children.reduce((sum, c) => sum + c.count, 0));
  });

  it.skipIf(skipReason)(
    'lists marketing and displays with skip 0 and top 50 (spec 3 §9), displays with their number',
    async () => {
      const marketing = await get<PartList>('/api/SpareParts/GetMarketingParts?skip=0&top=50');
      expect(marketing.spareParts.length).toBeGreaterThan(10);
      expect(marketing.spareParts.every((p) => p.parentCategory === 'MARKETING')).toBe(true);
      const displays = await get<PartList>('/api/SpareParts/GetDisplayParts?skip=0&top=50');
      expect(displays.spareParts.length).toBeGreaterThan(3);
      expect(displays.spareParts.every((p) => /^\d+$/.test(p.displayNumber ?? ''))).toBe(true);
    },
  );

  it.skipIf(skipReason)("lists transoms, doors and sash with the spec's sizes and styles", async () => {
    const transoms = await get<PartList>('/api/SpareParts/GetTransoms?top=1000');
    expect(new Set(transoms.spareParts.map((p) => p.size))).toEqual(
      new Set(['6 Inch', '10 Inch', '12 Inch', '24 Inch']),
    );
    expect(new Set(transoms.spareParts.map((p) => p.secondCategory))).toEqual(
      new Set(['206 Non-Temp', '206 Temp', '406 Temp']),
    );
    const doors = await get<PartList>('/api/SpareParts/GetDoors?top=1000');
    expect(new Set(doors.spareParts.map((p) => p.windowWallStyle))).toEqual(new Set(['2 Inch', '206', '406']));
    expect(new Set(doors.spareParts.map((p) => p.identifier))).toEqual(
      new Set(['35inx80in', '43inx86in', '36inx80in', '42inx86in']),
    );
    expect(doors.spareParts.every((p) => p.lockset && p.hinges && p.orientation)).toBe(true);
    const sash = await get<PartList>('/api/SpareParts/GetSash?top=1000');
    expect(new Set(sash.spareParts.map((p) => p.windowWallStyle))).toEqual(new Set(['2IN', '206', '406', 'IMPACT']));
    expect(sash.spareParts.every((p) => p.sashSet && p.glassType)).toBe(true);
  });

  it.skipIf(skipReason)('gives the glass price list per square foot', async () => {
    const { glassPrices } = await get<{ glassPrices: { identifier: string; price: number }[] }>(
      '/api/SpareParts/GetGlassPrices',
    );
    expect(glassPrices.map((g) => g.identifier)).toEqual(['Tempered Glass', 'Tempered Insulated Glass']);
    expect(glassPrices.every((g) => g.price > 0)).toBe(true);
  });

  it.skipIf(skipReason)(
    "answers a part's picture as base64 PNG, the same picture again, 404 for an unknown id, 400 for a malformed one",
    async () => {
      const { spareParts } = await get<PartList>('/api/SpareParts/GetSpareParts?top=2');
      const first = await get<{ ImageContent: string; ContentType: string }>(
        `/api/SpareParts/GetImage?imageId=${spareParts[0].imageID}`,
      );
      const bytes = Buffer.from(first.ImageContent, 'base64');
      expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(first.ContentType).toBe('image/png');
      const again = await get<{ ImageContent: string }>(`/api/SpareParts/GetImage?imageId=${spareParts[0].imageID}`);
      expect(again.ImageContent).toBe(first.ImageContent);
      const other = await get<{ ImageContent: string }>(`/api/SpareParts/GetImage?imageId=${spareParts[1].imageID}`);
      expect(other.ImageContent).not.toBe(first.ImageContent);
      await get('/api/SpareParts/GetImage?imageId=IMG-NOPE-1', 404);
      await get(`/api/SpareParts/GetImage?imageId=${encodeURIComponent('../etc/passwd')}`, 400);
      await get('/api/SpareParts/GetImage', 400);
    },
  );

  it.skipIf(skipReason)('needs a bearer token for every list and picture', async () => {
    for (const path of [
      '/api/SpareParts/GetSpareParts',
      '/api/SpareParts/GetCategories',
      '/api/SpareParts/GetDoors',
      '/api/SpareParts/GetGlassPrices',
      '/api/SpareParts/GetImage?imageId=IMG-X',
    ]) {
      expect((await fetch(`${server.baseUrl}${path}`)).status).toBe(401);
    }
  });
});
