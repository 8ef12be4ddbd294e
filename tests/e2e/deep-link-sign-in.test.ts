import { describe, expect, it } from 'vitest';
import { signIn, waitForPath } from './support/browser';
import { useBrowserTest } from './support/harness';

describe('a deep link kept through sign-in', () => {
  const e2e = useBrowserTest();

  it('brings a signed-out dealer who opened /OrderHistory back to Order History after sign-in, once', async () => {
    await e2e.withPage(async (page) => {
      await page.goto(`${e2e.baseUrl}/OrderHistory`);
      await page.getByRole('button', { name: 'Login To Portal' }).waitFor();
      expect(new URL(page.url()).searchParams.get('next')).toBe('/OrderHistory');

      await signIn(page, e2e.baseUrl, 'lakeside', undefined, { from: '/OrderHistory' });
      expect(new URL(page.url()).pathname).toBe('/OrderHistory');
      await page.getByRole('heading', { name: 'Order History' }).first().waitFor();

      // Once: the welcome page is the welcome page again afterwards.
      await page.getByRole('link', { name: 'TEMO welcome page' }).click();
      expect(await waitForPath(page, '/login/callback')).toBe('/login/callback');
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname).toBe('/login/callback');
    });
  });

  it('keeps the query of the page asked for', async () => {
    await e2e.withPage(async (page) => {
      await signIn(page, e2e.baseUrl, 'summit', undefined, { from: '/CurrentOrders?tab=initial' });
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/CurrentOrders?tab=initial');
    });
  });

  it.each(['//evil.example', '//evil.example/OrderHistory', 'https://evil.example/', '/\\evil.example', '/login'])(
    'ignores next=%s and lands on the welcome page (no open redirect)',
    async (next) => {
      await e2e.withPage(async (page) => {
        await signIn(page, e2e.baseUrl, 'lakeside', undefined, {
          from: `/?${new URLSearchParams({ next }).toString()}`,
          landOn: '/login/callback',
        });
        const url = new URL(page.url());
        expect(url.origin).toBe(new URL(e2e.baseUrl).origin);
        expect(url.pathname).toBe('/login/callback');
      });
    },
  );

  it('forgets the asked-for page on sign-out', async () => {
    await e2e.withPage(async (page) => {
      await signIn(page, e2e.baseUrl, 'lakeside', undefined, { from: '/ContactList' });
      await page.getByRole('button', { name: 'Log Out' }).click();
      await waitForPath(page, '/');
      await signIn(page, e2e.baseUrl, 'lakeside');
      expect(new URL(page.url()).pathname).toBe('/login/callback');
    });
  });
});
