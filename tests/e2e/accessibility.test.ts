import { describe, expect, it } from 'vitest';
import { findSeriousViolations } from './support/axe';
import { signIn, waitForDialogShown, waitForPath } from './support/browser';
import { useBrowserTest } from './support/harness';

describe('accessibility (axe: no serious or critical violation)', () => {
  // One page through the whole visit: signed out first, signed in by a test.
  const e2e = useBrowserTest().useSharedPage();

  it('the landing page', async () => {
    const { page } = e2e;
    await page.goto(`${e2e.baseUrl}/`);
    await page.getByRole('button', { name: 'Login To Portal' }).waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
  });

  it('the local sign-in page', async () => {
    const { page } = e2e;
    await page.getByRole('button', { name: 'Login To Portal' }).click();
    await waitForPath(page, '/auth/local/authorize');
    await page.getByLabel('Username').waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
  });

  it('the welcome page, with the How To modal closed and open', async () => {
    const { page } = e2e;
    await signIn(page, e2e.baseUrl, 'lakeside');
    await page.getByTestId('disclaimer').waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'How To' }).click();
    await waitForDialogShown(page);
    expect(await findSeriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('the ordering home', async () => {
    const { page } = e2e;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ordering' }).click();
    await waitForPath(page, '/Ordering');
    await page.getByRole('list', { name: 'Products' }).waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
  });

  it('the contact directory', async () => {
    const { page } = e2e;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).click();
    await waitForPath(page, '/ContactList');
    await page.getByTestId('contact-card').first().waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
  });

  it('can be used by keyboard: Tab reaches the skip link, the nav links and Log Out', async () => {
    const { page } = e2e;
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
  });
});
