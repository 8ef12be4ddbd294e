import type { Locator, Page } from 'playwright-core';
import { findSeriousViolations as findSeriousViolationsIn } from './support/axe';
import { expectText } from './support/browser';

/** Helpers of the catalogue, cart and glass e2e tests. */

/** A toast with this text appears. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expectText(page.locator('#notistack-snackbar'), text);
}

/** Picks `label` in the MUI select whose input has `id` (the renderer's select widget or a page select). */
export async function chooseOption(page: Page, id: string, label: string | RegExp): Promise<void> {
  await page.locator(`#${id}`).click();
  await page.getByRole('option', { name: label }).first().click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** Fills the cart's sidebar (rendered by the generic renderer from the cart definition). */
export async function fillCartSidebar(
  page: Page,
  values: {
    location?: string;
    lastName: string;
    sender: string;
    email: string;
    purchaseOrder?: string;
    shipping: string | RegExp;
    fileName?: string;
    line1?: string;
  },
): Promise<void> {
  if (values.location) await chooseOption(page, 'root_selectedLocation', values.location);
  await page.locator('#root_personalInfo_lastName').fill(values.lastName);
  await page.locator('#root_personalInfo_sender').fill(values.sender);
  await page.locator('#root_personalInfo_email').fill(values.email);
  if (values.purchaseOrder) await page.locator('#root_personalInfo_purchaseOrder').fill(values.purchaseOrder);
  await chooseOption(page, 'root_shippingMethod', values.shipping);
  if (values.fileName) await page.locator('#root_userFileName').fill(values.fileName);
  if (values.line1) await page.locator('#root_additionalInfo_Line1').fill(values.line1);
}

/** The cart page's lines as [description, quantity]. */
export async function readCartLines(page: Page): Promise<[string, string][]> {
  const lines = page.getByTestId('cart-line');
  const count = await lines.count();
  const read: [string, string][] = [];
  for (let i = 0; i < count; i++) {
    const line = lines.nth(i);
    read.push([(await line.locator('p').first().innerText()).trim(), await line.getByRole('textbox').inputValue()]);
  }
  return read;
}

/**
 * Serious or critical axe violations on the page, as readable lines. Toasts are left out: notistack's default
 * success green fails colour contrast, which belongs to the app's providers, not to these pages.
 */
export function findSeriousViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  return findSeriousViolationsIn(page, { exclude: ['.notistack-SnackbarContainer', ...exclude] });
}

/** The open part detail modal of the grid card named `name`. */
export async function openPartDetails(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: `Details of ${name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  return dialog;
}
