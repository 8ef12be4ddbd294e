import { describe, expect, it } from 'vitest';
import { findSeriousViolations } from './support/axe';
import { waitForDialogShown, waitForPath } from './support/browser';
import { useBrowserTest } from './support/harness';

describe('accessibility (axe: no serious or critical violation)', () => {
  // Each test opens its own page, so any one of them can run alone or in any order.
  const e2e = useBrowserTest();

  // The check every page test relies on (support/axe.ts runs axe in the page itself): it must see what it looks for,
  // and only the serious and critical (a page without an h1 is moderate).
  it('the axe check itself reports serious violations: a nameless button, an image without alt, grey on grey', () =>
    e2e.withPage(async (page) => {
      await page.setContent(
        '<html lang="en"><head><title>Broken</title></head><body><main>' +
          '<button type="button"></button><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
          '<p style="color:#aaa;background:#bbb">Hard to read</p></main></body></html>',
      );
      const found = (await findSeriousViolations(page)).map((line) => line.split(' ')[0]).sort();
      expect(found).toEqual(['button-name', 'color-contrast', 'image-alt']);
    }));

  it('the landing page', () =>
    e2e.withPage(async (page) => {
      await page.goto(`${e2e.baseUrl}/`);
      await page.getByRole('button', { name: 'Login To Portal' }).waitFor();
      expect(await findSeriousViolations(page)).toEqual([]);
    }));

  it('the local sign-in page', () =>
    e2e.withPage(async (page) => {
      await page.goto(`${e2e.baseUrl}/`);
      await page.getByRole('button', { name: 'Login To Portal' }).click();
      await waitForPath(page, '/auth/local/authorize');
      await page.getByLabel('Username').waitFor();
      expect(await findSeriousViolations(page)).toEqual([]);
    }));

  it('the welcome page, with the How To modal closed and open', () =>
    e2e.withSignedInPage('lakeside', async (page) => {
      await page.getByTestId('disclaimer').waitFor();
      expect(await findSeriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'How To' }).click();
      await waitForDialogShown(page);
      expect(await findSeriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }));

  it('the ordering home', () =>
    e2e.withSignedInPage('lakeside', async (page) => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ordering' }).click();
      await waitForPath(page, '/Ordering');
      await page.getByRole('list', { name: 'Products' }).waitFor();
      expect(await findSeriousViolations(page)).toEqual([]);
    }));

  it('the contact directory', () =>
    e2e.withSignedInPage('lakeside', async (page) => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).click();
      await waitForPath(page, '/ContactList');
      await page.getByTestId('contact-card').first().waitFor();
      expect(await findSeriousViolations(page)).toEqual([]);
    }));

  it('can be used by keyboard: Tab reaches the skip link, the nav links and Log Out', () =>
    e2e.withSignedInPage('lakeside', async (page) => {
      await page.goto(`${e2e.baseUrl}/ContactList`);
      await page.getByTestId('contact-card').first().waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
      const reached: string[] = [];
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Tab');
        reached.push((await page.evaluate(() => document.activeElement?.textContent?.trim())) ?? '');
      }
      expect(reached).toEqual(
        expect.arrayContaining(['Ordering', 'Order Tracking', 'Order History', 'Contact Us', 'Log Out']),
      );
    }));
});
