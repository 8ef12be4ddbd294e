/** Helpers of the proof panel's browser tests: the Forms tab's "Files as JSON" view and keyboard travel. */
import type { Locator, Page } from 'playwright-core';

/** Opens a form's file in the Forms tab's "Files as JSON" view and hands back its text field. */
export async function openFileAsJson(page: Page, form: string, name: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Files as JSON' }).click();
  const item = page
    .getByRole('list', { name: `Files of ${form}` })
    .getByRole('listitem')
    .filter({ hasText: name });
  await item.getByRole('button', { name: /Edit as JSON|View JSON/ }).click();
  const field = page.getByLabel(`${name} (JSON)`);
  await field.waitFor();
  return field;
}

/** Replaces the file's text in that view and applies it as one unsaved, undoable edit of the draft. */
export async function applyJson(page: Page, field: Locator, text: string): Promise<void> {
  await field.fill(text);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
}

/** Presses Tab until `target` has the focus (fails after `limit` presses): how a keyboard user gets there. */
export async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  const handle = await target.elementHandle();
  if (!handle) throw new Error(`${target} is not on the page`);
  for (let i = 0; i < limit; i++) {
    if (await handle.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${target} was not reached in ${limit} presses of Tab`);
}
