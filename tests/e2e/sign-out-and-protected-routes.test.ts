import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer } from '../support/test-server';
import { closePage, launchBrowser, openPage, signIn, waitForPath } from './support/browser';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const protectedPaths = ['/Ordering', '/ContactList', '/CurrentOrders', '/OrderHistory', '/login/callback', '/Ordering/Pergolas'];

describe('signed-out visitors and sign-out', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function expectSentToLanding(page: Page, path: string): Promise<void> {
    await page.goto(`${server.baseUrl}${path}`);
    expect(await waitForPath(page, '/')).toBe('/');
    await page.getByRole('button', { name: 'Login To Portal' }).waitFor();
  }

  it('shows a signed-out visitor only the landing page with its login button, without the nav bar', async () => {
    const page = await openPage(browser);
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('button', { name: 'Login To Portal' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Log Out' }).count()).toBe(0);
    await closePage(page);
  });

  it.each(protectedPaths)('sends a signed-out visitor from %s to /', async (path) => {
    const page = await openPage(browser);
    await expectSentToLanding(page, path);
    await closePage(page);
  });

  it('signs out to / and closes the protected pages again', async () => {
    const page = await openPage(browser);
    await signIn(page, server.baseUrl, 'lakeside');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('list').getByRole('link').allInnerTexts()).toEqual(['Ordering', 'Order Tracking', 'Order History', 'Contact Us']);

    await nav.getByRole('link', { name: 'Contact Us' }).click();
    await waitForPath(page, '/ContactList');
    await page.getByRole('button', { name: 'Log Out' }).click();
    expect(await waitForPath(page, '/')).toBe('/');
    await page.getByRole('button', { name: 'Login To Portal' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

    for (const path of ['/Ordering', '/ContactList', '/CurrentOrders']) await expectSentToLanding(page, path);
    await closePage(page);
  });

  it('brings a signed-in user from / straight to the welcome page, and the logo leads there too', async () => {
    const page = await openPage(browser);
    await signIn(page, server.baseUrl, 'summit');
    await page.goto(`${server.baseUrl}/`);
    expect(await waitForPath(page, '/login/callback')).toBe('/login/callback');
    await page.goto(`${server.baseUrl}/ContactList`);
    expect(await waitForPath(page, '/ContactList')).toBe('/ContactList');
    await page.getByRole('link', { name: 'TEMO welcome page' }).click();
    expect(await waitForPath(page, '/login/callback')).toBe('/login/callback');
    await closePage(page);
  });

  it('signs the user out when the API refuses the token (401)', async () => {
    const page = await openPage(browser);
    await signIn(page, server.baseUrl, 'lakeside');
    await page.evaluate(() => {
      const key = 'temo.auth.local.session';
      const session = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { accessToken: string };
      sessionStorage.setItem(key, JSON.stringify({ ...session, accessToken: `${session.accessToken}x` }));
    });
    await page.goto(`${server.baseUrl}/login/callback`);
    expect(await waitForPath(page, '/')).toBe('/');
    await page.getByRole('button', { name: 'Login To Portal' }).waitFor();
    await closePage(page);
  });

  it('treats an expired session as signed out', async () => {
    const page = await openPage(browser);
    await signIn(page, server.baseUrl, 'lakeside');
    await page.evaluate(() => {
      const key = 'temo.auth.local.session';
      const session = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { accessToken: string };
      sessionStorage.setItem(key, JSON.stringify({ ...session, expiresAt: Date.now() - 1000 }));
    });
    await expectSentToLanding(page, '/Ordering');
    await closePage(page);
  });

  it('refuses a sign-in answer that does not carry the state this browser sent', async () => {
    const page = await openPage(browser);
    const token = await server.tokenFor('lakeside');
    await page.goto(`${server.baseUrl}/login/callback#access_token=${token}&token_type=Bearer&expires_in=3600&state=forged`);
    expect(await waitForPath(page, '/')).toBe('/');
    await page.getByRole('button', { name: 'Login To Portal' }).waitFor();
    await closePage(page);
  });
});
