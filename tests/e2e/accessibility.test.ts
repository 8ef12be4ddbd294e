import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { startTestServer } from '../support/test-server';
import { closePage, launchBrowser, openPage, signIn, waitForDialogShown, waitForPath } from './support/browser';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Serious and critical axe violations on the page as it is now, one line each. */
async function findSeriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe('accessibility (axe: no serious or critical violation)', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    page = await openPage(browser);
  });
  afterAll(async () => {
    if (page) await closePage(page);
    await browser?.close();
    await server?.close();
  });

  it('the landing page', async () => {
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('button', { name: 'Login To Portal' }).waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
  });

  it('the local sign-in page', async () => {
    await page.getByRole('button', { name: 'Login To Portal' }).click();
    await waitForPath(page, '/auth/local/authorize');
    await page.getByLabel('Username').waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
  });

  it('the welcome page, with the How To modal closed and open', async () => {
    await signIn(page, server.baseUrl, 'lakeside');
    await page.getByTestId('disclaimer').waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'How To' }).click();
    await waitForDialogShown(page);
    expect(await findSeriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('the ordering home', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ordering' }).click();
    await waitForPath(page, '/Ordering');
    await page.getByRole('list', { name: 'Products' }).waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
  });

  it('the contact directory', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).click();
    await waitForPath(page, '/ContactList');
    await page.getByTestId('contact-card').first().waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
  });

  it('can be used by keyboard: Tab reaches the skip link, the nav links and Log Out', async () => {
    await page.goto(`${server.baseUrl}/ContactList`);
    await page.getByTestId('contact-card').first().waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    const reached: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      reached.push((await page.evaluate(() => document.activeElement?.textContent?.trim())) ?? '');
    }
    expect(reached).toEqual(expect.arrayContaining(['Ordering', 'Order Tracking', 'Order History', 'Contact Us', 'Log Out']));
  });
});
