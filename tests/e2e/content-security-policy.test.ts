import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, waitForPath } from './support/browser';
import { useBrowserTest } from './support/harness';
import { openConfigurator } from './sunroom-page';

/** Colour of a computed style property; 'rgba(0, 0, 0, 0)' means nothing was applied. */
function computed(page: Page, selector: string, property: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
}

describe('the built web app under the server Content-Security-Policy (real Chromium)', () => {
  const violations: string[] = [];
  // One page through the whole visit, listening from its first load.
  const e2e = useBrowserTest().useSharedPage({ beforeSignIn: listenForViolations });

  async function listenForViolations(page: Page): Promise<void> {
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
    });
    await page.exposeFunction('reportCspViolation', (text: string) => violations.push(`event: ${text}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation;
        void report(
          `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
        );
      });
    });
  }

  it('serves every page with a CSP that has a nonce for styles and none for inline scripts', async () => {
    const { page } = e2e;
    const response = await page.goto(`${e2e.baseUrl}/`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/style-src 'self' 'nonce-[0-9a-f]+'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('signs in through the server page, whose inline script and style run under the policy', async () => {
    const { page } = e2e;
    await page.goto(`${e2e.baseUrl}/auth/local/authorize?redirect_uri=/login/callback`);
    // The page's nonce'd style is applied and its nonce'd script fills the form from an account button.
    expect(await computed(page, 'button[type=submit]', 'background-color')).toBe('rgb(13, 71, 161)');
    await page.getByRole('button', { name: 'Use lakeside' }).click();
    expect(await page.getByLabel('Password').inputValue()).toBe('demo1234');
    await signIn(page, e2e.baseUrl, 'lakeside');
    expect(violations).toEqual([]);
  });

  it('styles the welcome page with MUI (emotion) and notistack without a violation', async () => {
    const { page } = e2e;
    await page.goto(`${e2e.baseUrl}/Welcome`);
    const button = page.locator('a.MuiButton-contained').first();
    await button.waitFor();
    const background = await button.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    expect(await page.locator('style[data-emotion]').count()).toBeGreaterThan(0);
    const nonces = await page
      .locator('style[data-emotion]')
      .evaluateAll((styles) => styles.map((s) => (s as HTMLStyleElement).nonce));
    expect(nonces.every((nonce) => nonce.length > 0)).toBe(true);
    expect(violations).toEqual([]);
  });

  it('renders the sunroom configurator without a violation', async () => {
    const { page } = e2e;
    await openConfigurator(page, e2e.baseUrl, '/Ordering/SunRooms');
    await page.locator('[data-form]').first().waitFor();
    expect(await computed(page, '.MuiInputBase-root', 'display')).toMatch(/flex/); // MUI's own style (emotion); unstyled: block
    expect(violations).toEqual([]);
  });

  it('renders the ag-grid order table with its styles without a violation', async () => {
    const { page } = e2e;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Order Tracking' }).click();
    await waitForPath(page, '/CurrentOrders');
    await page.locator('[data-testid="orders-grid"] .ag-header-cell').first().waitFor();
    // ag-grid's injected theme styles make the header a flex row; unstyled it would be a plain block.
    expect(await computed(page, '[data-testid="orders-grid"] .ag-header-row', 'position')).toBe('absolute');
    expect(violations).toEqual([]);
  });
});
