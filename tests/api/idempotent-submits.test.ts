/**
 * Issue 10 point 6: every submit route takes an Idempotency-Key; a retry answers the first result instead of storing a
 * second order, and ten simultaneous orders naming one preview convert it once.
 */
import { randomUUID } from 'node:crypto';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CataloguePart as Part } from '../../src/contracts/catalogue';
import { idempotencyKeys, jobs, orders, users } from '../../src/server/db/schema';
import { fingerprintRequest, inProgressWaitMs } from '../../src/server/services/idempotency/index';
import { apiDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';
import { fixtureSunroom, submitSunroomUrl, writeFixtureDefinitions } from './sunroom-submit-support';

interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/** A complete engineering request from summit (no locations). */
function engineeringRequest(jobName = 'IDEMP01'): Record<string, unknown> {
  return {
    userFileName: jobName,
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
      email: 'jane@dealer.example',
      address: '1 Lake Rd',
      city: 'Erie',
      stateProvince: 'PA',
      zip: '16501',
    },
    shippingMethod: 'Email & Mail',
    mailMethod: 'GROUND',
    additionalInfo: { Line1: '', Line2: '', Line3: '', Line4: '', Line5: '' },
  };
}

function glassOrder(): Record<string, unknown> {
  return {
    OrderGlassParts: [
      {
        glassShape: 'Rectangular',
        leftSideInches: 12,
        bottomSideInches: 16,
        rightSideInches: 12,
        quantity: 1,
        name: '12 x 16 x 12',
        price: 1,
      },
    ],
    selectedGlassType: 'Tempered Glass',
    personalInfo: { lastName: 'NOVAK', sender: 'Pat Summit', email: 'pat@summit.example', purchaseOrder: '' },
    shippingMethod: 'PICK UP',
    userFileName: 'NOVAKGL',
    additionalInfo: { Line1: '' },
  };
}

describe.each(apiDialects())('idempotent submits ($dialect)', ({ dialect, skipReason }) => {
  let server: TestServer;
  let definitionsDir: string;
  let lakeside: string;
  let summit: string;
  let sparePart: Part;

  beforeAll(async () => {
    if (skipReason) return;
    // The small sunroom/pergola stand-ins, with the real engineering and cart definitions beside them.
    definitionsDir = await writeFixtureDefinitions();
    for (const form of ['engineering', 'spare-parts-cart', 'glass-cart'])
      await cp(path.join('definitions', form), path.join(definitionsDir, form), { recursive: true });
    server = await startTestServer({ definitionsDir }, { dialect });
    [lakeside, summit] = await Promise.all([server.tokenFor('lakeside'), server.tokenFor('summit')]);
    const list = await fetch(`${server.baseUrl}/api/SpareParts/GetSpareParts?skip=0&top=1`, {
      headers: { authorization: `Bearer ${summit}` },
    });
    [sparePart] = ((await list.json()) as { spareParts: Part[] }).spareParts;
  });
  afterAll(async () => {
    await server?.close();
    if (definitionsDir) await rm(definitionsDir, { recursive: true, force: true });
  });

  async function post(url: string, body: unknown, token: string, key?: string): Promise<Answer> {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        ...(key !== undefined ? { 'idempotency-key': key } : {}),
      },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      headers: response.headers,
    };
  }

  const countOrders = async () => (await server.app.db.select({ n: count() }).from(orders))[0].n;
  const countKeys = async (key: string) =>
    (await server.app.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, key)))[0].n;
  const orderRow = async (fileName: string) =>
    (await server.app.db.select().from(orders).where(eq(orders.fileName, fileName)))[0];

  function sparePartsOrder(jobName = 'KOWAL01'): Record<string, unknown> {
    return {
      OrderSpareParts: [
        {
          partNumber: sparePart.partNumber,
          quantity: 2,
          partDescription: sparePart.identifier,
          price: sparePart.price,
        },
      ],
      personalInfo: {
        lastName: 'KOWALSKI',
        sender: 'Pat Summit',
        email: 'pat@summit.example',
        purchaseOrder: 'PO-7781',
      },
      shippingMethod: 'FEDEX GROUND',
      userFileName: jobName,
      additionalInfo: { Line1: '', Line2: '', Line3: '', Line4: '', Line5: '' },
      homeshowDate: '',
      spareParts: true,
    };
  }

  /** Every submit route with a body it stores: [name, url, body, token]. */
  const routes = (): [string, string, Record<string, unknown>, string][] => [
    ['sunroom preview', submitSunroomUrl(false), { SunroomsData: fixtureSunroom() }, lakeside],
    [
      'sunroom order',
      submitSunroomUrl(true),
      { SunroomsData: fixtureSunroom({ selectedPermitOption: 'NO' }) },
      lakeside,
    ],
    [
      'pergola',
      '/api/OrderingPergolas/SubmitData?isOrdered=false',
      {
        PergolasData: {
          personalInfo: { lastName: 'Stone' },
          operableOption: 'PERGOLA FIXED',
          attachedOption: 'ATTACHED',
          widthFeet: 20,
          widthInches: 0,
          lengthFeet: 12,
          lengthInches: 0,
          postHeight: 8,
        },
      },
      summit,
    ],
    ['engineering request', '/api/OrderingEngineering/SubmitData', engineeringRequest(), summit],
    ['spare parts', '/api/SpareParts/SubmitSpareParts', sparePartsOrder(), summit],
    ['custom glass', '/api/SpareParts/CustomGlass', glassOrder(), summit],
  ];

  it.skipIf(skipReason)(
    'a retry with the same key answers the first result and stores one order, on every submit route',
    async () => {
      for (const [name, url, body, token] of routes()) {
        const key = randomUUID();
        const before = await countOrders();
        const first = await post(url, body, token, key);
        expect(first.status, `${name}: ${JSON.stringify(first.body)}`).toBe(201);
        expect(first.headers.get('idempotent-replayed')).toBeNull();
        const retry = await post(url, body, token, key);
        expect(retry.status, name).toBe(201);
        expect(retry.body, name).toEqual(first.body);
        expect(retry.headers.get('idempotent-replayed'), name).toBe('true');
        expect(await countOrders(), name).toBe(before + 1);
        // Without a key a second post is a second order, as before.
        const unkeyed = await post(url, body, token);
        expect(unkeyed.status, name).toBe(201);
        expect(unkeyed.body.fileName, name).not.toBe(first.body.fileName);
      }
    },
  );

  it.skipIf(skipReason)(
    'the same key with a different body or route is refused with 422 and stores nothing',
    async () => {
      const key = randomUUID();
      const first = await post('/api/SpareParts/SubmitSpareParts', sparePartsOrder('FIRST01'), summit, key);
      expect(first.status).toBe(201);
      const before = await countOrders();
      const otherBody = await post('/api/SpareParts/SubmitSpareParts', sparePartsOrder('OTHER01'), summit, key);
      expect(otherBody.status).toBe(422);
      expect(otherBody.body.message).toMatch(/Idempotency-Key was already used for a different request/);
      const otherRoute = await post('/api/OrderingEngineering/SubmitData', engineeringRequest(), summit, key);
      expect(otherRoute.status).toBe(422);
      expect(await countOrders()).toBe(before);
    },
  );

  it.skipIf(skipReason)(
    'a key belongs to its user: another user with the same key gets an order of their own',
    async () => {
      const key = randomUUID();
      const fromSummit = await post('/api/SpareParts/SubmitSpareParts', sparePartsOrder(), summit, key);
      const fromLakeside = await post(
        '/api/SpareParts/SubmitSpareParts',
        { ...sparePartsOrder(), selectedLocation: '2' },
        lakeside,
        key,
      );
      expect([fromSummit.status, fromLakeside.status]).toEqual([201, 201]);
      expect(fromLakeside.body.fileName).toMatch(/^SPR-1001-/);
      expect(fromSummit.body.fileName).toMatch(/^SPR-1002-/);
    },
  );

  it.skipIf(skipReason)(
    "a malformed key is answered 400 with reasons and nothing is stored; a quoted key (the draft's form) is taken",
    async () => {
      const before = await countOrders();
      for (const key of ['short', 'x'.repeat(129), 'key with spaces inside', 'key/with/a/slash', '"unterminated', '']) {
        const answer = await post('/api/SpareParts/SubmitSpareParts', sparePartsOrder(), summit, key);
        expect(answer.status, key).toBe(400);
        expect(answer.body.message, key).toBe('The Idempotency-Key header is malformed');
        expect((answer.body.reasons as string[]).length, key).toBeGreaterThan(0);
      }
      expect(await countOrders()).toBe(before);
      const uuid = randomUUID();
      const quoted = await post('/api/SpareParts/SubmitSpareParts', sparePartsOrder(), summit, `"${uuid}"`);
      expect(quoted.status).toBe(201);
      const bare = await post('/api/SpareParts/SubmitSpareParts', sparePartsOrder(), summit, uuid);
      expect(bare.body).toEqual(quoted.body);
    },
  );

  it.skipIf(skipReason)(
    'a refused submit (422) keeps nothing, not even the key: the corrected body with that key is stored',
    async () => {
      const key = randomUUID();
      const before = await countOrders();
      const incomplete = await post(
        '/api/OrderingEngineering/SubmitData',
        { ...engineeringRequest(), userFileName: '' },
        summit,
        key,
      );
      expect(incomplete.status).toBe(422);
      expect(await countKeys(key)).toBe(0);
      const corrected = await post('/api/OrderingEngineering/SubmitData', engineeringRequest(), summit, key);
      expect(corrected.status).toBe(201);
      expect(await countOrders()).toBe(before + 1);
      expect(await countKeys(key)).toBe(1);
    },
  );

  it.skipIf(skipReason)(
    'five simultaneous requests with one key make one order and all answer its fileName',
    async () => {
      const key = randomUUID();
      const before = await countOrders();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          post('/api/OrderingEngineering/SubmitData', engineeringRequest('SAMEKEY'), summit, key),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((a) => a.body.fileName)).size).toBe(1);
      expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
      expect(await countOrders()).toBe(before + 1);
    },
  );

  it.skipIf(skipReason)(
    'a key is forgotten after 24 hours: the same key then makes a new order, and expired keys are cleaned up',
    async () => {
      const key = randomUUID();
      const first = await post('/api/SpareParts/CustomGlass', glassOrder(), summit, key);
      const [stored] = await server.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      const lifetimeH = (stored.expiresAt.getTime() - stored.createdAt.getTime()) / 3_600_000;
      expect(lifetimeH).toBeCloseTo(24, 1);
      // A day later: this key and another user's old key have expired.
      const [lakesideUser] = await server.app.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.username, 'lakeside'));
      const staleKey = randomUUID();
      await server.app.db.insert(idempotencyKeys).values({
        userId: lakesideUser.id,
        key: staleKey,
        fingerprint: 'x',
        responseStatus: 201,
        responseBody: { fileName: 'OLD' },
        expiresAt: new Date(Date.now() - 60_000),
      });
      await server.app.db
        .update(idempotencyKeys)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(idempotencyKeys.key, key));
      const later = await post('/api/SpareParts/CustomGlass', glassOrder(), summit, key);
      expect(later.status).toBe(201);
      expect(later.body.fileName).not.toBe(first.body.fileName);
      expect(later.headers.get('idempotent-replayed')).toBeNull();
      expect(await countKeys(staleKey)).toBe(0);
      expect(await countKeys(key)).toBe(1);
    },
  );

  /** Holds a claim of `key` for summit in an open transaction (another server's request still running) until `release`. */
  async function holdClaim(
    key: string,
    body: unknown,
    response: { status: number; body: unknown } | null,
    release: Promise<'commit' | 'roll back'>,
  ) {
    const [summitUser] = await server.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'summit'));
    let claimed!: () => void;
    let failed!: (error: unknown) => void;
    const isClaimed = new Promise<void>((resolve, reject) => {
      claimed = resolve;
      failed = reject;
    });
    const done = server.app.db
      .transaction(async (tx) => {
        const fingerprint = fingerprintRequest({
          method: 'POST',
          route: '/api/OrderingEngineering/SubmitData',
          query: {},
          body,
        });
        await tx.insert(idempotencyKeys).values({
          userId: summitUser.id,
          key,
          fingerprint,
          responseStatus: response?.status,
          responseBody: response?.body,
          expiresAt: new Date(Date.now() + 3_600_000),
        });
        claimed();
        if ((await release) === 'roll back') tx.rollback();
      })
      .catch((error: unknown) => failed(error));
    await isClaimed;
    // Wrapped: an async function returning the promise itself would wait for the transaction to end.
    return { done };
  }

  // PostgreSQL only: PGlite has one connection, so a second transaction cannot even start while one is held open.
  it.skipIf(skipReason || dialect !== 'postgres')(
    'a retry while the first request with its key is still running waits for it and answers its result',
    async () => {
      const key = randomUUID();
      const body = engineeringRequest('WAITED');
      let release!: (how: 'commit') => void;
      const { done: held } = await holdClaim(
        key,
        body,
        { status: 201, body: { fileName: 'ENG-1002-20261123-000000-HELD' } },
        new Promise((resolve) => (release = resolve)),
      );
      const retry = post('/api/OrderingEngineering/SubmitData', body, summit, key);
      await new Promise((resolve) => setTimeout(resolve, 500));
      release('commit');
      await held;
      const answer = await retry;
      expect(answer).toMatchObject({ status: 201, body: { fileName: 'ENG-1002-20261123-000000-HELD' } });
      expect(answer.headers.get('idempotent-replayed')).toBe('true');
    },
  );

  it.skipIf(skipReason || dialect !== 'postgres')(
    `a retry still waiting after ${inProgressWaitMs / 1000} s gets 409 'in progress' with Retry-After, and nothing is stored`,
    { timeout: inProgressWaitMs + 15_000 },
    async () => {
      const key = randomUUID();
      const body = engineeringRequest('STUCK');
      let release!: (how: 'roll back') => void;
      const { done: held } = await holdClaim(key, body, null, new Promise((resolve) => (release = resolve)));
      const before = await countOrders();
      const answer = await post('/api/OrderingEngineering/SubmitData', body, summit, key);
      release('roll back');
      await held;
      expect(answer.status).toBe(409);
      expect(answer.headers.get('retry-after')).toBe('2');
      expect(answer.body.message).toMatch(/still being processed/);
      expect(await countOrders()).toBe(before);
      // The first one never finished: the key is free again and the next retry is stored.
      expect((await post('/api/OrderingEngineering/SubmitData', body, summit, key)).status).toBe(201);
    },
  );

  it.skipIf(skipReason)(
    'a retried preview-to-order conversion answers 200 with the same fileName; a new attempt at it gets 409',
    async () => {
      const preview = await post(submitSunroomUrl(false), { SunroomsData: fixtureSunroom() }, lakeside, randomUUID());
      const fileName = preview.body.fileName as string;
      const orderBody = { SunroomsData: fixtureSunroom({ currentCADImagesFiles: [fileName] }) };
      const key = randomUUID();
      const order = await post(submitSunroomUrl(true), orderBody, lakeside, key);
      expect(order).toMatchObject({ status: 200, body: { fileName } });
      const retry = await post(submitSunroomUrl(true), orderBody, lakeside, key);
      expect(retry).toMatchObject({ status: 200, body: { fileName } });
      const before = await countOrders();
      const again = await post(submitSunroomUrl(true), orderBody, lakeside, randomUUID());
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(
        `The preview ${fileName} has already been ordered; this order was not stored again`,
      );
      expect(await countOrders()).toBe(before);
    },
  );

  it.skipIf(skipReason)(
    'ten simultaneous orders naming one preview convert it once and refuse the other nine',
    async () => {
      const preview = await post(submitSunroomUrl(false), { SunroomsData: fixtureSunroom() }, lakeside, randomUUID());
      expect(preview.status).toBe(201);
      const fileName = preview.body.fileName as string;
      const before = await countOrders();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          post(
            submitSunroomUrl(true),
            { SunroomsData: fixtureSunroom({ currentCADImagesFiles: [`${fileName}-01-plan-view.png`] }) },
            lakeside,
            randomUUID(),
          ),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      expect(answers.find((a) => a.status === 200)?.body).toEqual({ fileName });
      for (const refused of answers.filter((a) => a.status === 409))
        expect(refused.body.message).toMatch(/has already been ordered/);
      expect(await countOrders()).toBe(before);
      expect(await orderRow(fileName)).toMatchObject({ status: 'unprocessed', isOrdered: true });
      const previewJobs = (await server.app.db.select().from(jobs)).filter(
        (job) => (job.payload as { fileName?: string }).fileName === fileName,
      );
      expect(previewJobs).toHaveLength(1);
    },
  );
});
