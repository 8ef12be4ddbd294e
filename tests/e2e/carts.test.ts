import { describe, expect, it } from 'vitest';
import { expectText } from './support/browser';
import { useBrowserTest } from './support/harness';
import { expectToast, openPartDetails, readCartLines } from './carts-helpers';

describe('carts are kept per user', () => {
  const e2e = useBrowserTest();

  it('survives a reload, and comes back from the server in a new browser after signing in again', async () => {
    await e2e.withSignedInPage('summit', async (page) => {
      await page.goto(`${e2e.baseUrl}/Ordering/SpareParts`);
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
      const token = await e2e.server.tokenFor('summit');
      await expect
        .poll(async () => {
          const response = await fetch(`${e2e.baseUrl}/api/drafts/spare-parts-cart`, {
            headers: { Authorization: `Bearer ${token}` },
          });
          return response.status === 200
            ? ((await response.json()) as { data: { OrderSpareParts?: unknown[] } }).data.OrderSpareParts?.length
            : 0;
        })
        .toBe(1);
    });

    await e2e.withSignedInPage('summit', async (elsewhere) => {
      await elsewhere.goto(`${e2e.baseUrl}/Ordering/SparePartsCart`);
      await elsewhere.getByTestId('cart-line').first().waitFor();
      expect(await readCartLines(elsewhere)).toEqual([['continuous hinge 80in, bronze', '2']]);
    });

    // Another dealer's user has a cart of its own.
    await e2e.withSignedInPage('lakeside', async (other) => {
      await other.goto(`${e2e.baseUrl}/Ordering/SparePartsCart`);
      await other.getByTestId('cart-empty').waitFor();
      await other.getByRole('button', { name: 'Send and Confirm Your Order' }).click();
      await expectToast(other, 'Please add parts to your cart before submitting.');
    });
  });
});
