import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer } from '../support/test-server';
import { closePage, expectText, launchBrowser, openPage, signIn, waitForPath } from './support/browser';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

describe('inactivity sign-out (times shortened through the server configuration)', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ inactivity: { warnAfterMs: 2_000, logoutAfterMs: 5_000 } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("warns '5 minutes left', then signs an idle dealer out to / and closes the protected pages", async () => {
    const page = await openPage(browser);
    await signIn(page, server.baseUrl, 'lakeside');
    await page.getByRole('heading', { name: 'Lakeside Sunrooms' }).waitFor();

    await expectText(page.locator('#notistack-snackbar'), '5 minutes left');
    expect(await waitForPath(page, '/')).toBe('/');
    await page.getByRole('button', { name: 'Login To Portal' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

    await page.goto(`${server.baseUrl}/Ordering`);
    expect(await waitForPath(page, '/')).toBe('/');
    await closePage(page);
  });
});
