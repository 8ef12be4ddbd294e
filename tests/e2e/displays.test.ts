import { describe, expect, it } from 'vitest';
import { expectText, waitForPath } from './support/browser';
import { useBrowserTest } from './support/harness';
import { expectToast, openPartDetails, readCartLines } from './carts-helpers';

describe('displays and their cart in Chromium', () => {
  const e2e = useBrowserTest();

  it('shows display cards with SP numbers and refuses a second display', async () => {
    await e2e.withSignedInPage('summit', async (page) => {
      await page.goto(`${e2e.baseUrl}/Ordering/Displays`);
      await expectText(page.getByTestId('parts-count'), '10 items');
      await expectText(page.getByTestId('display-number'), 'SP501');

      let dialog = await openPartDetails(page, 'VISTA VIEW STUDIO DISPLAY 8X10');
      await expectText(dialog, 'SP501');
      await dialog.getByRole('button', { name: 'Add to cart' }).click();
      await expectToast(page, 'Added to cart.');
      await dialog.waitFor({ state: 'detached' });

      const second = await page
        .getByRole('list', { name: 'Displays' })
        .getByRole('listitem')
        .nth(1)
        .locator('h3')
        .innerText();
      dialog = await openPartDetails(page, second);
      await dialog.getByRole('button', { name: 'Add to cart' }).click();
      await expectToast(page, 'You can only order one display at a time.');
      // Refused: the modal stays open and the cart keeps one display.
      await dialog.getByRole('button', { name: 'Close' }).click();

      await page.getByTestId('go-to-cart').click();
      await waitForPath(page, '/Ordering/DisplayCart');
      await page.getByTestId('cart-line').first().waitFor();
      expect(await readCartLines(page)).toEqual([['Freestanding 3 5/8in studio room, 206 window walls, white', '1']]);
      await page.getByRole('button', { name: /^Increase quantity of/ }).click();
      await expectToast(page, 'You can only order one display at a time.');
      expect((await readCartLines(page))[0][1]).toBe('1');

      // FedEx is hidden for display orders.
      await page.locator('#root_shippingMethod').click();
      expect((await page.getByRole('option').allInnerTexts()).filter((method) => method.includes('FEDEX'))).toEqual([]);
      await page.keyboard.press('Escape');
    });
  });

  it('lists marketing items with their own tree and cart', async () => {
    await e2e.withSignedInPage('summit', async (page) => {
      await page.goto(`${e2e.baseUrl}/Ordering/Marketing`);
      await page
        .getByRole('navigation', { name: 'Categories' })
        .getByRole('button', { name: 'All Marketing' })
        .waitFor();
      // The tree can show before the first page of parts has arrived: wait for the count, as a dealer would.
      await expect
        .poll(async () => Number.parseInt(await page.getByTestId('parts-count').innerText(), 10))
        .toBeGreaterThan(0);
      const first = await page
        .getByRole('list', { name: 'Marketing parts' })
        .getByRole('listitem')
        .first()
        .locator('h3')
        .innerText();
      const dialog = await openPartDetails(page, first);
      await dialog.getByRole('button', { name: 'Add to cart' }).click();
      await expectToast(page, 'Added to cart.');
      await page.getByTestId('go-to-cart').click();
      await waitForPath(page, '/Ordering/MarketingCart');
      await page.getByTestId('cart-line').first().waitFor();
      expect(await readCartLines(page)).toHaveLength(1);
      // Go Back returns to the marketing page the dealer came from.
      await page.getByRole('button', { name: 'Go Back' }).click();
      await waitForPath(page, '/Ordering/Marketing');
    });
  });
});
