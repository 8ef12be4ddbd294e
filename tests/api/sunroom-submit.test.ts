import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DealerRefusal,
  DrawingImage,
  IncompleteSubmission,
  Refusal,
  StoredOrder,
} from '../../src/contracts/index';
import { createSession } from '../../src/engine/index';
import { loadDefinitionRegistry } from '../../src/server/services/definition-registry';
import { jobs, orders } from '../../src/server/db/schema';
import { apiDialects, routeTestDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  fixtureSunroom,
  request,
  submitSunroomUrl,
  waitForDrawings,
  writeFixtureDefinitions,
} from './sunroom-submit-support';

const creditManager = { name: 'Jason Wright', phone: '(555) 010-1603', email: 'jason.wright@temo.example.com' };

/** The first golden order of a sunroom-family form the page may submit (undefined until there is one). */
function goldenSunroomPayload(
  form = 'sunroom',
): { title: string; payload: Record<string, unknown>; context: Record<string, unknown> } | undefined {
  const dir = path.resolve(`tests/golden/${form}`);
  if (!existsSync(dir)) return undefined;
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    const golden = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as {
      title: string;
      form: string;
      context?: Record<string, unknown>;
      start?: Record<string, unknown>;
      steps?: ({ set: Record<string, unknown> } | { blur: string })[];
      expect?: { submit?: { allowed?: boolean } };
    };
    if (
      golden.expect?.submit?.allowed !== true ||
      (golden.context?.locations && Object.keys(golden.context.locations).length > 0)
    )
      continue;
    return { title: golden.title, payload: golden as never, context: golden.context ?? {} };
  }
  return undefined;
}

describe.each(routeTestDialects())('SubmitSunroom: dealer status, shape and completeness ($dialect)', ({ dialect }) => {
  let server: TestServer;
  let definitionsDir: string;

  beforeAll(async () => {
    definitionsDir = await writeFixtureDefinitions();
    server = await startTestServer({ definitionsDir }, { dialect });
  });
  afterAll(async () => {
    await server?.close();
    if (definitionsDir) await rm(definitionsDir, { recursive: true, force: true });
  });

  it('refuses a call without a token with 401', async () => {
    const response = await request(server.baseUrl, 'POST', submitSunroomUrl(false), undefined, { SunroomsData: {} });
    expect(response.status).toBe(401);
  });

  it('answers 999 with the on-hold text and the credit manager to a dealer on hold, through a real HTTP client', async () => {
    const response = await request(server.baseUrl, 'POST', submitSunroomUrl(true), await server.tokenFor('harbor'), {
      SunroomsData: fixtureSunroom(),
    });
    expect(response.status).toBe(999);
    expect(response.body).toEqual({ message: 'You are currently on hold. Please contact', contact: creditManager });
    // fetch (undici) reads it too, and 999 comes before any check of the body.
    const viaFetch = await fetch(`${server.baseUrl}${submitSunroomUrl(true)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await server.tokenFor('harbor')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ SunroomsData: {} }),
    });
    expect(viaFetch.status).toBe(999);
    expect(((await viaFetch.json()) as Refusal).message).toBe('You are currently on hold. Please contact');
  });

  it('answers 998 to a manufacturer employee', async () => {
    const response = await request(
      server.baseUrl,
      'POST',
      submitSunroomUrl(false),
      await server.tokenFor('temo.employee'),
      { SunroomsData: fixtureSunroom() },
    );
    expect(response.status).toBe(998);
    expect(response.body).toEqual({
      message: 'You are currently logged on as a TEMO Employee. TEMO Employees cannot order.',
      contact: null,
    });
  });

  it('answers 997 to a patio-cover dealer submitting a sunroom, with a contact', async () => {
    const response = await request(server.baseUrl, 'POST', submitSunroomUrl(false), await server.tokenFor('summit'), {
      SunroomsData: fixtureSunroom(),
    });
    expect(response.status).toBe(997);
    const body = response.body as DealerRefusal;
    expect(body.message).toBe('You are only allowed to Order Patio Covers and Pergolas');
    expect(body.contact).toEqual({
      name: 'Michael Turner',
      phone: expect.any(String),
      email: expect.stringContaining('@'),
    });
  });

  it('answers 997 to a sunroom dealer submitting a pergola', async () => {
    const response = await request(
      server.baseUrl,
      'POST',
      '/api/OrderingPergolas/SubmitData?isOrdered=true',
      await server.tokenFor('lakeside'),
      { PergolasData: {} },
    );
    expect(response.status).toBe(997);
    expect((response.body as Refusal).message).toBe('You are only allowed to Order Sunrooms');
  });

  it('answers 422 with the missing list for an incomplete sunroom, and stores nothing', async () => {
    const before = await server.app.db.select({ id: orders.id }).from(orders);
    const response = await request(server.baseUrl, 'POST', submitSunroomUrl(false), await server.tokenFor('lakeside'), {
      SunroomsData: { selectedSunRoomType: 'Vista View' },
    });
    expect(response.status).toBe(422);
    const body = response.body as IncompleteSubmission;
    expect(body.message).toMatch(/not stored/);
    expect(body.missing.map((m) => m.path)).toEqual([
      'personalInfo.lastName',
      'selectedPermitOption',
      'wallLengthsFeet.0',
    ]);
    expect(body.missing.find((m) => m.path === 'personalInfo.lastName')?.label).toBe('Last Name');
    expect(await server.app.db.select({ id: orders.id }).from(orders)).toHaveLength(before.length);
  });

  it('answers 400 with reasons for unknown fields, wrong types, a missing wrapper or flag', async () => {
    const token = await server.tokenFor('lakeside');
    const unknown = await request(server.baseUrl, 'POST', submitSunroomUrl(false), token, {
      SunroomsData: { notAField: 1 },
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('notAField');
    const wrongType = await request(server.baseUrl, 'POST', submitSunroomUrl(false), token, {
      SunroomsData: { wallLengthsFeet: 'twelve' },
    });
    expect(wrongType.status).toBe(400);
    expect((await request(server.baseUrl, 'POST', submitSunroomUrl(false), token, { Sunrooms: {} })).status).toBe(400);
    expect(
      (await request(server.baseUrl, 'POST', '/api/OrderingSunrooms/SubmitSunroom', token, { SunroomsData: {} }))
        .status,
    ).toBe(400);
    expect(
      (
        await request(server.baseUrl, 'POST', '/api/OrderingSunrooms/SubmitSunroom?isOrdered=maybe', token, {
          SunroomsData: {},
        })
      ).status,
    ).toBe(400);
  });
});

/** Why the working tree's definitions cannot be served (someone is mid-edit), or undefined when they load. */
function realDefinitionsProblem(): string | undefined {
  try {
    loadDefinitionRegistry(path.resolve('definitions'));
    return undefined;
  } catch (error) {
    return `definitions/ does not load: ${(error as Error).message.split('\n')[0]}`;
  }
}

describe.each(apiDialects())('SubmitSunroom with the real definitions ($dialect)', ({ dialect, skipReason }) => {
  const skip = skipReason ?? realDefinitionsProblem();
  let server: TestServer;

  beforeAll(async () => {
    if (skip) return;
    server = await startTestServer({}, { dialect });
  });
  afterAll(async () => server?.close());

  it.skipIf(skip)('answers 422 naming the missing fields of an incomplete sunroom', async () => {
    const response = await request(server.baseUrl, 'POST', submitSunroomUrl(false), await server.tokenFor('lakeside'), {
      SunroomsData: { selectedSunRoomType: 'Vista View' },
    });
    expect(response.status).toBe(422);
    const body = response.body as { missing: { path: string; label: string }[] };
    expect(body.missing.map((m) => m.path)).toEqual(
      expect.arrayContaining(['personalInfo.lastName', 'selectedPermitOption']),
    );
  });

  /** The body the page posts after replaying a golden order of `form` for lakeside (it also picks a location). */
  async function replayGolden(
    form: string,
    golden: { payload: Record<string, unknown> },
    token: string,
  ): Promise<Record<string, unknown>> {
    const { readDefinitionFolder } = await import('../../src/server/definitions/index');
    const loaded = readDefinitionFolder(path.resolve(`definitions/${form}`), form);
    const raw = golden.payload as unknown as {
      start?: Record<string, unknown>;
      steps?: ({ set: Record<string, unknown> } | { blur: string })[];
    };
    // Lakeside has locations, so the page also asks which one (the golden order's dealer has none).
    const locations = (await request(server.baseUrl, 'GET', '/api/DealerUserIDName/locations', token)).body as Record<
      string,
      string
    >;
    const session = createSession(loaded.compiled!, {
      context: { locations, productLine: 'SUNROOMS' },
      start: raw.start ?? {},
    });
    for (const step of raw.steps ?? []) {
      if ('set' in step) for (const [p, v] of Object.entries(step.set)) session.set(p, v);
      else session.blur(step.blur);
    }
    session.set('selectedLocation', Object.keys(locations)[0]);
    return session.state.payload;
  }

  const golden = goldenSunroomPayload();
  it.skipIf(skip || !golden)('stores a complete golden sunroom order as unprocessed', async () => {
    const token = await server.tokenFor('lakeside');
    const payload = await replayGolden('sunroom', golden!, token);
    const response = await request(server.baseUrl, 'POST', submitSunroomUrl(true, 'sunroom'), token, {
      SunroomsData: payload,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect((response.body as StoredOrder).fileName).toMatch(/^SUN-1001-/);
  });

  const goldenImpact = goldenSunroomPayload('impact');
  it.skipIf(skip || !goldenImpact)(
    'checks an impact body with the form the page names: as impact it is stored, as sunroom the sunroom rules refuse it',
    async () => {
      const token = await server.tokenFor('lakeside');
      const payload = await replayGolden('impact', goldenImpact!, token);
      const asSunroom = await request(server.baseUrl, 'POST', submitSunroomUrl(true, 'sunroom'), token, {
        SunroomsData: payload,
      });
      expect([400, 422], JSON.stringify(asSunroom.body)).toContain(asSunroom.status);
      expect((asSunroom.body as Refusal).message).toMatch(/sunroom/);
      const asImpact = await request(server.baseUrl, 'POST', submitSunroomUrl(true, 'impact'), token, {
        SunroomsData: payload,
      });
      expect(asImpact.status, JSON.stringify(asImpact.body)).toBe(201);
      expect((asImpact.body as StoredOrder).fileName).toMatch(/^IMP-1001-/);
    },
  );
});

describe.each(routeTestDialects())(
  'per-form choices come from the definition, not the code ($dialect)',
  ({ dialect }) => {
    let server: TestServer;
    let definitionsDir: string;

    /** Rewrites the `submit` section of a form's rules.json in the temp definitions folder. */
    async function editSubmit(form: string, change: Record<string, unknown>): Promise<void> {
      const file = path.join(definitionsDir, form, 'rules.json');
      const rules = JSON.parse(await readFile(file, 'utf8')) as { submit?: Record<string, unknown> };
      await writeFile(file, JSON.stringify({ ...rules, submit: { ...rules.submit, ...change } }));
    }

    beforeAll(async () => {
      definitionsDir = await writeFixtureDefinitions();
      await cp(path.resolve('definitions/engineering'), path.join(definitionsDir, 'engineering'), { recursive: true });
      await editSubmit('sunroom', { fileNamePrefix: 'SRM' });
      await editSubmit('engineering', { fileNamePrefix: 'XENG' });
      await editSubmit('impact', { productLines: ['PATIO COVERS'] });
      server = await startTestServer({ definitionsDir }, { dialect });
    });
    afterAll(async () => {
      await server?.close();
      if (definitionsDir) await rm(definitionsDir, { recursive: true, force: true });
    });

    it('the file name starts with the prefix the definition declares', async () => {
      const sunroom = await request(
        server.baseUrl,
        'POST',
        submitSunroomUrl(true, 'sunroom'),
        await server.tokenFor('lakeside'),
        { SunroomsData: fixtureSunroom({ selectedPermitOption: 'NO' }) },
      );
      expect(sunroom.status, JSON.stringify(sunroom.body)).toBe(201);
      expect((sunroom.body as StoredOrder).fileName).toMatch(/^SRM-1001-\d{8}-\d{6}-[0-9A-Z]{4}$/);
      const engineering = await request(
        server.baseUrl,
        'POST',
        '/api/OrderingEngineering/SubmitData',
        await server.tokenFor('summit'),
        {
          userFileName: 'PREFIX1',
          buildingCodes: 'IRC',
          yearForCodes: '2021',
          amendments: '',
          windSpeed: 120,
          sealType: 'wet',
          numberOfCopies: 2,
          signedSealedQty: 1,
          calculationLetterQty: 0,
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
          shippingMethod: 'Email Only',
          additionalInfo: { Line1: '', Line2: '', Line3: '', Line4: '', Line5: '' },
        },
      );
      expect(engineering.status, JSON.stringify(engineering.body)).toBe(201);
      expect((engineering.body as StoredOrder).fileName).toMatch(/^XENG-1002-/);
    });

    it('who may order a form is its product lines: impact declared for patio covers refuses a sunroom dealer with 997', async () => {
      const refused = await request(
        server.baseUrl,
        'POST',
        submitSunroomUrl(true, 'impact'),
        await server.tokenFor('lakeside'),
        { SunroomsData: fixtureSunroom({ selectedPermitOption: 'NO' }) },
      );
      expect(refused.status).toBe(997);
      expect(refused.body).toMatchObject({
        message: 'You are only allowed to Order Sunrooms',
        contact: { name: 'Michael Turner' },
      });
      const allowed = await request(
        server.baseUrl,
        'POST',
        submitSunroomUrl(true, 'impact'),
        await server.tokenFor('summit'),
        { SunroomsData: fixtureSunroom({ selectedPermitOption: 'NO' }) },
      );
      expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);
      expect((allowed.body as StoredOrder).fileName).toMatch(/^IMP-1002-/);
    });
  },
);

describe.each(apiDialects())(
  'preview, drawings and order through SubmitSunroom ($dialect)',
  ({ dialect, skipReason }) => {
    let server: TestServer;
    let definitionsDir: string;

    beforeAll(async () => {
      if (skipReason) return;
      definitionsDir = await writeFixtureDefinitions();
      server = await startTestServer({ definitionsDir }, { dialect });
    });
    afterAll(async () => {
      await server?.close();
      if (definitionsDir) await rm(definitionsDir, { recursive: true, force: true });
    });

    async function orderRow(fileName: string) {
      const [row] = await server.app.db.select().from(orders).where(eq(orders.fileName, fileName));
      return row;
    }

    it.skipIf(skipReason)(
      'a preview is an initial order with drawings; the follow-up order turns it into an unprocessed order',
      async () => {
        const token = await server.tokenFor('lakeside');
        const preview = await request(server.baseUrl, 'POST', submitSunroomUrl(false), token, {
          SunroomsData: fixtureSunroom(),
        });
        expect(preview.status).toBe(201);
        const { fileName } = preview.body as StoredOrder;
        expect(fileName).toMatch(/^SUN-1001-\d{8}-\d{6}-[0-9A-Z]{4}$/);
        expect(await orderRow(fileName)).toMatchObject({
          status: 'initial',
          isOrdered: false,
          formId: 'sunroom',
          dealerId: 1001,
        });
        const initial = await request(server.baseUrl, 'GET', '/api/TxtThings/initialOrders', token);
        expect(Object.keys(initial.body as object)).toContain(fileName);

        const drawings = await waitForDrawings(server.baseUrl, token, fileName);
        expect(drawings.status).toBe(200);
        const images = drawings.body as DrawingImage[];
        expect(images.map((image) => image.fileName)).toEqual([
          `${fileName}-01-plan-view.png`,
          `${fileName}-02-elevation-wall-1.png`,
          `${fileName}-03-elevation-wall-2.png`,
          `${fileName}-04-elevation-wall-3.png`,
        ]);
        for (const image of images)
          expect(Buffer.from(image.imageData, 'base64').subarray(1, 4).toString()).toBe('PNG');

        // 'I am done making changes': the same data, isOrdered=true, naming the preview's drawings.
        const countLakesideOrders = async () =>
          (await server.app.db.select({ id: orders.id }).from(orders).where(eq(orders.dealerId, 1001))).length;
        const ordersBefore = await countLakesideOrders();
        const order = await request(server.baseUrl, 'POST', submitSunroomUrl(true), token, {
          SunroomsData: fixtureSunroom({ currentCADImagesFiles: images.map((image) => image.fileName) }),
        });
        expect(order.status).toBe(200);
        expect(order.body).toEqual({ fileName });
        expect(await orderRow(fileName)).toMatchObject({ status: 'unprocessed', isOrdered: true });
        expect(await countLakesideOrders()).toBe(ordersBefore);
        const initialAfter = await request(server.baseUrl, 'GET', '/api/TxtThings/initialOrders', token);
        expect(Object.keys(initialAfter.body as object)).not.toContain(fileName);
        // Unchanged data: no second drawing job.
        const drawingJobs = (await server.app.db.select().from(jobs)).filter(
          (job) => (job.payload as { fileName?: string }).fileName === fileName,
        );
        expect(drawingJobs).toHaveLength(1);
      },
    );

    it.skipIf(skipReason)(
      'an order without a preview (drawing package NO) is a new unprocessed order with drawings',
      async () => {
        const token = await server.tokenFor('lakeside');
        const response = await request(server.baseUrl, 'POST', submitSunroomUrl(true), token, {
          SunroomsData: fixtureSunroom({ selectedPermitOption: 'NO' }),
        });
        expect(response.status).toBe(201);
        const { fileName } = response.body as StoredOrder;
        expect(await orderRow(fileName)).toMatchObject({ status: 'unprocessed', isOrdered: true });
        expect((await waitForDrawings(server.baseUrl, token, fileName)).status).toBe(200);
      },
    );

    it.skipIf(skipReason)(
      'a preview named by another dealer is never touched: that order stays theirs and a new one is made',
      async () => {
        const lakeside = await server.tokenFor('lakeside');
        const preview = await request(server.baseUrl, 'POST', submitSunroomUrl(false), lakeside, {
          SunroomsData: fixtureSunroom(),
        });
        const { fileName } = preview.body as StoredOrder;
        const other = await startOtherSunroomDealerOrder(fileName);
        expect(other.status).toBe(201);
        expect((other.body as StoredOrder).fileName).not.toBe(fileName);
        expect(await orderRow(fileName)).toMatchObject({ status: 'initial', dealerId: 1001 });
      },
    );

    /** The seed has one unheld SUNROOMS dealer: lend the preview to dealer 1002 while lakeside names it, then give it back. */
    async function startOtherSunroomDealerOrder(previewName: string) {
      await server.app.db.update(orders).set({ dealerId: 1002 }).where(eq(orders.fileName, previewName));
      const response = await request(
        server.baseUrl,
        'POST',
        submitSunroomUrl(true),
        await server.tokenFor('lakeside'),
        { SunroomsData: fixtureSunroom({ currentCADImagesFiles: [previewName] }) },
      );
      await server.app.db.update(orders).set({ dealerId: 1001 }).where(eq(orders.fileName, previewName));
      return response;
    }

    it.skipIf(skipReason)(
      'checks and stores the body with the form the page sends, never guessed from the data',
      async () => {
        const token = await server.tokenFor('lakeside');
        // An impact-looking screen-room body: the form named in the call decides, whatever the fields say.
        const data = fixtureSunroom({
          selectedSunRoomType: 'Value View',
          selectedWindowWallStyle: 'Impact',
          selectedPermitOption: 'NO',
        });
        for (const [form, prefix] of [
          ['sunroom', 'SUN'],
          ['screenroom', 'SCR'],
          ['impact', 'IMP'],
        ]) {
          const response = await request(server.baseUrl, 'POST', submitSunroomUrl(true, form), token, {
            SunroomsData: data,
          });
          expect(response.status, JSON.stringify(response.body)).toBe(201);
          const { fileName } = response.body as StoredOrder;
          expect(fileName).toMatch(new RegExp(`^${prefix}-1001-`));
          expect((await orderRow(fileName)).formId).toBe(form);
        }
        // A caller naming no form gets the call's first form (sunroom), not a guess.
        const unnamed = await request(server.baseUrl, 'POST', submitSunroomUrl(true), token, { SunroomsData: data });
        expect((await orderRow((unnamed.body as StoredOrder).fileName)).formId).toBe('sunroom');
      },
    );

    it.skipIf(skipReason)(
      'refuses a form the call does not take, or an unknown one, with 400 and the forms it takes; nothing stored',
      async () => {
        const token = await server.tokenFor('lakeside');
        const before = await server.app.db.select({ id: orders.id }).from(orders);
        for (const form of ['pergola', 'engineering', 'no-such-form', '']) {
          const response = await request(
            server.baseUrl,
            'POST',
            `/api/OrderingSunrooms/SubmitSunroom?isOrdered=true&form=${encodeURIComponent(form)}`,
            token,
            { SunroomsData: fixtureSunroom() },
          );
          expect(response.status, form).toBe(400);
          expect(response.body).toMatchObject({
            message: `The form '${form}' is not ordered through /api/OrderingSunrooms/SubmitSunroom`,
            reasons: ['querystring.form must be one of: sunroom, screenroom, impact'],
          });
        }
        const pergolaAsPavilion = await request(
          server.baseUrl,
          'POST',
          '/api/OrderingPergolas/SubmitData?isOrdered=true&form=pavilion',
          await server.tokenFor('summit'),
          { PergolasData: {} },
        );
        expect(pergolaAsPavilion.status).toBe(400);
        expect(await server.app.db.select({ id: orders.id }).from(orders)).toHaveLength(before.length);
      },
    );

    it.skipIf(skipReason)(
      'refuses a form the dealer may not order (its product lines) with 997 and the reason, whichever form is named',
      async () => {
        for (const form of ['sunroom', 'screenroom', 'impact']) {
          const response = await request(
            server.baseUrl,
            'POST',
            submitSunroomUrl(false, form),
            await server.tokenFor('summit'),
            { SunroomsData: fixtureSunroom() },
          );
          expect(response.status, form).toBe(997);
          expect(response.body).toMatchObject({
            message: 'You are only allowed to Order Patio Covers and Pergolas',
            contact: { name: 'Michael Turner' },
          });
        }
      },
    );

    it.skipIf(skipReason)('a patio-cover dealer orders a pergola through the same service, with drawings', async () => {
      const token = await server.tokenFor('summit');
      const body = {
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
      };
      const response = await request(
        server.baseUrl,
        'POST',
        '/api/OrderingPergolas/SubmitData?isOrdered=false',
        token,
        body,
      );
      expect(response.status).toBe(201);
      const { fileName } = response.body as StoredOrder;
      expect(fileName).toMatch(/^PER-1002-/);
      const drawings = await waitForDrawings(server.baseUrl, token, fileName);
      expect((drawings.body as { fileName: string }[]).map((d) => d.fileName)).toEqual([
        `${fileName}-01-plan-view.png`,
        `${fileName}-02-elevation-front.png`,
        `${fileName}-03-elevation-side.png`,
      ]);
    });
  },
);
