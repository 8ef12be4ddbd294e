import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredOrder } from '../../src/contracts/index';
import type { SubmitRefusal as Refusal } from '../../src/contracts/common';
import { orders } from '../../src/server/db/schema';
import { routeTestDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';

const submitUrl = '/api/SpareParts/CustomGlass';

interface Piece {
  glassShape: string;
  leftSideInches: number;
  bottomSideInches: number;
  rightSideInches: number;
  quantity: number;
  name?: string;
  price?: number;
}

describe.each(routeTestDialects())('glass orders: CustomGlass ($dialect)', ({ dialect }) => {
  let server: TestServer;
  let token: string;
  let prices: Record<string, number>;

  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
    token = await server.tokenFor('summit');
    const list = (await (
      await fetch(`${server.baseUrl}/api/SpareParts/GetGlassPrices`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { glassPrices: { identifier: string; price: number }[] };
    prices = Object.fromEntries(list.glassPrices.map((g) => [g.identifier, g.price]));
  });
  afterAll(async () => server?.close());

  const countOrders = async () => (await server.app.db.select({ n: count() }).from(orders))[0].n;
  const post = (body: unknown, auth: string | null = token) =>
    fetch(`${server.baseUrl}${submitUrl}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
      body: JSON.stringify(body),
    });

  function glassOrder(
    pieces: Piece[] = [
      { glassShape: 'Left High', leftSideInches: 31, bottomSideInches: 41, rightSideInches: 20, quantity: 2 },
      { glassShape: 'Rectangular', leftSideInches: 12, bottomSideInches: 16, rightSideInches: 12, quantity: 1 },
    ],
    type = 'Tempered Insulated Glass',
  ): Record<string, unknown> {
    return {
      OrderGlassParts: pieces.map((piece) => ({
        name: `${piece.leftSideInches} x ${piece.bottomSideInches} x ${piece.rightSideInches}`,
        price: 1,
        ...piece,
      })),
      selectedGlassType: type,
      personalInfo: { lastName: 'NOVAK', sender: 'Pat Summit', email: 'pat@summit.example', purchaseOrder: '' },
      shippingMethod: 'PICK UP',
      userFileName: 'NOVAKGL',
      additionalInfo: { Line1: 'Knee wall panels' },
    };
  }

  it('stores a glass order priced by the glass price list (posted prices ignored) and lists it in initial orders', async () => {
    const response = await post(glassOrder());
    expect(response.status).toBe(201);
    const { fileName } = (await response.json()) as StoredOrder;
    expect(fileName).toMatch(/^GLS-1002-/);
    const [row] = await server.app.db.select().from(orders).where(eq(orders.fileName, fileName));
    expect(row).toMatchObject({ formId: 'glass-cart', status: 'initial', dealerId: 1002 });
    const perSqFt = prices['Tempered Insulated Glass'];
    const pieces = (row.data as { OrderGlassParts: Piece[] }).OrderGlassParts;
    // 32 x 42 in = 2.6667 x 3.5 ft = 9.3333 sq ft; 12 x 16 in is under 3 sq ft, so 3 sq ft.
    expect(pieces[0]).toMatchObject({
      name: '31 x 41 x 20',
      price: Math.round((32 / 12) * (42 / 12) * perSqFt * 100) / 100,
      quantity: 2,
    });
    expect(pieces[1]).toMatchObject({ name: '12 x 16 x 12', price: Math.round(3 * perSqFt * 100) / 100 });
    const initial = (await (
      await fetch(`${server.baseUrl}/api/TxtThings/initialOrders`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Record<string, { lastName: string }>;
    expect(initial[fileName].lastName).toBe('NOVAK');
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['an empty cart', { ...glassOrder([]) }, 'OrderGlassParts', 'Please add glass to your cart before submitting.'],
    [
      'a 13-inch slope',
      glassOrder([
        { glassShape: 'Right High', leftSideInches: 10, bottomSideInches: 12, rightSideInches: 15, quantity: 1 },
      ]),
      'OrderGlassParts.0.bottomSideInches',
      'The hypotenuse of the trapezoid has a minimum of 14 inches',
    ],
    [
      'a side over 96 inches',
      glassOrder([
        { glassShape: 'Left High', leftSideInches: 97, bottomSideInches: 40, rightSideInches: 20, quantity: 1 },
      ]),
      'OrderGlassParts.0.leftSideInches',
      'Left side must be 4 to 96 inches',
    ],
    [
      'a bottom under 4 inches',
      glassOrder([
        { glassShape: 'Rectangular', leftSideInches: 20, bottomSideInches: 3, rightSideInches: 20, quantity: 1 },
      ]),
      'OrderGlassParts.0.bottomSideInches',
      'Bottom must be 4 to 96 inches',
    ],
    [
      'a Left High piece higher on the right',
      glassOrder([
        { glassShape: 'Left High', leftSideInches: 20, bottomSideInches: 40, rightSideInches: 30, quantity: 1 },
      ]),
      'OrderGlassParts.0.rightSideInches',
      'For Left High the right side cannot be higher than the left side',
    ],
    [
      '13 parts',
      glassOrder([
        { glassShape: 'Rectangular', leftSideInches: 20, bottomSideInches: 20, rightSideInches: 20, quantity: 7 },
        { glassShape: 'Rectangular', leftSideInches: 30, bottomSideInches: 20, rightSideInches: 30, quantity: 6 },
      ]),
      'OrderGlassParts',
      'The cart can only contain up to 12 parts at one time.',
    ],
    [
      'FedEx',
      { ...glassOrder(), shippingMethod: 'FEDEX GROUND' },
      'shippingMethod',
      'FedEx shipping is not available for trap glass orders',
    ],
    ['no glass type', { ...glassOrder(), selectedGlassType: '' }, 'selectedGlassType', 'Glass Type is required'],
    [
      'a quantity of 0',
      glassOrder([
        { glassShape: 'Rectangular', leftSideInches: 20, bottomSideInches: 20, rightSideInches: 20, quantity: 0 },
      ]),
      'OrderGlassParts.0.quantity',
      'Quantity must be at least 1',
    ],
  ];

  it.each(refusals)('refuses %s with 422 and the message, storing nothing', async (_name, body, path, message) => {
    const before = await countOrders();
    const response = await post(body);
    expect(response.status).toBe(422);
    expect(((await response.json()) as Refusal).errors?.[path]).toBe(message);
    expect(await countOrders()).toBe(before);
  });

  it.each([
    [
      'an unknown shape',
      {
        ...glassOrder(),
        OrderGlassParts: [
          { glassShape: 'Round', leftSideInches: 20, bottomSideInches: 20, rightSideInches: 20, quantity: 1 },
        ],
      },
    ],
    [
      'a side as text',
      {
        ...glassOrder(),
        OrderGlassParts: [
          { glassShape: 'Rectangular', leftSideInches: '20in', bottomSideInches: 20, rightSideInches: 20, quantity: 1 },
        ],
      },
    ],
    ['an unknown glass type', { ...glassOrder(), selectedGlassType: 'Bulletproof' }],
    ['an unknown field', { ...glassOrder(), spareParts: true }],
    ['a body that is a list', [glassOrder()]],
  ])('refuses %s with 400, storing nothing', async (_name, body) => {
    const before = await countOrders();
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as Refusal).reasons?.length).toBeGreaterThan(0);
    expect(await countOrders()).toBe(before);
  });

  it('needs a bearer token', async () => {
    expect((await post(glassOrder(), null)).status).toBe(401);
  });
});
