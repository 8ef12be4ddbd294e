import { describe, expect, it } from 'vitest';
import { expectText, waitForPath } from '../e2e/support/browser';
import { useBrowserTest } from '../e2e/support/harness';

describe('inactivity sign-out (times shortened through the server configuration)', () => {
  const e2e = useBrowserTest({ server: { inactivity: { warnAfterMs: 2_000, logoutAfterMs: 5_000 } } });

  it("warns '5 minutes left', then signs an idle dealer out to / and closes the protected pages", async () => {
    await e2e.withSignedInPage('lakeside', async (page) => {
      await page.getByRole('heading', { name: 'Lakeside Sunrooms' }).waitFor();

      await expectText(page.locator('#notistack-snackbar'), '5 minutes left');
      expect(await waitForPath(page, '/')).toBe('/');
      await page.getByRole('button', { name: 'Login To Portal' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

      await page.goto(`${e2e.baseUrl}/Ordering`);
      expect(await waitForPath(page, '/')).toBe('/');
    });
  });
});
