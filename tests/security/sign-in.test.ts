import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTestDialects } from '../support/api-dialects';
import { forgeToken } from '../support/forged-tokens';
import { demoPassword, startTestServer, type TestServer } from '../support/test-server';

const limits = {
  attemptsPerMinutePerAddress: 8,
  maxFailuresPerAccount: 3,
  maxFailuresPerAddress: 6,
  failureWindowMs: 60_000,
  lockoutMs: 120_000,
};

describe.each(routeTestDialects())('sign-in against guessing ($dialect)', ({ dialect }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ signIn: limits }, { dialect });
  });
  afterAll(async () => server?.close());

  let nextAddress = 1;
  /** Each test its own caller address, so the per-address counts of one test do not touch another. */
  const newAddress = () => `10.0.0.${nextAddress++}`;
  const signIn = (username: string, password: string, address: string) =>
    server.app.inject({
      method: 'POST',
      url: '/auth/local/token',
      remoteAddress: address,
      payload: { username, password },
    });
  const signInByForm = (username: string, password: string, address: string) =>
    server.app.inject({
      method: 'POST',
      url: '/auth/local/authorize',
      remoteAddress: address,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username, password, redirect_uri: '/login/callback' }).toString(),
    });

  it('locks an account after repeated wrong passwords, even for the right one, and says when to come back', async () => {
    for (let i = 0; i < limits.maxFailuresPerAccount; i += 1) {
      expect((await signIn('summit', 'wrong', newAddress())).statusCode).toBe(401);
    }
    const locked = await signIn('summit', demoPassword, newAddress());
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(100);
    expect(locked.json().message).toMatch(/Too many failed sign-ins\. Try again in 2 minutes/);

    const page = await signInByForm('Summit', demoPassword, newAddress());
    expect(page.statusCode).toBe(429);
    expect(page.headers['retry-after']).toBeDefined();
    expect(page.body).toContain('role="alert">Too many failed sign-ins');

    expect((await signIn('harbor', demoPassword, newAddress())).statusCode).toBe(200);
  });

  it('locks an address that fails on many accounts', async () => {
    const address = newAddress();
    for (let i = 0; i < limits.maxFailuresPerAddress; i += 1) {
      expect((await signIn(`nobody-${i}`, 'wrong', address)).statusCode).toBe(401);
    }
    expect((await signIn('lakeside', demoPassword, address)).statusCode).toBe(429);
    expect((await signIn('lakeside', demoPassword, newAddress())).statusCode).toBe(200);
  });

  it('limits the attempts per address and minute, right or wrong, with Retry-After', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < limits.attemptsPerMinutePerAddress + 2; i += 1) {
      statuses.push((await signIn(i % 2 ? 'temo.staff' : 'lakeside', demoPassword, address)).statusCode);
    }
    expect(statuses).toEqual([...Array(limits.attemptsPerMinutePerAddress).fill(200), 429, 429]);
    const refused = await signIn('lakeside', demoPassword, address);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toMatchObject({
      statusCode: 429,
      message: expect.stringMatching(/Too many sign-in attempts from this address/),
    });
    expect((await signIn('lakeside', demoPassword, newAddress())).statusCode).toBe(200);
  });

  it('takes as long to refuse an unknown user as a wrong password', async () => {
    const timeOf = async (username: string) => {
      const started = process.hrtime.bigint();
      expect((await signIn(username, 'wrong', newAddress())).statusCode).toBe(401);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    await timeOf('nobody-warm-up');
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      unknown.push(await timeOf(`nobody-${i}-${Date.now()}`));
      wrong.push(await timeOf(['temo.employee', 'temo.staff', 'lakeside'][i % 3]));
    }
    console.info(
      `[sign-in timing, ${dialect}] median ms: unknown user ${median(unknown).toFixed(1)}, wrong password ${median(wrong).toFixed(1)}`,
    );
    // Both run one scrypt; without the dummy hash an unknown user answered in a fraction of the time.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.6);
    expect(median(unknown)).toBeLessThan(median(wrong) * 1.6);
  });

  it('refuses a signed token without exp', async () => {
    const forever = await forgeToken(server, { expiresIn: null });
    expect(JSON.parse(Buffer.from(forever.split('.')[1], 'base64url').toString())).not.toHaveProperty('exp');
    const refused = await server.app.inject({
      url: '/api/ContactList',
      headers: { authorization: `Bearer ${forever}` },
    });
    expect(refused.statusCode).toBe(401);
    const withExp = await forgeToken(server);
    expect(
      (await server.app.inject({ url: '/api/ContactList', headers: { authorization: `Bearer ${withExp}` } }))
        .statusCode,
    ).toBe(200);
  });

  it('answers NUL in the sign-in form or JSON with 400, not 500', async () => {
    const form = await signInByForm('lake\u0000side', demoPassword, newAddress());
    expect(form.statusCode).toBe(400);
    expect(form.json().reasons.join()).toMatch(/username/);
    const json = await signIn('lakeside', 'demo\u00001234', newAddress());
    expect(json.statusCode).toBe(400);
    expect(json.json().reasons.join()).toMatch(/password/);
  });
});
