import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer } from '../support/test-server';
import { closePage, expectText, launchBrowser, openPage, signIn, waitForPath } from './support/browser';
import { expectToast, fillCartSidebar, findSeriousViolations, openPartDetails, readCartLines } from './carts-helpers';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

describe('spare parts catalogue and cart in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('searches and browses to three parts, changes quantities, sends, and finds the order in the initial orders', async () => {
    page = await openPage(browser);
    await signIn(page, server.baseUrl, 'lakeside');
    await page.goto(`${server.baseUrl}/Ordering/SpareParts`);
    await expectText(page.getByTestId('parts-count'), '282 items');
    expect(await page.getByTestId('go-to-cart').count()).toBe(0);
    expect(await findSeriousViolations(page)).toEqual([]);

    // 1: search, then the detail modal with a quantity of 2.
    await page.getByLabel('Search parts').fill('continuous hinge');
    await expectText(page.getByTestId('parts-count'), '4 items');
    let dialog = await openPartDetails(page, 'CONTINUOUS HINGE 80IN WHITE');
    await dialog.getByRole('button', { name: 'Increase quantity' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Quantity' }).inputValue()).toBe('2');
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await expectToast(page, 'Added to cart.');
    await dialog.waitFor({ state: 'detached' });
    await expectText(page.getByTestId('go-to-cart'), 'Go To Cart ($94.00)');

    // 2: browse the category tree.
    await page.getByLabel('Search parts').fill('');
    await expectText(page.getByTestId('parts-count'), '282 items');
    await page.getByRole('button', { name: 'Expand FASTENERS' }).click();
    await page.getByRole('button', { name: /^SCREWS/ }).click();
    await expectText(page.getByTestId('parts-count'), '10 items');
    const firstCard = page.getByRole('list', { name: 'Spare parts' }).getByRole('listitem').first().locator('article');
    const firstName = await firstCard.locator('h3').innerText();
    dialog = await openPartDetails(page, firstName);
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await expectToast(page, 'Added to cart.');

    // 3: TRANSOMS goes to its own page; a 10 inch bronze 206 Temp transom.
    await page.getByRole('button', { name: /^TRANSOMS/ }).click();
    await waitForPath(page, '/Ordering/Transoms');
    const card = page.locator('[data-card="206 Temp Transom"]');
    await card.getByRole('combobox', { name: 'Size' }).click();
    await page.getByRole('option', { name: '10 Inch' }).click();
    await card.getByRole('radio', { name: 'BRONZE' }).click();
    await expectText(card.getByTestId('variant-part-number'), 'TR-206T-10-BZ');
    await card.getByRole('button', { name: /^Add to cart \$/ }).click();
    await expectToast(page, 'Added to cart.');
    await page.getByTestId('go-to-cart').click();
    await waitForPath(page, '/Ordering/SparePartsCart');

    await page.getByTestId('cart-line').nth(2).waitFor();
    const lines = await readCartLines(page);
    expect(lines.map(([, quantity]) => quantity)).toEqual(['2', '1', '1']);
    expect(lines[0][0]).toBe('continuous hinge 80in, white');
    expect(await findSeriousViolations(page)).toEqual([]);

    // Quantities: plus, minus (never below 1), typed and clamped by the definition when left.
    await page.getByRole('button', { name: 'Increase quantity of continuous hinge 80in, white' }).click();
    await page.getByRole('button', { name: /^Increase quantity of 10 Inch transom/ }).click();
    await page.getByRole('button', { name: /^Decrease quantity of 10 Inch transom/ }).click();
    expect(await page.getByRole('button', { name: /^Decrease quantity of 10 Inch transom/ }).isDisabled()).toBe(true);
    const typed = page.getByTestId('cart-line').nth(1).getByRole('textbox');
    await typed.fill('0');
    await typed.blur();
    expect(await typed.inputValue()).toBe('1');
    await typed.fill('4');
    await typed.blur();
    expect((await readCartLines(page)).map(([, quantity]) => quantity)).toEqual(['3', '4', '1']);

    // Sending without the sidebar lists what is missing.
    await page.getByRole('button', { name: 'Send and Confirm Your Order' }).click();
    const missing = page.getByRole('dialog', { name: 'Please fill in the following fields:' });
    await expectText(missing.getByRole('listitem'), 'Last Name');
    await missing.getByRole('button', { name: 'OK' }).click();

    await fillCartSidebar(page, { location: 'Lakeside Sunrooms - Madison', lastName: 'BRANDT', sender: 'Lee Lakeside', email: 'lee@lakeside.example', shipping: /^FEDEX GROUND/, line1: 'Leave at the side door' });
    await page.getByRole('button', { name: 'Send and Confirm Your Order' }).click();
    await expectToast(page, 'File received by TEMO!');
    // Go Back after a send: the page the dealer came from.
    await waitForPath(page, '/Ordering/Transoms');
    expect(await page.getByTestId('go-to-cart').count()).toBe(0);

    const token = await server.tokenFor('lakeside');
    const initial = (await (await fetch(`${server.baseUrl}/api/TxtThings/initialOrders`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Record<string, { lastName: string; fileName: string }>;
    const sent = Object.values(initial).filter((order) => order.lastName === 'BRANDT');
    expect(sent).toHaveLength(1);
    expect(sent[0].fileName).toMatch(/^SPR-/);
    await closePage(page);
  });

  it('shows door sizes 36inx80in and 42inx86in and the sash note', async () => {
    page = await openPage(browser);
    await signIn(page, server.baseUrl, 'summit');
    await page.goto(`${server.baseUrl}/Ordering/Doors`);
    const card = page.locator('[data-card="2 Inch Door"]');
    await card.getByRole('combobox', { name: 'Size' }).click();
    const sizes = await page.getByRole('option').allInnerTexts();
    expect(sizes).toEqual(['36inx80in', '42inx86in']);
    await page.keyboard.press('Escape');
    await page.goto(`${server.baseUrl}/Ordering/Sash`);
    await expectText(page.getByRole('alert'), 'Sash parts shown from interior view');
    expect(await page.locator('[data-card]').count()).toBe(4);
    await closePage(page);
  });
});
