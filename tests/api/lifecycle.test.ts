import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ConfirmedOrdersAnswer,
  OrderHistoryAnswer,
  ProcessedOrdersAnswer,
  StaffOrder,
  StaffOrdersAnswer,
} from '../../src/contracts/index';
import { insertOrder } from '../../src/server/repositories/orders-repository';
import { makeOrderFileName } from '../../src/server/services/file-names';
import { main as ordersMain, runOrdersCommand, type CliIo } from '../../scripts/orders';
import { apiDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';

const sunroomData = {
  personalInfo: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    address: '12 Analytical Way',
    city: 'Madison',
    stateProvince: 'WI',
    zip: '53703',
    sender: 'Lena Lakeside',
    email: 'lena@lakeside.example',
  },
  selectedSunRoomType: 'Vista View',
  lengthFeet: 16,
  widthFeet: 12,
};

/** Captures what the CLI prints. */
function captureIo(): CliIo & { text: () => string } {
  const lines: string[] = [];
  return { out: (t) => lines.push(t), err: (t) => lines.push(t), text: () => lines.join('\n') };
}

describe.each(apiDialects())('order lifecycle ($dialect)', ({ dialect, skipReason }) => {
  if (skipReason) {
    it.skip(`PostgreSQL run skipped: ${skipReason}`, () => {});
    return;
  }
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
  });
  afterAll(async () => server?.close());

  const headers = async (username: string) => ({ authorization: `Bearer ${await server.tokenFor(username)}` });
  const newOrder = async (dealerId = 1001, userId = 2001) => {
    const row = await insertOrder(server.app.db, {
      dealerId,
      userId,
      formId: 'sunroom',
      fileName: makeOrderFileName('SUN', dealerId),
      isOrdered: false,
      data: sunroomData,
    });
    return row.fileName;
  };
  const move = async (fileName: string, body: Record<string, unknown>, username = 'temo.staff') =>
    server.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${fileName}/transition`,
      headers: await headers(username),
      payload: body,
    });
  const emailed = async (fileName: string, body: Record<string, unknown> = {}) =>
    server.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${fileName}/emailed`,
      headers: await headers('temo.staff'),
      payload: body,
    });
  const show = async (fileName: string) =>
    (
      await server.app.inject({ url: `/api/staff/orders/${fileName}`, headers: await headers('temo.staff') })
    ).json() as StaffOrder;
  const dealerGet = async (url: string, username = 'lakeside') =>
    (await server.app.inject({ url, headers: await headers(username) })).json() as unknown;

  it('moves an order initial -> unprocessed -> processed -> confirmed -> shipped, recording who and when, and it follows the lists', async () => {
    const fileName = await newOrder();
    expect(Object.keys((await dealerGet('/api/TxtThings/initialOrders')) as object)).toContain(fileName);

    const toUnprocessed = await move(fileName, { to: 'unprocessed' });
    expect(toUnprocessed.statusCode, toUnprocessed.body).toBe(200);
    const unprocessed = toUnprocessed.json() as StaffOrder;
    expect(unprocessed).toMatchObject({ status: 'unprocessed', jobName: 'LOVELACE, ADA' });
    expect(unprocessed.folderName).toMatch(/^\d{2}-\d{5}-LOVELACE$/);
    const unprocessedList = (await dealerGet('/api/TxtThings/unprocessedFiles')) as Record<string, unknown>;
    expect(unprocessedList[fileName]).toEqual({
      folderName: unprocessed.folderName,
      lastName: 'Lovelace',
      firstName: 'Ada',
      sentBy: 'Lena Lakeside',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      fileName,
    });
    expect(Object.keys((await dealerGet('/api/TxtThings/initialOrders')) as object)).not.toContain(fileName);

    const toProcessed = await move(fileName, { to: 'processed', detailer: 'Dana Whitfield' });
    expect(toProcessed.statusCode, toProcessed.body).toBe(200);
    expect(toProcessed.json()).toMatchObject({ status: 'processed', detailer: 'Dana Whitfield', emailedOn: null });
    const processedList = ((await dealerGet('/api/SQLThings/ProcessedData')) as ProcessedOrdersAnswer).processedData;
    expect(processedList.find((o) => o.fileName === fileName)).toMatchObject({
      folderName: unprocessed.folderName,
      jobName: 'LOVELACE, ADA',
      detailer: 'Dana Whitfield',
      emailedOn: null,
    });

    const mailed = await emailed(fileName, { emailedOn: '2026-01-05' });
    expect(mailed.statusCode, mailed.body).toBe(200);
    expect(mailed.json()).toMatchObject({ status: 'processed', emailedOn: '2026-01-05' });

    const toConfirmed = await move(fileName, { to: 'confirmed', confirmation: '2026-01-07', schedDate: '2026-01-21' });
    expect(toConfirmed.statusCode, toConfirmed.body).toBe(200);
    const confirmedList = ((await dealerGet('/api/SQLThings/ConfirmedData')) as ConfirmedOrdersAnswer).confirmedData;
    expect(confirmedList).toContainEqual({
      folder: unprocessed.folderName,
      jobName: 'LOVELACE, ADA',
      fileName,
      confirmation: '2026-01-07',
      schedDate: '2026-01-21',
    });

    const toShipped = await move(fileName, { to: 'shipped', dateShipped: '2099-12-31' });
    expect(toShipped.statusCode, toShipped.body).toBe(200);
    expect(toShipped.json()).toMatchObject({
      status: 'shipped',
      dateShipped: '2099-12-31',
      shipTo: { streetAddress: '12 Analytical Way', cityStateZip: 'Madison, WI 53703' },
    });
    // Newest shipped first: a 2099 shipment heads page 1 of the history.
    const history = ((await dealerGet('/api/SQLThings/OrderHistoryData?page=1&pageSize=5')) as OrderHistoryAnswer)
      .orderHistoryData;
    expect(history[0]).toEqual({
      folder: unprocessed.folderName,
      fileName,
      jobName: 'LOVELACE, ADA',
      dateShipped: '2099-12-31',
      streetAddress: '12 Analytical Way',
      cityStateZip: 'Madison, WI 53703',
    });
    const confirmedAfter = ((await dealerGet('/api/SQLThings/ConfirmedData')) as ConfirmedOrdersAnswer).confirmedData;
    expect(confirmedAfter.map((o) => o.fileName)).not.toContain(fileName);

    const order = await show(fileName);
    expect(order.events.map((e) => `${e.from}->${e.to}`)).toEqual([
      'initial->unprocessed',
      'unprocessed->processed',
      'processed->processed',
      'processed->confirmed',
      'confirmed->shipped',
    ]);
    expect(order.events.every((e) => e.actor === 'temo.staff' && !Number.isNaN(Date.parse(e.at)))).toBe(true);
    expect(order.events[1].details).toMatchObject({ detailer: 'Dana Whitfield' });
  });

  it('lists an order whose form is no longer served under its file name, with empty names, never a 500', async () => {
    const { fileName } = await insertOrder(server.app.db, {
      dealerId: 1003,
      userId: 2003,
      formId: 'gazebo',
      fileName: makeOrderFileName('GAZ', 1003),
      isOrdered: true,
      data: sunroomData,
    });
    const initial = (await dealerGet('/api/TxtThings/initialOrders', 'harbor')) as Record<
      string,
      Record<string, string>
    >;
    expect(initial[fileName]).toMatchObject({ lastName: '', firstName: '', sentBy: '', fileName });
    const toUnprocessed = await move(fileName, { to: 'unprocessed' });
    expect(toUnprocessed.statusCode, toUnprocessed.body).toBe(200);
    expect(toUnprocessed.json()).toMatchObject({ jobName: fileName, folderName: expect.stringMatching(/-GAZ$/) });
    const unprocessed = (await dealerGet('/api/TxtThings/unprocessedFiles', 'harbor')) as Record<
      string,
      Record<string, string>
    >;
    expect(unprocessed[fileName]).toMatchObject({ lastName: '', firstName: '', sentBy: '' });
    const staffList = await server.app.inject({
      url: '/api/staff/orders?dealerId=1003',
      headers: await headers('temo.staff'),
    });
    expect(staffList.statusCode).toBe(200);
    expect((await move(fileName, { to: 'processed', detailer: 'Grace Liu', emailedOn: '2026-02-10' })).statusCode).toBe(
      200,
    );
    expect((await move(fileName, { to: 'confirmed', schedDate: '2026-03-01' })).statusCode).toBe(200);
    // No definition, so no address of its own: staff must give one.
    const toShipped = await move(fileName, { to: 'shipped' });
    expect(toShipped.statusCode).toBe(400);
    expect(toShipped.json()).toMatchObject({ reasons: ['shipTo is required: the order names no address to ship to'] });
  });

  it('refuses illegal moves with 409 and the reason, and changes nothing', async () => {
    const fileName = await newOrder();
    const skip = await move(fileName, { to: 'processed', detailer: 'X' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toContain('can move only to unprocessed');
    expect((await move(fileName, { to: 'initial' })).json().message).toContain('already initial');

    expect((await move(fileName, { to: 'unprocessed' })).statusCode).toBe(200);
    const back = await move(fileName, { to: 'initial' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toContain('not back to initial');

    expect((await move(fileName, { to: 'processed', detailer: 'Marco Ruiz' })).statusCode).toBe(200);
    const unmailed = await move(fileName, { to: 'confirmed', schedDate: '2026-02-01' });
    expect(unmailed.statusCode).toBe(409);
    expect(unmailed.json().message).toContain('has not been e-mailed');

    const order = await show(fileName);
    expect(order.status).toBe('processed');
    expect(order.events).toHaveLength(2);

    // A shipped order moves no further.
    expect((await emailed(fileName)).statusCode).toBe(200);
    expect((await move(fileName, { to: 'confirmed', schedDate: '2026-02-01' })).statusCode).toBe(200);
    expect((await move(fileName, { to: 'shipped' })).statusCode).toBe(200);
    const after = await move(fileName, { to: 'shipped' });
    expect(after.statusCode).toBe(409);
    expect((await emailed(fileName)).statusCode).toBe(409);
  });

  it.each([
    [{ to: 'processed' }, 'detailer is required'],
    [{ to: 'processed', detailer: '   ' }, 'detailer must be non-empty'],
    [{ to: 'unprocessed', detailer: 'X' }, 'detailer does not belong to a move to unprocessed'],
    [{ to: 'confirmed' }, 'schedDate is required'],
    [{ to: 'confirmed', schedDate: '2026-02-30' }, 'schedDate must be a date'],
    [{ to: 'shipped', dateShipped: '1/2/26' }, 'dateShipped must be a date'],
    [{ to: 'unprocessed', colour: 'red' }, 'body/colour is not a field of a move'],
    [{ to: 'archived' }, 'must be equal to one of the allowed values'],
    [{}, "must have required property 'to'"],
  ])('refuses the malformed move %j with 400', async (body, reason) => {
    const fileName = await newOrder();
    const response = await move(fileName, body);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(reason);
    expect((await show(fileName)).events).toHaveLength(0);
  });

  it('answers 404 for an unknown order and 400 for an unsafe name', async () => {
    expect((await move('SUN-1001-20200101-000000-XXXX', { to: 'unprocessed' })).statusCode).toBe(404);
    expect((await move('%2E%2E%5Cx', { to: 'unprocessed' })).statusCode).toBe(400);
    expect((await move('a%00b', { to: 'unprocessed' })).statusCode).toBe(400);
    expect((await move('a%2Fb', { to: 'unprocessed' })).statusCode).toBe(400);
  });

  it('lets only one of two simultaneous moves of the same order through', async () => {
    const fileName = await newOrder();
    const results = await Promise.all([move(fileName, { to: 'unprocessed' }), move(fileName, { to: 'unprocessed' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await show(fileName)).events).toHaveLength(1);
  });

  it('is staff-only: dealers and employees get 403, no token 401', async () => {
    const fileName = await newOrder();
    for (const username of ['lakeside', 'summit', 'temo.employee']) {
      expect((await move(fileName, { to: 'unprocessed' }, username)).statusCode, username).toBe(403);
      expect((await server.app.inject({ url: '/api/staff/orders', headers: await headers(username) })).statusCode).toBe(
        403,
      );
      expect(
        (await server.app.inject({ url: `/api/staff/orders/${fileName}`, headers: await headers(username) }))
          .statusCode,
      ).toBe(403);
    }
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: `/api/staff/orders/${fileName}/transition`,
          payload: { to: 'unprocessed' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await show(fileName)).status).toBe('initial');
  });

  it('lists orders of every dealer for staff, filtered by status and dealer', async () => {
    const response = await server.app.inject({
      url: '/api/staff/orders?status=processed&dealerId=1002',
      headers: await headers('temo.staff'),
    });
    expect(response.statusCode).toBe(200);
    const { orders } = response.json() as StaffOrdersAnswer;
    expect(orders.length).toBeGreaterThanOrEqual(2);
    expect(
      orders.every((o) => o.status === 'processed' && o.dealerId === 1002 && o.dealerName === 'Summit Patio Covers'),
    ).toBe(true);
  });

  it('the admin command makes the same moves through the same service', async () => {
    const fileName = await newOrder(1002, 2002);
    const run = async (...args: string[]) => {
      const io = captureIo();
      const code = await runOrdersCommand(server.app.db, args, io);
      return { code, text: io.text() };
    };
    expect(await run('move', fileName, 'unprocessed', '--as', 'pat.staff')).toMatchObject({
      code: 0,
      text: expect.stringContaining(`${fileName} is now unprocessed`),
    });
    expect(await run('move', fileName, 'processed')).toMatchObject({
      code: 2,
      text: expect.stringContaining('detailer is required'),
    });
    expect(await run('move', fileName, 'confirmed', '--sched-date', '2026-03-01')).toMatchObject({
      code: 1,
      text: expect.stringContaining('can move only to processed'),
    });
    expect(
      (await run('move', fileName, 'processed', '--detailer', 'Owen Becker', '--emailed-on', '2026-02-10')).code,
    ).toBe(0);
    expect((await run('move', fileName, 'confirmed', '--sched-date', '2026-03-01')).code).toBe(0);
    expect(
      (
        await run(
          'move',
          fileName,
          'shipped',
          '--date-shipped',
          '2026-03-04',
          '--street',
          '9 Dock St',
          '--city-state-zip',
          'Duluth, MN 55802',
        )
      ).code,
    ).toBe(0);
    const shown = await run('show', fileName, '--json');
    const order = JSON.parse(shown.text) as StaffOrder;
    expect(order).toMatchObject({
      status: 'shipped',
      detailer: 'Owen Becker',
      emailedOn: '2026-02-10',
      schedDate: '2026-03-01',
      dateShipped: '2026-03-04',
      shipTo: { streetAddress: '9 Dock St', cityStateZip: 'Duluth, MN 55802' },
    });
    // The job name the first move stored comes from the published definition the command read from the database.
    expect(order.jobName).toBe('LOVELACE, ADA');
    expect(order.events[0].actor).toBe('pat.staff');
    expect(order.events.slice(1).every((e) => e.actor.startsWith('cli:'))).toBe(true);
    const listed = await run('list', '--status', 'shipped', '--dealer', '1002');
    expect(listed.code).toBe(0);
    expect(listed.text).toContain(fileName);
    expect((await run('frobnicate')).code).toBe(2);
    expect((await run('list', '--status', 'lost')).code).toBe(2);
    expect((await run('show', 'NOPE-1')).code).toBe(1);
  });

  it.runIf(dialect === 'postgres')('`npm run orders` (main) opens DATABASE_URL and moves the order', async () => {
    const fileName = await newOrder();
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = server.config.databaseUrl;
    try {
      const io = captureIo();
      expect(await ordersMain(['move', fileName, 'unprocessed'], io)).toBe(0);
      expect(io.text()).toContain('is now unprocessed');
    } finally {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }
    expect((await show(fileName)).status).toBe('unprocessed');
  });
});
