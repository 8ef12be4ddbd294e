import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer } from '../support/test-server';
import { closePage, expectText, launchBrowser, openPage, signIn } from './support/browser';
import { expectToast, openPartDetails, readCartLines } from './carts-helpers';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

describe('carts are kept per user', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('survives a reload, and comes back from the server in a new browser after signing in again', async () => {
    const page = await openPage(browser);
    await signIn(page, server.baseUrl, 'summit');
    await page.goto(`${server.baseUrl}/Ordering/SpareParts`);
    await page.getByLabel('Search parts').fill('continuous hinge 80in bronze');
    await expectText(page.getByTestId('parts-count'), '1 item');
    const dialog = await openPartDetails(page, 'CONTINUOUS HINGE 80IN BRONZE');
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await expectToast(page, 'Added to cart.');
    await page.getByTestId('go-to-cart').click();
    await page.getByTestId('cart-line').first().waitFor();
    await page.getByRole('button', { name: /^Increase quantity of/ }).click();
    await page.locator('#root_personalInfo_lastName').fill('OKAFOR');
    await expect.poll(() => readCartLines(page)).toEqual([['continuous hinge 80in, bronze', '2']]);

    await page.reload();
    await page.getByTestId('cart-line').first().waitFor();
    expect(await readCartLines(page)).toEqual([['continuous hinge 80in, bronze', '2']]);
    expect(await page.locator('#root_personalInfo_lastName').inputValue()).toBe('OKAFOR');

    // Wait until the server holds the cart, then sign in afresh elsewhere (as after an inactivity sign-out).
    const token = await server.tokenFor('summit');
    await expect
      .poll(async () => {
        const response = await fetch(`${server.baseUrl}/api/drafts/spare-parts-cart`, { headers: { Authorization: `Bearer ${token}` } });
        return response.status === 200 ? ((await response.json()) as { data: { OrderSpareParts?: unknown[] } }).data.OrderSpareParts?.length : 0;
      })
      .toBe(1);
    await closePage(page);

    const elsewhere = await openPage(browser);
    await signIn(elsewhere, server.baseUrl, 'summit');
    await elsewhere.goto(`${server.baseUrl}/Ordering/SparePartsCart`);
    await elsewhere.getByTestId('cart-line').first().waitFor();
    expect(await readCartLines(elsewhere)).toEqual([['continuous hinge 80in, bronze', '2']]);
    await closePage(elsewhere);

    // Another dealer's user has a cart of its own.
    const other = await openPage(browser);
    await signIn(other, server.baseUrl, 'lakeside');
    await other.goto(`${server.baseUrl}/Ordering/SparePartsCart`);
    await other.getByTestId('cart-empty').waitFor();
    await other.getByRole('button', { name: 'Send and Confirm Your Order' }).click();
    await expectToast(other, 'Please add parts to your cart before submitting.');
    await closePage(other);
  });
});
