import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { waitForPath } from './support/browser';
import { useBrowserTest } from './support/harness';

const protectedPaths = [
  '/Ordering',
  '/ContactList',
  '/CurrentOrders',
  '/OrderHistory',
  '/login/callback',
  '/Ordering/Pergolas',
];

describe('signed-out visitors and sign-out', () => {
  const e2e = useBrowserTest();

  async function expectSentToLanding(page: Page, path: string): Promise<void> {
    await page.goto(`${e2e.baseUrl}${path}`);
    expect(await waitForPath(page, '/')).toBe('/');
    await page.getByRole('button', { name: 'Login To Portal' }).waitFor();
  }

  it('shows a signed-out visitor only the landing page with its login button, without the nav bar', async () => {
    await e2e.withPage(async (page) => {
      await page.goto(`${e2e.baseUrl}/`);
      await page.getByRole('button', { name: 'Login To Portal' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Log Out' }).count()).toBe(0);
    });
  });

  it.each(protectedPaths)('sends a signed-out visitor from %s to /', async (path) => {
    await e2e.withPage(async (page) => {
      await expectSentToLanding(page, path);
    });
  });

  it('signs out to / and closes the protected pages again', async () => {
    await e2e.withSignedInPage('lakeside', async (page) => {
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('list').getByRole('link').allInnerTexts()).toEqual([
        'Ordering',
        'Order Tracking',
        'Order History',
        'Contact Us',
      ]);

      await nav.getByRole('link', { name: 'Contact Us' }).click();
      await waitForPath(page, '/ContactList');
      await page.getByRole('button', { name: 'Log Out' }).click();
      expect(await waitForPath(page, '/')).toBe('/');
      await page.getByRole('button', { name: 'Login To Portal' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

      for (const path of ['/Ordering', '/ContactList', '/CurrentOrders']) await expectSentToLanding(page, path);
    });
  });

  it('brings a signed-in user from / straight to the welcome page, and the logo leads there too', async () => {
    await e2e.withSignedInPage('summit', async (page) => {
      await page.goto(`${e2e.baseUrl}/`);
      expect(await waitForPath(page, '/login/callback')).toBe('/login/callback');
      await page.goto(`${e2e.baseUrl}/ContactList`);
      expect(await waitForPath(page, '/ContactList')).toBe('/ContactList');
      await page.getByRole('link', { name: 'TEMO welcome page' }).click();
      expect(await waitForPath(page, '/login/callback')).toBe('/login/callback');
    });
  });

  it('signs the user out when the API refuses the token (401)', async () => {
    await e2e.withSignedInPage('lakeside', async (page) => {
      await page.evaluate(() => {
        const key = 'temo.auth.local.session';
        const session = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { accessToken: string };
        sessionStorage.setItem(key, JSON.stringify({ ...session, accessToken: `${session.accessToken}x` }));
      });
      await page.goto(`${e2e.baseUrl}/login/callback`);
      expect(await waitForPath(page, '/')).toBe('/');
      await page.getByRole('button', { name: 'Login To Portal' }).waitFor();
    });
  });

  it('treats an expired session as signed out', async () => {
    await e2e.withSignedInPage('lakeside', async (page) => {
      await page.evaluate(() => {
        const key = 'temo.auth.local.session';
        const session = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { accessToken: string };
        sessionStorage.setItem(key, JSON.stringify({ ...session, expiresAt: Date.now() - 1000 }));
      });
      await expectSentToLanding(page, '/Ordering');
    });
  });

  it('refuses a sign-in answer that does not carry the state this browser sent', async () => {
    await e2e.withPage(async (page) => {
      const token = await e2e.server.tokenFor('lakeside');
      await page.goto(
        `${e2e.baseUrl}/login/callback#access_token=${token}&token_type=Bearer&expires_in=3600&state=forged`,
      );
      expect(await waitForPath(page, '/')).toBe('/');
      await page.getByRole('button', { name: 'Login To Portal' }).waitFor();
    });
  });
});
