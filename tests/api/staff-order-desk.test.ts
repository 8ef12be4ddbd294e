/**
 * Issue 14, the order desk's API: the paged, sorted and filtered grid with counts per state, the filters' choices,
 * moves with a note and the state the mover saw, bulk moves, the detailer, the order's details and files, e-mail.
 */
import { randomBytes } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BulkTransitionAnswer,
  EmailOrderAnswer,
  StaffOrder,
  StaffOrderDetails,
  StaffOrderFilters,
  StaffOrdersAnswer,
} from '../../src/contracts/staff';
import { main as ordersMain, runOrdersCommand, type CliIo } from '../../scripts/orders';
import { orders, type OrderStatus } from '../../src/server/db/schema';
import { containsPattern } from '../../src/server/repositories/staff-order-desk-repository';
import { readLiveServerRecord } from '../../src/server/services/server-record';
import { apiDialects } from '../support/api-dialects';
import { readMime, startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';
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

describe('containsPattern', () => {
  it('matches the text anywhere, with LIKE wildcards and the escape standing for themselves', () => {
    expect(containsPattern('50%_off\\x')).toBe('%50\\%\\_off\\\\x%');
  });
});

describe.each(apiDialects())('the order desk API ($dialect)', ({ dialect, skipReason }) => {
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
  const get = async (url: string, username = 'temo.staff') =>
    server.app.inject({ url, headers: await headers(username) });
  let sequence = 0;
  /** Orders with a job name carrying `tag` (so `q` finds only this test's), sent on the given days. */
  const seedOrders = async (
    tag: string,
    rows: { day: string; status?: OrderStatus; dealerId?: number; formId?: string; job?: string }[],
  ) => {
    const inserted = await server.app.db
      .insert(orders)
      .values(
        rows.map((row) => {
          sequence += 1;
          const dealerId = row.dealerId ?? 1001;
          return {
            dealerId,
            userId: dealerId + 1000,
            formId: row.formId ?? 'sunroom',
            fileName: `DESK-${tag}-${String(sequence).padStart(4, '0')}`,
            status: row.status ?? 'initial',
            data: sunroomData,
            jobName: `${row.job ?? 'JOB'} ${tag}`,
            createdAt: new Date(`${row.day}T12:00:00Z`),
          };
        }),
      )
      .returning({ fileName: orders.fileName });
    return inserted.map((row) => row.fileName);
  };
  const list = async (query: string) => {
    const response = await get(`/api/staff/orders?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StaffOrdersAnswer>();
  };

  it('pages every match exactly once, newest first, ties broken by id', async () => {
    const tag = randomBytes(4).toString('hex');
    // Seven orders on one instant-free day each but two sharing the same day and time: ties on createdAt.
    const names = await seedOrders(tag, [
      { day: '2031-01-01' },
      { day: '2031-01-02' },
      { day: '2031-01-02' },
      { day: '2031-01-02' },
      { day: '2031-01-03' },
      { day: '2031-01-04' },
      { day: '2031-01-05' },
    ]);
    const pages = [];
    for (let offset = 0; offset < 9; offset += 3) pages.push(await list(`q=${tag}&limit=3&offset=${offset}`));
    const seen = pages.flatMap((page) => page.orders.map((o) => o.fileName));
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(names));
    expect(seen[0]).toBe(names[6]);
    // Same day and time: the higher id first when newest first.
    expect(seen.slice(3, 6)).toEqual([names[3], names[2], names[1]]);
    expect(pages.every((page) => page.total === 7)).toBe(true);
    expect(pages[0].orders[0]).toMatchObject({ dealerName: 'Lakeside Sunrooms', jobName: `JOB ${tag}` });
  });

  it('filters by state, dealer, product, sent day and text, with counts per state under the other filters', async () => {
    const tag = randomBytes(4).toString('hex');
    await seedOrders(tag, [
      { day: '2032-03-01', status: 'unprocessed', dealerId: 1001 },
      { day: '2032-03-02', status: 'unprocessed', dealerId: 1002, formId: 'pergola' },
      { day: '2032-03-03', status: 'processed', dealerId: 1002 },
      { day: '2032-03-04', status: 'shipped', dealerId: 1002, job: 'SMITH_50%' },
    ]);
    const all = await list(`q=${tag}`);
    expect(all.total).toBe(4);
    expect(all.counts).toEqual({ initial: 0, unprocessed: 2, processed: 1, confirmed: 0, shipped: 1 });
    const unprocessed = await list(`q=${tag}&status=unprocessed`);
    expect(unprocessed.total).toBe(2);
    expect(unprocessed.counts).toEqual(all.counts);
    expect(unprocessed.orders.every((o) => o.status === 'unprocessed')).toBe(true);
    const summit = await list(`q=${tag}&dealerId=1002&status=unprocessed`);
    expect(summit.orders.map((o) => o.dealerName)).toEqual(['Summit Patio Covers']);
    expect(summit.counts).toEqual({ initial: 0, unprocessed: 1, processed: 1, confirmed: 0, shipped: 1 });
    expect((await list(`q=${tag}&formId=pergola`)).orders.map((o) => o.formId)).toEqual(['pergola']);
    // from/to are inclusive days.
    expect((await list(`q=${tag}&from=2032-03-02&to=2032-03-03`)).total).toBe(2);
    expect((await list(`q=${tag}&from=2032-03-04`)).total).toBe(1);
    expect((await list(`q=${tag}&to=2032-03-01`)).total).toBe(1);
    // Text: case-insensitive over job and file name; % and _ are themselves.
    expect((await list(`q=${encodeURIComponent(`smith_50% ${tag}`)}`)).total).toBe(1);
    expect((await list(`q=${encodeURIComponent(`smith_5% ${tag}`)}`)).total).toBe(0);
    expect((await list(`q=${encodeURIComponent(`desk-${tag}`)}`)).total).toBe(4);
  });

  it('sorts by each key both ways', async () => {
    const tag = randomBytes(4).toString('hex');
    await seedOrders(tag, [
      { day: '2033-01-01', status: 'shipped', dealerId: 1002, job: 'BRAVO' },
      { day: '2033-01-02', status: 'initial', dealerId: 1001, job: 'CHARLIE' },
      { day: '2033-01-03', status: 'processed', dealerId: 1003, job: 'ALPHA' },
    ]);
    const jobs = async (query: string) => (await list(`q=${tag}&${query}`)).orders.map((o) => o.jobName?.split(' ')[0]);
    expect(await jobs('sort=jobName&dir=asc')).toEqual(['ALPHA', 'BRAVO', 'CHARLIE']);
    expect(await jobs('sort=jobName&dir=desc')).toEqual(['CHARLIE', 'BRAVO', 'ALPHA']);
    expect(await jobs('sort=status')).toEqual(['CHARLIE', 'ALPHA', 'BRAVO']);
    expect(await jobs('sort=dealerName')).toEqual(['ALPHA', 'CHARLIE', 'BRAVO']);
    expect(await jobs('sort=createdAt&dir=asc')).toEqual(['BRAVO', 'CHARLIE', 'ALPHA']);
    expect(await jobs('')).toEqual(['ALPHA', 'CHARLIE', 'BRAVO']);
  });

  it('refuses bad queries with 400 and reasons', async () => {
    for (const query of ['status=lost', 'sort=price', 'limit=0', 'limit=1001', 'from=2024-13-01', 'offset=-1']) {
      const response = await get(`/api/staff/orders?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ reasons: string[] }>().reasons.length, query).toBeGreaterThan(0);
    }
  });

  it('offers every dealer and the published products as filters', async () => {
    const response = await get('/api/staff/order-filters');
    expect(response.statusCode).toBe(200);
    const filters = response.json<StaffOrderFilters>();
    expect(filters.dealers).toContainEqual({ id: 1002, name: 'Summit Patio Covers' });
    expect(filters.products.map((p) => p.formId)).toEqual(expect.arrayContaining(['sunroom', 'pergola']));
    expect(filters.products.every((p) => p.title.length > 0)).toBe(true);
  });
  const send = async (method: 'POST' | 'PUT', url: string, payload: unknown, username = 'temo.staff') =>
    server.app.inject({ method, url, headers: await headers(username), payload: payload as object });
  const show = async (fileName: string) => (await get(`/api/staff/orders/${fileName}`)).json<StaffOrder>();

  it("keeps a move's note in its event, and the command shows it", async () => {
    const [fileName] = await seedOrders(randomBytes(4).toString('hex'), [{ day: '2034-01-01' }]);
    const moved = await send('POST', `/api/staff/orders/${fileName}/transition`, {
      to: 'unprocessed',
      from: 'initial',
      note: '  Dealer called: rush it  ',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<StaffOrder>().events.at(-1)).toMatchObject({
      from: 'initial',
      to: 'unprocessed',
      actor: 'temo.staff',
      details: { note: 'Dealer called: rush it' },
    });
    const lines: string[] = [];
    const io: CliIo = { out: (t) => lines.push(t), err: (t) => lines.push(t) };
    expect(await runOrdersCommand(server.app.db, ['show', fileName], io)).toBe(0);
    expect(lines.join('\n')).toContain('note: Dealer called: rush it');
  });

  it('refuses a move from a state the order has left with 409 naming the move that happened', async () => {
    const [fileName] = await seedOrders(randomBytes(4).toString('hex'), [{ day: '2034-01-02' }]);
    expect((await send('POST', `/api/staff/orders/${fileName}/transition`, { to: 'unprocessed' })).statusCode).toBe(
      200,
    );
    const stale = await send(
      'POST',
      `/api/staff/orders/${fileName}/transition`,
      { to: 'unprocessed', from: 'initial' },
      'temo.staff',
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toMatch(
      new RegExp(
        `${fileName} is unprocessed now, not initial as you saw it: temo.staff moved it from initial to unprocessed at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC`,
      ),
    );
    expect((await show(fileName)).events).toHaveLength(1);
  });

  it('lets one of two concurrent moves of an order through, the other gets 409, one event row (repeated)', async () => {
    const tag = randomBytes(4).toString('hex');
    const names = await seedOrders(
      tag,
      Array.from({ length: 5 }, () => ({ day: '2034-02-01' })),
    );
    for (const fileName of names) {
      // Over HTTP, so the two requests really are in flight together on the server.
      const token = await server.tokenFor('temo.staff');
      const post = (note: string) =>
        fetch(`${server.baseUrl}/api/staff/orders/${fileName}/transition`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ to: 'unprocessed', from: 'initial', note }),
        });
      const answers = await Promise.all([post('first'), post('second')]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const refused = answers.find((a) => a.status === 409)!;
      expect(((await refused.json()) as { message: string }).message).toContain('moved it from initial to unprocessed');
      const order = await show(fileName);
      expect(order.status).toBe('unprocessed');
      expect(order.events).toHaveLength(1);
    }
  });

  it('moves the selected rows each on its own and reports each', async () => {
    const tag = randomBytes(4).toString('hex');
    const [a, b, c] = await seedOrders(tag, [
      { day: '2034-03-01', status: 'unprocessed' },
      { day: '2034-03-02', status: 'initial' },
      { day: '2034-03-03', status: 'unprocessed' },
    ]);
    const answer = await send('POST', '/api/staff/orders/transitions', {
      fileNames: [a, b, 'NO-SUCH-ORDER', 'a..b', c],
      move: { to: 'processed', detailer: 'Dana Whitfield', note: 'batch of Monday' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { results } = answer.json<BulkTransitionAnswer>();
    expect(results.map((r) => [r.fileName, r.outcome])).toEqual([
      [a, 'moved'],
      [b, 'refused'],
      ['NO-SUCH-ORDER', 'not-found'],
      ['a..b', 'invalid'],
      [c, 'moved'],
    ]);
    expect(results[0].status).toBe('processed');
    expect(results[1].message).toContain('can move only to unprocessed');
    expect((await show(c)).events[0].details).toMatchObject({ detailer: 'Dana Whitfield', note: 'batch of Monday' });
    expect((await show(b)).status).toBe('initial');
  });

  it('refuses a bulk move that no order could make, or more than 500 rows, with 400', async () => {
    const invalid = await send('POST', '/api/staff/orders/transitions', {
      fileNames: ['X'],
      move: { to: 'processed' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('detailer is required');
    const unknown = await send('POST', '/api/staff/orders/transitions', {
      fileNames: ['X'],
      move: { to: 'unprocessed', colour: 'red' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('body/move/colour is not a field of a move');
    const tooMany = await send('POST', '/api/staff/orders/transitions', {
      fileNames: Array.from({ length: 501 }, (_, i) => `F${i}`),
      move: { to: 'unprocessed' },
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('assigns and changes the detailer while queued, drawn or confirmed, recorded as an event in place', async () => {
    const tag = randomBytes(4).toString('hex');
    const [queued, sent, shipped] = await seedOrders(tag, [
      { day: '2034-04-01', status: 'unprocessed' },
      { day: '2034-04-02', status: 'initial' },
      { day: '2034-04-03', status: 'shipped' },
    ]);
    const assigned = await send('PUT', `/api/staff/orders/${queued}/detailer`, {
      detailer: 'Grace Liu',
      note: 'her area',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json<StaffOrder>()).toMatchObject({ status: 'unprocessed', detailer: 'Grace Liu' });
    expect(assigned.json<StaffOrder>().events.at(-1)).toMatchObject({
      from: 'unprocessed',
      to: 'unprocessed',
      details: { detailer: 'Grace Liu', note: 'her area' },
    });
    expect((await send('PUT', `/api/staff/orders/${queued}/detailer`, { detailer: 'Owen Becker' })).statusCode).toBe(
      200,
    );
    expect((await show(queued)).detailer).toBe('Owen Becker');
    for (const fileName of [sent, shipped]) {
      const refused = await send('PUT', `/api/staff/orders/${fileName}/detailer`, { detailer: 'Grace Liu' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toContain('a detailer is assigned only while');
    }
    expect((await send('PUT', `/api/staff/orders/${queued}/detailer`, { detailer: '  ' })).statusCode).toBe(400);
    expect((await send('PUT', `/api/staff/orders/NO-SUCH/detailer`, { detailer: 'X' })).statusCode).toBe(404);
  });
  it("shows an order's labelled lines, its files with staff URLs that serve them, and refuses unsafe names", async () => {
    const [fileName] = await seedOrders(randomBytes(4).toString('hex'), [
      { day: '2034-05-01', status: 'processed', dealerId: 1002 },
    ]);
    const answer = await get(`/api/staff/orders/${fileName}/details`);
    expect(answer.statusCode, answer.body).toBe(200);
    const details = answer.json<StaffOrderDetails>();
    expect(details).toMatchObject({
      dealerName: 'Summit Patio Covers',
      emails: [],
      orderRecipients: ['lena@lakeside.example'],
    });
    expect(details.formTitle.length).toBeGreaterThan(0);
    expect(details.lines.some((line) => line.depth === 0 && line.value === '')).toBe(true);
    expect(details.lines.map((line) => line.value)).toEqual(expect.arrayContaining(['Ada', 'Lovelace']));
    expect(details.files.map((f) => [f.name, f.kind])).toEqual([
      [`${fileName}-bill-of-materials.pdf`, 'pdf'],
      [`${fileName}-order-summary.pdf`, 'pdf'],
      [`${fileName}.txt`, 'text'],
    ]);
    for (const file of details.files) {
      const served = await get(file.url);
      expect(served.statusCode, file.url).toBe(200);
      if (file.kind === 'pdf') {
        expect(served.headers['content-type']).toBe('application/pdf');
        expect(served.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      } else expect(served.body).toContain(fileName);
    }
    expect((await get(`/api/staff/orders/${fileName}/files/${fileName}-nope.pdf`)).statusCode).toBe(404);
    expect((await get(`/api/staff/orders/NO-SUCH/details`)).statusCode).toBe(404);
    for (const name of ['..%2Fx.pdf', 'a%5Cb.pdf', '..x.pdf', 'x%00.pdf', 'a/b.pdf'])
      expect((await get(`/api/staff/orders/${fileName}/files/${name}`)).statusCode, name).toBe(400);
  });
  it('`npm run orders -- move` beside the running server is seen by the dealer (through its API on PGlite, directly on PostgreSQL)', async () => {
    const [fileName] = await seedOrders(randomBytes(4).toString('hex'), [{ day: '2034-07-01' }]);
    // The server writes its record once it listens (an onListen hook, not awaited by listen()).
    await expect.poll(() => readLiveServerRecord(server.config.dataDir), { timeout: 5_000 }).toBeDefined();
    const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
    process.env.DATA_DIR = server.config.dataDir;
    if (server.config.databaseUrl) process.env.DATABASE_URL = server.config.databaseUrl;
    else delete process.env.DATABASE_URL;
    const lines: string[] = [];
    const io: CliIo = { out: (t) => lines.push(t), err: (t) => lines.push(t) };
    try {
      const code = await ordersMain(
        ['move', fileName, 'unprocessed', '--as', 'pat.cli', '--note', 'from the shell'],
        io,
      );
      expect(code, lines.join('\n')).toBe(0);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    const printed = lines.join('\n');
    expect(printed).toContain(`${fileName} is now unprocessed`);
    // PGlite: this process is the server holding the embedded database (DATA_DIR/server.json names it).
    if (dialect === 'pglite') expect(printed).toContain(`through the server at ${server.baseUrl}`);
    else expect(printed).not.toContain('through the server');
    const unprocessed = (await get('/api/TxtThings/unprocessedFiles', 'lakeside')).json<Record<string, unknown>>();
    expect(Object.keys(unprocessed)).toContain(fileName);
    expect((await show(fileName)).events).toEqual([
      expect.objectContaining({
        actor: 'pat.cli',
        to: 'unprocessed',
        details: expect.objectContaining({ note: 'from the shell' }),
      }),
    ]);
  });

  it('e-mails the dealer the PDFs: written to the outbox (no SMTP set), recorded, emailedOn set while processed', async () => {
    const [fileName] = await seedOrders(randomBytes(4).toString('hex'), [{ day: '2034-06-01', status: 'processed' }]);
    const sent = await send('POST', `/api/staff/orders/${fileName}/email`, { message: 'Please sign and return.' });
    expect(sent.statusCode, sent.body).toBe(200);
    const { order, email } = sent.json<EmailOrderAnswer>();
    expect(email).toMatchObject({ transport: 'outbox', to: ['lena@lakeside.example'] });
    expect(email.subject).toContain(fileName);
    expect(email.text).toContain('Please sign and return.');
    expect(email.text).toContain(fileName);
    expect(email.attachments.map((a) => a.filename).sort()).toEqual([
      `${fileName}-bill-of-materials.pdf`,
      `${fileName}-order-summary.pdf`,
    ]);
    expect(order.emailedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(order.events.at(-1)).toMatchObject({ from: 'processed', to: 'processed', actor: 'temo.staff' });
    const outbox = path.join(server.config.dataDir, 'outbox');
    const eml = await readFile(path.join(outbox, `${email.id}.eml`), 'utf8');
    const mime = readMime(eml);
    expect(mime.headers.get('subject')).toContain(fileName);
    expect(mime.attachments.map((a) => a.bytes.subarray(0, 5).toString())).toEqual(['%PDF-', '%PDF-']);
    expect(JSON.parse(await readFile(path.join(outbox, `${email.id}.json`), 'utf8'))).toMatchObject({
      id: email.id,
      to: ['lena@lakeside.example'],
    });
    expect((await readdir(outbox)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const details = (await get(`/api/staff/orders/${fileName}/details`)).json<StaffOrderDetails>();
    expect(details.emails).toEqual([email]);
  });

  it('refuses an e-mail with no address or a bad one (400), to an unknown order (404)', async () => {
    const [fileName] = await seedOrders(randomBytes(4).toString('hex'), [{ day: '2034-06-02', status: 'confirmed' }]);
    const bad = await send('POST', `/api/staff/orders/${fileName}/email`, { to: 'lena@, x@y.example' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ reasons: string[] }>().reasons).toEqual(['to: "lena@" is not an e-mail address']);
    expect((await send('POST', '/api/staff/orders/NO-SUCH/email', {})).statusCode).toBe(404);
    const other = await send('POST', `/api/staff/orders/${fileName}/email`, {
      to: 'desk@summit.example',
      subject: 'Your drawings',
    });
    expect(other.statusCode, other.body).toBe(200);
    // Not processed: sent and listed, but the lifecycle's emailedOn is left alone.
    expect(other.json<EmailOrderAnswer>().order).toMatchObject({ emailedOn: null, events: [] });
    expect(other.json<EmailOrderAnswer>().email.subject).toBe(
      `Your drawings - JOB ${fileName.split('-')[1]} (${fileName})`,
    );
  });
});

describe('the order desk e-mail through SMTP (a local catcher)', () => {
  let catcher: SmtpCatcher;
  let server: TestServer;
  // Nothing listens on port 1: the SMTP server is gone. Started here, as a server's start is a hook's time, not a test's.
  let offline: TestServer;
  beforeAll(async () => {
    catcher = await startSmtpCatcher();
    server = await startTestServer({ mail: catcher.mail });
    offline = await startTestServer({
      mail: { smtp: { host: '127.0.0.1', port: 1, secure: false }, from: 'desk@temo.example' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await offline?.close();
    await catcher?.close();
  });

  it("delivers the message with the PDFs attached to the order's address", async () => {
    const token = await server.tokenFor('temo.staff');
    const [row] = await server.app.db
      .insert(orders)
      .values({
        dealerId: 1001,
        userId: 2001,
        formId: 'sunroom',
        fileName: `DESK-SMTP-${randomBytes(3).toString('hex')}`,
        status: 'processed',
        data: sunroomData,
        jobName: 'LOVELACE, ADA',
      })
      .returning({ fileName: orders.fileName });
    const answer = await server.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${row.fileName}/email`,
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<EmailOrderAnswer>().email.transport).toBe('smtp');
    const caught = await catcher.waitFor((message) => message.raw.includes(row.fileName));
    expect(caught.to).toEqual(['lena@lakeside.example']);
    expect(caught.from).toBe('orders@temo.example');
    const mime = readMime(caught.raw);
    expect(mime.headers.get('subject')).toBe(`TEMO order LOVELACE, ADA (${row.fileName})`);
    expect(mime.text).toContain('sign the bill of materials');
    expect(mime.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`${row.fileName}-bill-of-materials.pdf`, 'application/pdf'],
      [`${row.fileName}-order-summary.pdf`, 'application/pdf'],
    ]);
    expect(mime.attachments.every((a) => a.bytes.subarray(0, 5).toString() === '%PDF-')).toBe(true);
  });

  it('answers 502 and records nothing when the SMTP server is gone', async () => {
    const [row] = await offline.app.db
      .insert(orders)
      .values({
        dealerId: 1001,
        userId: 2001,
        formId: 'sunroom',
        fileName: `DESK-OFF-${randomBytes(3).toString('hex')}`,
        status: 'processed',
        data: sunroomData,
      })
      .returning({ fileName: orders.fileName });
    const answer = await offline.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${row.fileName}/email`,
      headers: { authorization: `Bearer ${await offline.tokenFor('temo.staff')}` },
      payload: {},
    });
    expect(answer.statusCode).toBe(502);
    expect(answer.json<{ message: string }>().message).toContain('The mail server did not take the message');
    const details = await offline.app.inject({
      url: `/api/staff/orders/${row.fileName}/details`,
      headers: { authorization: `Bearer ${await offline.tokenFor('temo.staff')}` },
    });
    expect(details.json<StaffOrderDetails>().emails).toEqual([]);
  });
});
