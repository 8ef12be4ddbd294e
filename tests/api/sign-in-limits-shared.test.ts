/**
 * Issue 18: sign-in failures and lockouts live in the database. The limiter's rules on PGlite and PostgreSQL (a
 * clock of the test's own), and a lockout earned through server A holding on server B (two apps, one PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseSignInLimiter } from '../../src/server/services/sign-in-limiter';
import { countAttempt } from '../../src/server/services/sign-in-rate-store';
import { apiDialects } from '../support/api-dialects';
import { demoPassword, postgresSkipReason, startTestServer, type TestServer } from '../support/test-server';

const limits = { maxFailuresPerAccount: 3, maxFailuresPerAddress: 5, failureWindowMs: 60_000, lockoutMs: 120_000 };

function clock() {
  let at = Date.parse('2030-01-01T00:00:00Z');
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

describe.each(apiDialects())('database sign-in limiter ($dialect)', ({ dialect, skipReason }) => {
  if (skipReason) {
    it.skip(`PostgreSQL run skipped: ${skipReason}`, () => {});
    return;
  }
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
  });
  afterAll(async () => server?.close());
  let run = 0;
  /** Each test its own names, so the rows of one test do not touch another. */
  const name = (base: string) => `${base}-${dialect}-${(run += 1)}`;

  it('locks an account after the failures allowed in the window, for the lockout time', async () => {
    const time = clock();
    const limiter = createDatabaseSignInLimiter(server.app.db, limits, time.now);
    const account = name('summit');
    for (const address of ['10.0.0.1', '10.0.0.2']) await limiter.recordFailure(account, address);
    expect(await limiter.lockedFor(account, '10.0.0.9')).toBeUndefined();
    await limiter.recordFailure(` ${account.toUpperCase()} `, '10.0.0.3');
    expect(await limiter.lockedFor(account, '10.0.0.9')).toBe(120);
    expect(await limiter.lockedFor(name('harbor'), '10.0.0.9')).toBeUndefined();
    time.advance(119_500);
    expect(await limiter.lockedFor(account, '10.0.0.9')).toBe(1);
    time.advance(500);
    expect(await limiter.lockedFor(account, '10.0.0.9')).toBeUndefined();
  });

  it('forgets failures older than the window', async () => {
    const time = clock();
    const limiter = createDatabaseSignInLimiter(server.app.db, limits, time.now);
    const account = name('summit');
    await limiter.recordFailure(account, 'a');
    await limiter.recordFailure(account, 'a');
    time.advance(60_001);
    await limiter.recordFailure(account, 'a');
    await limiter.recordFailure(account, 'a');
    expect(await limiter.lockedFor(account, 'b')).toBeUndefined();
    await limiter.recordFailure(account, 'a');
    expect(await limiter.lockedFor(account, 'b')).toBe(120);
  });

  it('locks an address that fails on many accounts, whatever account it tries next', async () => {
    const limiter = createDatabaseSignInLimiter(server.app.db, limits, clock().now);
    const address = name('10.0.1');
    for (const account of ['a', 'b', 'c', 'd', 'e']) await limiter.recordFailure(name(account), address);
    expect(await limiter.lockedFor('lakeside', address)).toBe(120);
    expect(await limiter.lockedFor('lakeside', name('10.0.2'))).toBeUndefined();
  });

  it('clears an account after a good password', async () => {
    const limiter = createDatabaseSignInLimiter(server.app.db, limits, clock().now);
    const account = name('summit');
    await limiter.recordFailure(account, 'a');
    await limiter.recordFailure(account, 'a');
    await limiter.recordSuccess(account);
    await limiter.recordFailure(account, 'a');
    expect(await limiter.lockedFor(account, 'b')).toBeUndefined();
  });

  it('counts every one of many failures recorded at once (one atomic statement each)', async () => {
    const limiter = createDatabaseSignInLimiter(server.app.db, { ...limits, maxFailuresPerAccount: 20 }, clock().now);
    const account = name('summit');
    await Promise.all(Array.from({ length: 19 }, (_, i) => limiter.recordFailure(account, `10.0.3.${i}`)));
    expect(await limiter.lockedFor(account, 'b')).toBeUndefined();
    await limiter.recordFailure(account, '10.0.4.1');
    expect(await limiter.lockedFor(account, 'b')).toBe(120);
  });

  it("counts an address's attempts per route and minute, and starts again once the minute has passed", async () => {
    const time = clock();
    const key = name('attempts:POST /auth/local/token:10.0.5.1');
    for (const expected of [1, 2, 3]) {
      expect(await countAttempt(server.app.db, key, 60_000, time.now)).toEqual({ current: expected, ttl: 60_000 });
    }
    time.advance(59_000);
    expect(await countAttempt(server.app.db, key, 60_000, time.now)).toEqual({ current: 4, ttl: 1_000 });
    expect(await countAttempt(server.app.db, name('other'), 60_000, time.now)).toMatchObject({ current: 1 });
    time.advance(1_000);
    expect(await countAttempt(server.app.db, key, 60_000, time.now)).toEqual({ current: 1, ttl: 60_000 });
    await Promise.all(Array.from({ length: 9 }, () => countAttempt(server.app.db, key, 60_000, time.now)));
    expect(await countAttempt(server.app.db, key, 60_000, time.now)).toMatchObject({ current: 11 });
  });
});

describe.skipIf(postgresSkipReason())('a lockout earned on one server holds on another (one PostgreSQL)', () => {
  const signInLimits = { maxFailuresPerAccount: 3, maxFailuresPerAddress: 1000, lockoutMs: 120_000 };
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ signIn: signInLimits }, { dialect: 'postgres' });
    b = await startTestServer({ signIn: signInLimits }, { sharedDatabaseUrl: a.config.databaseUrl });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  const signIn = (server: TestServer, password: string) =>
    fetch(`${server.baseUrl}/auth/local/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'harbor', password }),
    });

  it('refuses the right password on B after three wrong ones on A, with Retry-After', async () => {
    expect((await signIn(b, demoPassword)).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await signIn(a, 'wrong')).status).toBe(401);
    const refused = await signIn(b, demoPassword);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(100);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Too many failed sign-ins/);
    expect((await signIn(a, demoPassword)).status).toBe(429);
  });
});

describe.skipIf(postgresSkipReason())('sign-in attempts per minute are counted across servers (one PostgreSQL)', () => {
  // Good passwords only: no failure counts, so a 429 here is the per-minute brake alone.
  const signInLimits = { attemptsPerMinutePerAddress: 4 };
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ signIn: signInLimits }, { dialect: 'postgres' });
    b = await startTestServer({ signIn: signInLimits }, { sharedDatabaseUrl: a.config.databaseUrl });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  const signIn = (server: TestServer) =>
    fetch(`${server.baseUrl}/auth/local/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'summit', password: demoPassword }),
    });

  it('allows four attempts a minute from one address over A and B together, not four on each', async () => {
    for (const server of [a, b, a, b]) expect((await signIn(server)).status).toBe(200);
    for (const server of [a, b]) {
      const refused = await signIn(server);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { message: string }).message).toMatch(
        /Too many sign-in attempts from this address/,
      );
    }
  });
});
