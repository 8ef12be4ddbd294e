import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredOrder } from '../../src/contracts/index';
import type { IncompleteSubmission, SubmitRefusal } from '../../src/contracts/common';
import { orders } from '../../src/server/db/schema';
import { routeTestDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';

const submitUrl = '/api/OrderingEngineering/SubmitData';

/** A complete engineering request for a dealer without locations (summit); lakeside adds selectedLocation. */
function completeBody(): Record<string, unknown> {
  return {
    userFileName: 'SMITH01',
    buildingCodes: 'IRC',
    yearForCodes: '2021',
    amendments: '',
    windSpeed: 120,
    sealType: 'wet',
    numberOfCopies: 2,
    signedSealedQty: 1,
    calculationLetterQty: 2,
    siteSpecificCalculationQty: 0,
    siteSpecificEachRevisionQty: 0,
    attestationLetterQty: 0,
    customDesignServiceQty: 0,
    renderingQty: 0,
    personalInfo: {
      sender: 'Jane Dealer',
      email: 'jane@dealer.example, office@dealer.example',
      address: '1 Lake Rd',
      city: 'Erie',
      stateProvince: 'PA',
      zip: '16501',
    },
    shippingMethod: 'Email & Mail',
    mailMethod: 'GROUND',
    additionalInfo: { Line1: 'Back porch', Line2: '', Line3: '', Line4: '', Line5: '' },
  };
}

/** Spec 1 §5 required fields (selectedLocation only when the dealer has locations). */
const requiredPaths = [
  'personalInfo.email',
  'personalInfo.address',
  'personalInfo.city',
  'personalInfo.stateProvince',
  'personalInfo.zip',
  'personalInfo.sender',
  'shippingMethod',
  'userFileName',
  'buildingCodes',
  'yearForCodes',
  'windSpeed',
  'sealType',
];

function without(body: Record<string, unknown>, path: string): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  delete node[keys[keys.length - 1]];
  return copy;
}

function withValue(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys[keys.length - 1]] = value;
  return copy;
}

type Refusal = IncompleteSubmission & Pick<SubmitRefusal, 'reasons'>;

describe.each(routeTestDialects())('engineering request API ($dialect)', ({ dialect }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
  });
  afterAll(async () => server?.close());

  const auth = async (username: string) => ({ authorization: `Bearer ${await server.tokenFor(username)}` });
  const submit = async (username: string, payload: unknown) =>
    server.app.inject({
      method: 'POST',
      url: submitUrl,
      headers: await auth(username),
      payload: payload as Record<string, unknown>,
    });
  const countOrders = async () => (await server.app.db.select({ n: count() }).from(orders))[0].n;
  const labelOf = (path: string) => server.app.definitions.get('engineering')!.compiled.labelOf(path);

  describe('prices', () => {
    it('lists the seven engineering documents of spec 1 §7 with their catalogue prices', async () => {
      const response = await server.app.inject({
        url: '/api/OrderingEngineering/GetEngineeringParts?skip=0&top=10',
        headers: await auth('lakeside'),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        spareParts: [
          { name: 'ENGINEERING DRAWINGS - SIGNED AND SEALED', price: 49 },
          { name: 'ENGINEERING - CALCULATION LETTER', price: 149 },
          { name: 'SITE SPECIFIC CALC', price: 499 },
          { name: 'SITE SPECIFIC REVISION', price: 199 },
          { name: 'ATTESTATION LETTER', price: 49 },
          { name: 'CUSTOM DESIGN SERVICE', price: 799 },
          { name: 'RENDERING FULL COLOR', price: 950 },
        ],
      });
    });

    it('lists the mail methods GROUND, 2ND DAY and NEXT DAY', async () => {
      const response = await server.app.inject({
        url: '/api/OrderingEngineering/GetEngineeringMailParts?skip=0&top=10',
        headers: await auth('summit'),
      });
      expect(response.statusCode).toBe(200);
      expect((response.json() as { spareParts: { name: string }[] }).spareParts.map((p) => p.name)).toEqual([
        'GROUND',
        '2ND DAY',
        'NEXT DAY',
      ]);
    });

    it('pages with skip and top', async () => {
      const response = await server.app.inject({
        url: '/api/OrderingEngineering/GetEngineeringParts?skip=2&top=2',
        headers: await auth('lakeside'),
      });
      expect((response.json() as { spareParts: { name: string }[] }).spareParts.map((p) => p.name)).toEqual([
        'SITE SPECIFIC CALC',
        'SITE SPECIFIC REVISION',
      ]);
    });

    it.each(['skip=-1', 'top=0', 'top=abc', 'top=100000'])('refuses %s with 400', async (query) => {
      const response = await server.app.inject({
        url: `/api/OrderingEngineering/GetEngineeringParts?${query}`,
        headers: await auth('lakeside'),
      });
      expect(response.statusCode).toBe(400);
      expect((response.json() as Refusal).reasons?.length).toBeGreaterThan(0);
    });
  });

  describe('submit', () => {
    it("stores a complete request, answers 201 with its file name, and lists it in that dealer's initial orders only", async () => {
      const before = await countOrders();
      const response = await submit('summit', completeBody());
      expect(response.statusCode, response.body).toBe(201);
      const { fileName } = response.json() as StoredOrder;
      expect(fileName).toMatch(/^ENG-\d+-\d{8}-\d{6}-[0-9A-Z]{4}$/);
      expect(await countOrders()).toBe(before + 1);

      const mine = (
        await server.app.inject({ url: '/api/TxtThings/initialOrders', headers: await auth('summit') })
      ).json() as Record<string, Record<string, string>>;
      expect(mine[fileName]).toEqual({
        lastName: 'SMITH01',
        firstName: '',
        sentBy: 'Jane Dealer',
        dateTimeSent: expect.stringMatching(/^\d{14}$/),
        fileName,
        isPreview: false,
      });
      const theirs = (
        await server.app.inject({ url: '/api/TxtThings/initialOrders', headers: await auth('lakeside') })
      ).json() as Record<string, unknown>;
      expect(theirs[fileName]).toBeUndefined();
    });

    it("stores the engine's payload: prices and total recomputed from the catalogue, not taken from the body", async () => {
      const response = await submit('summit', { ...completeBody(), engineeringTotal: 1, signedSealedPrice: 0 });
      expect(response.statusCode, response.body).toBe(201);
      const [row] = await server.app.db
        .select()
        .from(orders)
        .where(eq(orders.fileName, (response.json() as StoredOrder).fileName));
      const data = row.data as Record<string, unknown>;
      // One price per selected document (49 + 149) plus GROUND (15): spec 1 §9.
      expect(data.engineeringTotal).toBe(49 + 149 + 15);
      expect(data.signedSealedPrice).toBe(49);
      expect(row).toMatchObject({ status: 'initial', formId: 'engineering', isOrdered: true });
    });

    it.each(requiredPaths)('answers 422 naming %s when it is missing, and stores nothing', async (path) => {
      const before = await countOrders();
      const response = await submit('summit', without(completeBody(), path));
      expect(response.statusCode, response.body).toBe(422);
      const body = response.json() as Refusal;
      expect(body.missing).toContainEqual({ path, label: labelOf(path) });
      expect(body.message).toMatch(/not stored/);
      expect(await countOrders()).toBe(before);
    });

    it('asks lakeside (3 locations) for a location, and not summit (none)', async () => {
      const refused = await submit('lakeside', completeBody());
      expect(refused.statusCode).toBe(422);
      expect((refused.json() as Refusal).missing).toEqual([
        { path: 'selectedLocation', label: labelOf('selectedLocation') },
      ]);
      const accepted = await submit('lakeside', { ...completeBody(), selectedLocation: '2' });
      expect(accepted.statusCode, accepted.body).toBe(201);
      expect((await submit('summit', completeBody())).statusCode).toBe(201);
    });

    it('answers 422 with the missing list of an empty request', async () => {
      const response = await submit('lakeside', {});
      expect(response.statusCode).toBe(422);
      const paths = (response.json() as Refusal).missing.map((m) => m.path);
      expect(paths.sort()).toEqual([...requiredPaths, 'selectedLocation'].sort());
    });

    const messageCases: [string, Record<string, unknown>, string, string][] = [
      [
        'an invalid email',
        withValue(completeBody(), 'personalInfo.email', 'jane@dealer'),
        'personalInfo.email',
        'Invalid email',
      ],
      [
        'one bad email in a list',
        withValue(completeBody(), 'personalInfo.email', 'a@b.example, nope'),
        'personalInfo.email',
        'Invalid email',
      ],
      [
        'a sender with @',
        withValue(completeBody(), 'personalInfo.sender', 'jane@dealer'),
        'personalInfo.sender',
        'Sender cannot contain @',
      ],
      [
        'a state with a digit',
        withValue(completeBody(), 'personalInfo.stateProvince', 'P4'),
        'personalInfo.stateProvince',
        'Invalid state/province',
      ],
      ['a 4-digit zip', withValue(completeBody(), 'personalInfo.zip', '1650'), 'personalInfo.zip', 'Invalid ZIP code'],
      [
        'a year before 2000',
        withValue(completeBody(), 'yearForCodes', '1999'),
        'yearForCodes',
        'Invalid year for codes',
      ],
      [
        'a year that is not 4 digits',
        withValue(completeBody(), 'yearForCodes', '21'),
        'yearForCodes',
        'Invalid year for codes',
      ],
      ['a wind speed of 85', withValue(completeBody(), 'windSpeed', 85), 'windSpeed', 'Invalid wind speed'],
      ['a wind speed of 205', withValue(completeBody(), 'windSpeed', 205), 'windSpeed', 'Invalid wind speed'],
      [
        'no engineering document',
        { ...completeBody(), signedSealedQty: 0, calculationLetterQty: 0 },
        'signedSealedQty',
        'At least one engineering document must be selected',
      ],
      [
        'mailing without a mail method',
        without(completeBody(), 'mailMethod'),
        'mailMethod',
        'Mail method is required if wants mailed',
      ],
      ['a missing email', without(completeBody(), 'personalInfo.email'), 'personalInfo.email', 'Email is required'],
    ];
    it.each(messageCases)('answers %s with 422 and the spec 1 §5 message', async (_name, body, path, message) => {
      const before = await countOrders();
      const response = await submit('summit', body);
      expect(response.statusCode, response.body).toBe(422);
      expect((response.json() as Refusal).errors[path]).toBe(message);
      expect(await countOrders()).toBe(before);
    });

    it('accepts a Canadian postal code and an email-only request without a mail method', async () => {
      const canadian = withValue(
        withValue(completeBody(), 'personalInfo.zip', 'M5V 3L9'),
        'personalInfo.stateProvince',
        'ON',
      );
      const body = { ...without(canadian, 'mailMethod'), shippingMethod: 'Email Only' };
      expect((await submit('summit', body)).statusCode).toBe(201);
    });
  });

  describe('bad bodies get 400 with reasons, never 500, and store nothing', () => {
    const raw = async (payload: string, contentType = 'application/json') =>
      server.app.inject({
        method: 'POST',
        url: submitUrl,
        headers: { ...(await auth('summit')), 'content-type': contentType },
        payload,
      });

    const cases: [string, () => Promise<{ statusCode: number; body: string }>, RegExp][] = [
      ['malformed JSON', () => raw('{"userFileName": "A",'), /JSON/],
      ['an array body', () => raw(JSON.stringify([completeBody()])), /object/],
      ['an empty JSON body', () => raw(''), /empty|JSON/i],
      [
        'an empty body without a content type',
        async () => server.app.inject({ method: 'POST', url: submitUrl, headers: await auth('summit') }),
        /object|empty/,
      ],
      ['a JSON null', () => raw('null'), /object/],
      ['a text body', () => raw('userFileName=A', 'text/plain'), /object/],
      [
        'a string where a number goes',
        () => raw(JSON.stringify({ ...completeBody(), windSpeed: '120' })),
        /windSpeed.*integer/,
      ],
      [
        'a number where a string goes',
        () => raw(JSON.stringify(withValue(completeBody(), 'personalInfo.zip', 16501))),
        /zip.*string/,
      ],
      [
        'an object where a string goes',
        () => raw(JSON.stringify({ ...completeBody(), userFileName: { $ne: 1 } })),
        /userFileName.*string/,
      ],
      [
        'an unknown field',
        () => raw(JSON.stringify({ ...completeBody(), dealerId: 1001 })),
        /unknown field 'dealerId'/,
      ],
      [
        'an unknown nested field',
        () => raw(JSON.stringify(withValue(completeBody(), 'personalInfo.phone', '555'))),
        /personalInfo.*unknown field 'phone'/,
      ],
      [
        'a 1 MB string',
        () => raw(JSON.stringify({ ...completeBody(), amendments: 'x'.repeat(1024 * 1024) })),
        /amendments.*500 characters/,
      ],
      [
        'a 1 MB special-notes line',
        () => raw(JSON.stringify(withValue(completeBody(), 'additionalInfo.Line1', 'y'.repeat(1024 * 1024)))),
        /Line1.*48 characters/,
      ],
      [
        'an option not offered',
        () => raw(JSON.stringify({ ...completeBody(), buildingCodes: 'NONE' })),
        /buildingCodes.*allowed/,
      ],
      ['a __proto__ key', () => raw('{"__proto__": {"isAdmin": true}}'), /./],
    ];
    it.each(cases)('%s', async (_name, send, reason) => {
      const before = await countOrders();
      const response = await send();
      expect(response.statusCode, response.body).toBe(400);
      const body = JSON.parse(response.body) as { message: string; reasons?: string[] };
      expect([body.message, ...(body.reasons ?? [])].join(' | ')).toMatch(reason);
      expect(await countOrders()).toBe(before);
    });

    it('answers a body over 2 MB with 413', async () => {
      const response = await raw(JSON.stringify({ ...completeBody(), amendments: 'x'.repeat(3 * 1024 * 1024) }));
      expect(response.statusCode).toBe(413);
    });
  });

  it.each([
    ['GET', '/api/OrderingEngineering/GetEngineeringParts?skip=0&top=10'],
    ['GET', '/api/OrderingEngineering/GetEngineeringMailParts?skip=0&top=10'],
    ['POST', submitUrl],
    ['GET', '/api/TxtThings/initialOrders'],
  ] as const)('%s %s needs a bearer token (401)', async (method, url) => {
    const before = await countOrders();
    const response = await server.app.inject({ method, url, payload: method === 'POST' ? completeBody() : undefined });
    expect(response.statusCode).toBe(401);
    expect(await countOrders()).toBe(before);
  });
});
