import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectText, waitForPath } from './support/browser';
import { useBrowserTest } from './support/harness';
import { chooseOption, expectToast, fillCartSidebar, findSeriousViolations, readCartLines } from './carts-helpers';

async function typeSide(
  page: Page,
  field: 'leftSideInches' | 'bottomSideInches' | 'rightSideInches',
  text: string,
): Promise<void> {
  const input = page.locator(`#glass-${field}`);
  await input.fill('');
  await input.pressSequentially(text);
  await input.blur();
}

describe('trapezoid glass in Chromium', () => {
  const e2e = useBrowserTest();

  it('builds two pieces priced by the definition, refuses a 13-inch slope, keeps the type on No, and sends', async () => {
    await e2e.withSignedInPage('summit', async (page) => {
      await page.goto(`${e2e.baseUrl}/Ordering/CustomTrapGlass`);
      await page.getByTestId('finished-size-warning').waitFor();
      expect(await page.getByRole('img', { name: 'Left High glass shape' }).count()).toBeGreaterThan(0);
      expect(await findSeriousViolations(page)).toEqual([]);

      // Sending an empty glass cart.
      await chooseOption(page, 'glass-type', 'Tempered Insulated Glass');
      // Piece 1: Left High 31 x 41 x 20 (golden order 02: $249.67); letters and a second dot are not accepted.
      await typeSide(page, 'leftSideInches', '3a1');
      expect(await page.locator('#glass-leftSideInches').inputValue()).toBe('31');
      await typeSide(page, 'bottomSideInches', '41..');
      expect(await page.locator('#glass-bottomSideInches').inputValue()).toBe('41.');
      await typeSide(page, 'bottomSideInches', '41');
      await typeSide(page, 'rightSideInches', '20');
      await expectText(page.getByTestId('glass-add'), 'Add To Cart $249.67');
      await page.getByTestId('glass-add').click();
      await expectToast(page, 'Added to cart.');

      // A side above 96 inches is flagged at the field.
      await typeSide(page, 'leftSideInches', '97');
      await expectText(page.locator('#glass-leftSideInches-helper-text'), 'Left side must be 4 to 96 inches');

      // Piece 2: Right High 10 x 12 x 15 has a 13-inch slope: toast, and the side just left is cleared.
      await page.getByRole('radio', { name: /Right High/ }).check();
      await typeSide(page, 'leftSideInches', '10');
      await typeSide(page, 'bottomSideInches', '12');
      await typeSide(page, 'rightSideInches', '15');
      await expectToast(page, 'The hypotenuse of the trapezoid has a minimum of 14 inches');
      expect(await page.locator('#glass-rightSideInches').inputValue()).toBe('');
      await typeSide(page, 'rightSideInches', '24');
      await page.getByTestId('glass-add').click();
      await expectToast(page, 'Added to cart.');

      // Switching the glass type with pieces in the cart asks first; No keeps it.
      await chooseOption(page, 'glass-type', 'Tempered Glass');
      const question = page.getByRole('dialog', { name: 'Change the glass type?' });
      await expectText(
        question,
        'You already selected a glass type. All items must be the same type. Are you sure you want to change it?',
      );
      await question.getByRole('button', { name: 'No' }).click();
      await question.waitFor({ state: 'detached' });
      expect(await page.locator('#glass-type').innerText()).toBe('Tempered Insulated Glass');

      await page.getByTestId('go-to-cart').click();
      await waitForPath(page, '/Ordering/CustomTrapGlassCart');
      await page.getByTestId('cart-line').nth(1).waitFor();
      expect((await readCartLines(page)).map(([name]) => name)).toEqual(['31 x 41 x 20', '10 x 12 x 24']);
      await expectText(page.getByTestId('cart-glass-type'), 'Tempered Insulated Glass');
      expect(await findSeriousViolations(page)).toEqual([]);

      // FedEx is not offered for glass.
      await page.locator('#root_shippingMethod').click();
      const methods = await page.getByRole('option').allInnerTexts();
      expect(methods.filter((method) => method.includes('FEDEX'))).toEqual([]);
      await page.keyboard.press('Escape');

      await fillCartSidebar(page, {
        lastName: 'NOVAK',
        sender: 'Pat Summit',
        email: 'pat@summit.example',
        shipping: 'PICK UP',
      });
      await page.getByRole('button', { name: 'Send and Confirm Your Order' }).click();
      await expectToast(page, 'File received by TEMO!');
      await waitForPath(page, '/Ordering/CustomTrapGlass');

      const token = await e2e.server.tokenFor('summit');
      const initial = (await (
        await fetch(`${e2e.baseUrl}/api/TxtThings/initialOrders`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as Record<string, { lastName: string; fileName: string }>;
      expect(
        Object.values(initial).filter((order) => order.lastName === 'NOVAK' && order.fileName.startsWith('GLS-')),
      ).toHaveLength(1);

      // The cart is empty again: sending now toasts and nothing is posted.
      await page.goto(`${e2e.baseUrl}/Ordering/CustomTrapGlassCart`);
      await page.getByTestId('cart-empty').waitFor();
      await page.getByRole('button', { name: 'Send and Confirm Your Order' }).click();
      await expectToast(page, 'Please add glass to your cart before submitting.');
    });
  });

  it('holds at most 12 pieces', async () => {
    await e2e.withSignedInPage('lakeside', async (page) => {
      await page.goto(`${e2e.baseUrl}/Ordering/CustomTrapGlass`);
      await chooseOption(page, 'glass-type', 'Tempered Glass');
      await page.getByRole('radio', { name: /Rectangular/ }).check();
      await typeSide(page, 'leftSideInches', '20');
      await typeSide(page, 'bottomSideInches', '30');
      await page.getByTestId('glass-add').click();
      await expectToast(page, 'Added to cart.');
      await page.getByTestId('go-to-cart').click();
      const plus = page.getByRole('button', { name: 'Increase quantity of 20 x 30 x 20' });
      for (let quantity = 2; quantity <= 12; quantity++) {
        await plus.click();
        await expect.poll(() => page.getByTestId('cart-line').getByRole('textbox').inputValue()).toBe(String(quantity));
      }
      await plus.click();
      await expectToast(page, 'The cart can only contain up to 12 parts at one time.');
      expect(await page.getByTestId('cart-line').getByRole('textbox').inputValue()).toBe('12');
    });
  });
});
