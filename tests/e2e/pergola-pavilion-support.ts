/** Shared by the pergola and pavilion e2e tests: the submit summary and the success text. */
import type { Page } from 'playwright-core';
import { expectText, waitForDialogShown } from './support/browser';

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
