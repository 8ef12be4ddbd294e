import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSignedInPage } from './support/harness';

async function expectCouldNotLoad(page: Page): Promise<void> {
  await expect.poll(() => page.getByRole('alert').filter({ hasText: 'This page could not be loaded' }).count()).toBe(1);
  // The rest of the portal is still there: the nav bar works.
  await expect.poll(() => page.getByRole('navigation').count()).toBeGreaterThan(0);
}

// Each page's code is its own chunk: when it does not come, the dealer reads why and can try again.
describe('a page whose code does not load', () => {
  const e2e = useSignedInPage('summit');

  it('a configurator opened by address says so, and Try again opens it once the code comes', async () => {
    const { page, baseUrl } = e2e;
    const pageCode = /\/assets\/sunroom-page-[^/]+\.js$/;
    await page.route(pageCode, (route) => route.abort('internetdisconnected'));
    await page.goto(`${baseUrl}/Ordering/SunRooms`);
    await expectCouldNotLoad(page);

    await page.unroute(pageCode);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page
      .getByRole('heading', { level: 1 })
      .filter({ hasText: /sun ?room/i })
      .waitFor();
    expect(await page.getByText('This page could not be loaded').count()).toBe(0);
  });

  it('Order History reached from the menu says so, and Try again opens it', async () => {
    const { page, baseUrl } = e2e;
    const pageCode = /\/assets\/order-history-page-[^/]+\.js$/;
    await page.route(pageCode, (route) => route.abort('internetdisconnected'));
    await page.goto(`${baseUrl}/Ordering`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Navigating inside the app (no reload): the route asks for the page's chunk then.
    await page.getByRole('navigation').getByRole('link', { name: 'Order History' }).first().click();
    await expectCouldNotLoad(page);

    await page.unroute(pageCode);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page
      .getByRole('heading', { level: 1 })
      .filter({ hasText: /order history/i })
      .waitFor();
    expect(await page.getByText('This page could not be loaded').count()).toBe(0);
  });
});
