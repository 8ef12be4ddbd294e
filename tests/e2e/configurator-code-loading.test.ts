import { describe, expect, it } from 'vitest';
import { useSignedInPage } from './support/harness';

// A configurator's page code is its own chunk: when it does not come, the dealer reads why and can try again.
describe('a configurator whose page code does not load', () => {
  const e2e = useSignedInPage('summit');

  it('says the page could not be loaded, and Try again opens it once the code comes', async () => {
    const { page, baseUrl } = e2e;
    const pageCode = /\/assets\/sunroom-page-[^/]+\.js$/;
    await page.route(pageCode, (route) => route.abort('internetdisconnected'));
    await page.goto(`${baseUrl}/Ordering/SunRooms`);
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'This page could not be loaded' }).count())
      .toBe(1);
    // The rest of the portal is still there: the nav bar works.
    await expect.poll(() => page.getByRole('navigation').count()).toBeGreaterThan(0);

    await page.unroute(pageCode);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page
      .getByRole('heading', { level: 1 })
      .filter({ hasText: /sun ?room/i })
      .waitFor();
    expect(await page.getByText('This page could not be loaded').count()).toBe(0);
  });
});
