import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredOrder } from '../../src/contracts/index';
import type { CataloguePart as Part } from '../../src/contracts/catalogue';
import type { SubmitRefusal as Refusal } from '../../src/contracts/common';
import { orders } from '../../src/server/db/schema';
import { routeTestDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';

const submitUrl = '/api/SpareParts/SubmitSpareParts';

describe.each(routeTestDialects())('cart orders: SubmitSpareParts ($dialect)', ({ dialect }) => {
  let server: TestServer;
  let summit: string;
  let lakeside: string;
  let spare: Part[];
  let marketing: Part[];
  let displays: Part[];
  let door: Part;

  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
    [summit, lakeside] = await Promise.all([server.tokenFor('summit'), server.tokenFor('lakeside')]);
    const list = async (path: string) =>
      (
        (await (
          await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${summit}` } })
        ).json()) as { spareParts: Part[] }
      ).spareParts;
    [spare, marketing, displays, [door]] = await Promise.all([
      list('/api/SpareParts/GetSpareParts?skip=0&top=50'),
      list('/api/SpareParts/GetMarketingParts?skip=0&top=50'),
      list('/api/SpareParts/GetDisplayParts?skip=0&top=50'),
      list('/api/SpareParts/GetDoors?top=1'),
    ]);
  });
  afterAll(async () => server?.close());

  const countOrders = async () => (await server.app.db.select({ n: count() }).from(orders))[0].n;

  function post(body: unknown, token: string | null = summit, raw?: string) {
    return fetch(`${server.baseUrl}${submitUrl}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: raw ?? JSON.stringify(body),
    });
  }

  /** A complete spare parts order from summit (no locations), as the cart page sends it. */
  function sparePartsOrder(
    lines: { part: Part; quantity: number }[] = [
      { part: spare[0], quantity: 2 },
      { part: spare[5], quantity: 1 },
    ],
  ): Record<string, unknown> {
    return {
      OrderSpareParts: lines.map(({ part, quantity }) => ({
        partNumber: part.partNumber,
        quantity,
        partDescription: part.identifier,
        price: part.price,
      })),
      personalInfo: {
        lastName: 'KOWALSKI',
        sender: 'Pat Summit',
        email: 'pat@summit.example',
        purchaseOrder: 'PO-7781',
      },
      shippingMethod: 'FEDEX GROUND',
      userFileName: 'KOWAL01',
      additionalInfo: { Line1: 'Deliver to the back gate', Line2: '', Line3: '', Line4: '', Line5: '' },
      homeshowDate: '',
      spareParts: true,
    };
  }

  async function storedOrder(fileName: string) {
    const [row] = await server.app.db.select().from(orders).where(eq(orders.fileName, fileName));
    return row;
  }

  it("stores a spare parts order as an initial order of the caller's dealer, priced from the catalogue, listed in its initial orders only", async () => {
    const body = sparePartsOrder();
    const response = await post(body);
    expect(response.status).toBe(201);
    const { fileName } = (await response.json()) as StoredOrder;
    expect(fileName).toMatch(/^SPR-1002-/);
    const row = await storedOrder(fileName);
    expect(row).toMatchObject({ dealerId: 1002, formId: 'spare-parts-cart', status: 'initial', isOrdered: true });
    const data = row.data as Record<string, unknown>;
    expect(data).toMatchObject({
      spareParts: true,
      marketing: false,
      display: false,
      totalMSRP: Math.round((spare[0].price * 2 + spare[5].price) * 100) / 100,
    });
    const initial = (await (
      await fetch(`${server.baseUrl}/api/TxtThings/initialOrders`, { headers: { authorization: `Bearer ${summit}` } })
    ).json()) as Record<string, { lastName: string; sentBy: string }>;
    expect(initial[fileName]).toMatchObject({ lastName: 'KOWALSKI', sentBy: 'Pat Summit' });
    const others = (await (
      await fetch(`${server.baseUrl}/api/TxtThings/initialOrders`, {
        headers: { authorization: `Bearer ${lakeside}` },
      })
    ).json()) as Record<string, unknown>;
    expect(others[fileName]).toBeUndefined();
  });

  it("ignores posted prices and descriptions: the catalogue's are stored", async () => {
    const body = sparePartsOrder([{ part: spare[1], quantity: 3 }]);
    (body.OrderSpareParts as Record<string, unknown>[])[0].price = 0.01;
    (body.OrderSpareParts as Record<string, unknown>[])[0].partDescription = 'FREE';
    body.totalMSRP = 0.03;
    const response = await post(body);
    expect(response.status).toBe(201);
    const data = (await storedOrder(((await response.json()) as StoredOrder).fileName)).data as {
      OrderSpareParts: Part[];
      totalMSRP: number;
    };
    expect(data.OrderSpareParts[0]).toMatchObject({ price: spare[1].price, partDescription: spare[1].description });
    expect(data.totalMSRP).toBe(Math.round(spare[1].price * 3 * 100) / 100);
  });

  it('takes doors, transoms and sash in the spare parts cart, and asks lakeside for one of its locations', async () => {
    const body = { ...sparePartsOrder([{ part: door, quantity: 1 }]), selectedLocation: '2' };
    const response = await post(body, lakeside);
    expect(response.status).toBe(201);
    const missingLocation = await post(sparePartsOrder([{ part: door, quantity: 1 }]), lakeside);
    expect(missingLocation.status).toBe(422);
    expect(((await missingLocation.json()) as Refusal).missing).toEqual([
      { path: 'selectedLocation', label: 'Location' },
    ]);
  });

  it('sends marketing and display orders by their flag, checked by their own cart', async () => {
    const marketingBody = { ...sparePartsOrder([{ part: marketing[0], quantity: 4 }]), marketing: true };
    const m = await post(marketingBody);
    expect(m.status).toBe(201);
    const mRow = await storedOrder(((await m.json()) as StoredOrder).fileName);
    expect(mRow).toMatchObject({
      formId: 'marketing-cart',
      data: expect.objectContaining({ marketing: true, display: false, spareParts: true }),
    });

    const displayBody = {
      ...sparePartsOrder([{ part: displays[0], quantity: 1 }]),
      display: true,
      shippingMethod: 'NEXT TRUCK (Not FedEx)',
    };
    const d = await post(displayBody);
    expect(d.status).toBe(201);
    expect((await storedOrder(((await d.json()) as StoredOrder).fileName)).formId).toBe('display-cart');
  });

  const refusals: [string, (body: Record<string, unknown>) => Record<string, unknown>, (r: Refusal) => void][] = [
    [
      'an empty cart',
      (b) => ({ ...b, OrderSpareParts: [] }),
      (r) => expect(r.errors?.OrderSpareParts).toBe('Please add parts to your cart before submitting.'),
    ],
    [
      'a quantity of 0',
      (b) => ({ ...b, OrderSpareParts: [{ ...(b.OrderSpareParts as object[])[0], quantity: 0 }] }),
      (r) => expect(r.errors?.['OrderSpareParts.0.quantity']).toBe('Quantity must be at least 1'),
    ],
    [
      'no shipping method',
      (b) => ({ ...b, shippingMethod: '' }),
      (r) => expect(r.missing).toEqual([{ path: 'shippingMethod', label: 'Shipping Method' }]),
    ],
    [
      'no last name',
      (b) => ({ ...b, personalInfo: { ...(b.personalInfo as object), lastName: '' } }),
      (r) => expect(r.missing).toEqual([{ path: 'personalInfo.lastName', label: 'Last Name' }]),
    ],
    [
      'no sender',
      (b) => ({ ...b, personalInfo: { ...(b.personalInfo as object), sender: '' } }),
      (r) => expect(r.missing).toEqual([{ path: 'personalInfo.sender', label: 'Sender' }]),
    ],
    [
      'no email',
      (b) => ({ ...b, personalInfo: { ...(b.personalInfo as object), email: '' } }),
      (r) => expect(r.missing).toEqual([{ path: 'personalInfo.email', label: 'Email' }]),
    ],
    [
      'an invalid email in a list',
      (b) => ({ ...b, personalInfo: { ...(b.personalInfo as object), email: 'a@b.example, nope' } }),
      (r) => expect(r.errors?.['personalInfo.email']).toBe('Invalid email'),
    ],
    [
      'an unknown part number',
      (b) => ({ ...b, OrderSpareParts: [{ partNumber: 'NOPE-1', quantity: 1, partDescription: 'x', price: 1 }] }),
      (r) => expect(r.errors?.['OrderSpareParts.0.partNumber']).toBe('Unknown part number'),
    ],
    [
      'a marketing item in the spare parts cart',
      (b) => ({ ...b, OrderSpareParts: [{ partNumber: marketing[0].partNumber, quantity: 1 }] }),
      (r) => expect(r.errors?.['OrderSpareParts.0.partNumber']).toBe('Unknown part number'),
    ],
    [
      'a malformed home show date',
      (b) => ({ ...b, homeshowDate: '12/01/26' }),
      (r) => expect(r.errors?.homeshowDate).toBe('Invalid home show date'),
    ],
    [
      'two displays',
      (b) => ({
        ...b,
        display: true,
        shippingMethod: 'PICK UP',
        OrderSpareParts: [
          { partNumber: displays[0].partNumber, quantity: 1 },
          { partNumber: displays[1].partNumber, quantity: 1 },
        ],
      }),
      (r) => expect(r.errors?.OrderSpareParts).toBe('You can only order one display at a time.'),
    ],
    [
      'a display twice',
      (b) => ({
        ...b,
        display: true,
        shippingMethod: 'PICK UP',
        OrderSpareParts: [{ partNumber: displays[0].partNumber, quantity: 2 }],
      }),
      (r) => expect(r.errors?.OrderSpareParts).toBe('You can only order one display at a time.'),
    ],
    [
      'FedEx for a display',
      (b) => ({ ...b, display: true, OrderSpareParts: [{ partNumber: displays[0].partNumber, quantity: 1 }] }),
      (r) => expect(r.errors?.shippingMethod).toBe('FedEx shipping is not available for display orders'),
    ],
  ];

  it.each(refusals)('refuses %s with 422 and stores nothing', async (_name, change, expectation) => {
    const before = await countOrders();
    const response = await post(change(sparePartsOrder()));
    expect(response.status).toBe(422);
    const body = (await response.json()) as Refusal;
    expect(body.message).toMatch(/was not stored/);
    expectation(body);
    expect(await countOrders()).toBe(before);
  });

  const malformed: [string, () => Record<string, unknown> | undefined, string?][] = [
    ['an unknown field', () => ({ ...sparePartsOrder(), discount: 50 })],
    [
      'an unknown field in a line',
      () => ({ ...sparePartsOrder(), OrderSpareParts: [{ partNumber: spare[0].partNumber, quantity: 1, free: true }] }),
    ],
    [
      'a quantity as text',
      () => ({ ...sparePartsOrder(), OrderSpareParts: [{ partNumber: spare[0].partNumber, quantity: 'two' }] }),
    ],
    [
      'a fractional quantity',
      () => ({ ...sparePartsOrder(), OrderSpareParts: [{ partNumber: spare[0].partNumber, quantity: 1.5 }] }),
    ],
    ['a shipping method not offered', () => ({ ...sparePartsOrder(), shippingMethod: 'CARRIER PIGEON' })],
    [
      'a 49-character additional-info line',
      () => ({ ...sparePartsOrder(), additionalInfo: { Line1: 'x'.repeat(49) } }),
    ],
    [
      'a 100 kB last name',
      () => ({ ...sparePartsOrder(), personalInfo: { lastName: 'x'.repeat(100_000), sender: 'a', email: 'a@b.co' } }),
    ],
    ['both the marketing and the display flag', () => ({ ...sparePartsOrder(), marketing: true, display: true })],
    ['a flag as text', () => ({ ...sparePartsOrder(), display: 'yes' })],
    ['lines as an object', () => ({ ...sparePartsOrder(), OrderSpareParts: { partNumber: 'x' } })],
    ['an array body', () => undefined, '[1,2]'],
    ['a JSON string body', () => undefined, '"order"'],
    ['broken JSON', () => undefined, '{"OrderSpareParts": ['],
  ];

  it.each(malformed)('refuses %s with 400 and reasons, never 500, and stores nothing', async (_name, make, raw) => {
    const before = await countOrders();
    const response = await post(make(), summit, raw);
    expect(response.status).toBe(400);
    const body = (await response.json()) as Refusal;
    expect(body.message).toBeTruthy();
    expect(await countOrders()).toBe(before);
  });

  it('needs a bearer token', async () => {
    const before = await countOrders();
    expect((await post(sparePartsOrder(), null)).status).toBe(401);
    expect(await countOrders()).toBe(before);
  });
});
