/** Shared by the configurator e2e tests (pergola, pavilion, sunroom): the submit summary, the success text, the preview overlay. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { readConfiguratorValue } from './sunroom-page';
import { expectText, waitForDialogShown } from './support/browser';
import type { BrowserTest } from './support/harness';

export const successText = 'SUCCESS! Your file has been sent. Thank you for ordering from the manufacturer!';

/** Presses the submit button and waits for the summary (Are you sure you want to submit?). */
export async function openSummary(page: Page, buttonName: string) {
  await page.getByRole('button', { name: buttonName }).click();
  const summary = page.getByRole('dialog', { name: 'Are you sure you want to submit?' });
  await summary.waitFor();
  await expectText(summary, 'These are your selections:');
  // axe reads colours mid fade-in as low contrast: wait until the dialog is fully shown.
  await waitForDialogShown(page);
  return summary;
}

/**
 * After Yes on a drawing-package order: the post is a preview (listed in the initial orders) shown in the drawing
 * overlay; once its drawings are there, I am done making changes orders it (listed in the unprocessed files).
 */
export async function expectPreviewOrderedFromOverlay(e2e: BrowserTest, page: Page, username: string): Promise<void> {
  const overlay = page.getByRole('dialog', { name: /^Drawings for / });
  await overlay.waitFor({ timeout: 20_000 });
  const previewName = ((await overlay.getByRole('heading').first().innerText()).split('Drawings for ')[1] ?? '').trim();
  const initial = (await (await e2e.api(username, 'GET', '/api/TxtThings/initialOrders')).json()) as Record<
    string,
    unknown
  >;
  expect(Object.keys(initial)).toContain(previewName);
  // The drawings are made by a server job; the overlay polls until they are there.
  await overlay.getByRole('button', { name: /^Open page 1/ }).waitFor({ timeout: 60_000 });
  await overlay.getByRole('button', { name: 'I am done making changes' }).click();
  await expectText(page.getByTestId('submit-status'), successText, 30_000);
  const unprocessed = (await (await e2e.api(username, 'GET', '/api/TxtThings/unprocessedFiles')).json()) as Record<
    string,
    unknown
  >;
  expect(Object.keys(unprocessed)).toContain(previewName);
}

/** After Yes on an order the dealer may not place: the refusal (and its contact) shows, the submit button stays, what was typed and the draft are kept. */
export async function expectRefusedAndKept(
  e2e: BrowserTest,
  page: Page,
  username: string,
  form: string,
  refusal: { text: string; contact: RegExp | null; lastName: string },
): Promise<void> {
  const status = page.getByTestId('submit-status');
  await expectText(status, refusal.text);
  if (refusal.contact) expect(await status.innerText()).toMatch(refusal.contact);
  // Where the eye is: a toast, and the message in place scrolled into the window.
  await expectText(page.locator('#notistack-snackbar').last(), refusal.text);
  const box = await page.evaluate(() => {
    const rect = document.querySelector('[data-testid="submit-status"]')!.getBoundingClientRect();
    return { top: rect.top, bottom: rect.bottom, window: window.innerHeight };
  });
  expect(box.top).toBeGreaterThanOrEqual(0);
  expect(box.top).toBeLessThan(box.window);
  expect(await page.getByTestId('submit-order').isVisible()).toBe(true);
  expect(await readConfiguratorValue(page, 'personalInfo.lastName')).toBe(refusal.lastName);
  expect((await e2e.api(username, 'GET', `/api/drafts/${form}`)).status).toBe(200);
}
