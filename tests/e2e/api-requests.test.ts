import { describe, expect, it } from 'vitest';
import { useSignedInPage } from './support/harness';

// The API takes bearer tokens; an XSRF cookie read through Chromium's async cookieStore held each request back a task.
describe("the portal's API requests", () => {
  const e2e = useSignedInPage('summit', {
    beforeSignIn: async (page) => {
      await page.addInitScript(() => {
        const counted = window as unknown as {
          __cookieReads: number;
          cookieStore?: { get: (...a: unknown[]) => unknown };
        };
        counted.__cookieReads = 0;
        const store = counted.cookieStore;
        if (!store) return;
        const get = store.get.bind(store);
        store.get = (...args: unknown[]) => {
          counted.__cookieReads++;
          return get(...args);
        };
      });
    },
  });

  it('leave without reading a cookie first: a configurator loads its definition, locations and drafts', async () => {
    const { page, baseUrl } = e2e;
    const requested: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) requested.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl}/Ordering/SunRooms`);
    await page.locator('form input:not([type="hidden"])').first().waitFor();
    await expect.poll(() => requested.some((path) => path.startsWith('/api/drafts/'))).toBe(true);
    expect(requested).toContain('/api/definitions/sunroom');
    expect(await page.evaluate(() => 'cookieStore' in window)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __cookieReads: number }).__cookieReads)).toBe(0);
  });
});
