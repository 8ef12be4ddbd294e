/** Replays golden orders (docs/golden-orders.md) through the real engineering modal and reads back what it shows. */
import { isDeepStrictEqual } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { toLookupCode } from '../../src/web/forms/postal-code-lookup';
import { readTextInView, waitForFormDrawn } from './support/browser';
import { diffMissingList, isSameShownValue, type GoldenOrder } from './support/golden-orders';
import type { DraftForm } from './support/draft-reload';
import type { BrowserTest } from './support/harness';

export const engineeringSuccessToast = 'Engineering request received by TEMO!';

/** rjsf's element id of a field path. */
export function idOf(path: string): string {
  return `root_${path.replace(/\./g, '_')}`;
}

function fieldBox(dialog: Locator, path: string): Locator {
  return dialog.locator(`div[data-path="${path}"]`);
}

function checkboxOf(dialog: Locator, path: string): Locator {
  return dialog.locator(`input[type="checkbox"][data-path="${path}"]`);
}

/** Sets one field the way a dealer does: fill the input, click the option, tick the box. */
export async function setField(page: Page, dialog: Locator, path: string, value: unknown): Promise<void> {
  const checkbox = checkboxOf(dialog, path);
  if ((await checkbox.count()) > 0) {
    await checkbox.setChecked(Boolean(value));
    return;
  }
  const box = fieldBox(dialog, path);
  const widget = await box.getAttribute('data-widget');
  if (widget === 'radio') {
    await box.locator(`label[data-value="${String(value)}"]`).click();
  } else if (widget === 'select') {
    await box.getByRole('combobox').click();
    const listbox = page.getByRole('listbox');
    await listbox.locator(`[data-value="${String(value ?? '')}"]`).click();
    await listbox.waitFor({ state: 'detached' });
  } else if (widget === 'yesNo') {
    await box.locator(`button[data-value="${String(value)}"]`).click();
  } else {
    const input = page.locator(`#${idOf(path)}`);
    const code = path.endsWith('zip') ? toLookupCode(String(value ?? '')) : null;
    // A complete zip is looked up; wait for the answer so what is read next is settled.
    const lookup = code ? page.waitForResponse((r) => r.url().includes('/api/geo/postal-codes/')) : null;
    await input.fill(value === null || value === undefined ? '' : String(value));
    if (lookup) {
      await lookup;
      await page.waitForFunction(() => true);
    }
  }
}

/** Leaves a field: focus it, then Tab away. */
export async function blurField(page: Page, path: string): Promise<void> {
  await page.locator(`#${idOf(path)}`).focus();
  await page.keyboard.press('Tab');
}

/** The value the modal shows for a path (null when the field is not shown at all). */
export async function readShownValue(dialog: Locator, path: string): Promise<unknown> {
  const checkbox = checkboxOf(dialog, path);
  if ((await checkbox.count()) > 0) return checkbox.isChecked();
  const box = fieldBox(dialog, path);
  if ((await box.count()) === 0) return null;
  const widget = await box.getAttribute('data-widget');
  if ((await box.getAttribute('hidden')) !== null) return box.locator('input[type="hidden"]').inputValue();
  if (widget === 'currency') return box.locator('output').getAttribute('data-value');
  if (widget === 'select') return box.locator('input.MuiSelect-nativeInput').inputValue();
  if (widget === 'radio') {
    const checked = box.locator('label:has(input:checked)');
    return (await checked.count()) > 0 ? checked.getAttribute('data-value') : null;
  }
  if (widget === 'yesNo') {
    const pressed = box.locator('button[aria-pressed="true"]');
    return (await pressed.count()) > 0 ? pressed.getAttribute('data-value') : null;
  }
  return dialog.locator(`#${idOf(path)}`).inputValue();
}

/** The messages shown at fields now, by path. */
export async function readShownMessages(dialog: Locator): Promise<Record<string, string>> {
  const messages = dialog.locator('[data-message-for]');
  const shown: Record<string, string> = {};
  for (const message of await messages.all())
    shown[(await message.getAttribute('data-message-for')) ?? ''] = await readTextInView(message);
  return shown;
}

/** Whether a path is shown (an engine-hidden field is not rendered; a ui-hidden one is in the page but hidden). */
export async function isFieldShown(dialog: Locator, path: string): Promise<boolean> {
  const box = fieldBox(dialog, path);
  return (await box.count()) > 0 && (await box.first().isVisible());
}

export function isSameJson(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(a, b);
}

/** Opens the modal from the ordering home and waits until its draft (if any) is restored. */
export async function openEngineeringModal(page: Page, baseUrl: string): Promise<Locator> {
  await page.goto(`${baseUrl}/Ordering`);
  await page.getByRole('button', { name: 'Order Engineering' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Engineering' });
  await dialog.locator('[data-draft-restored="true"]').waitFor();
  await dialog.locator(`#${idOf('userFileName')}`).waitFor();
  await waitForFormDrawn(page);
  return dialog;
}

/** The engineering modal as the draft-reload flow works it (opened from the ordering home, closed with Cancel). */
export function engineeringDraftForm(e2e: BrowserTest): DraftForm<Locator> {
  return {
    form: 'engineering',
    open: (page) => openEngineeringModal(page, e2e.baseUrl),
    set: (page, dialog, path, value) => setField(page, dialog, path, value),
    read: (_page, dialog, path) => readShownValue(dialog, path),
    async leave(_page, dialog) {
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    },
  };
}

/** Types golden-order steps in the open modal the way a dealer does: each `set` field in its order, each `blur` as leaving the field. */
export async function typeEngineeringSteps(
  page: Page,
  dialog: Locator,
  steps: NonNullable<GoldenOrder['steps']>,
): Promise<void> {
  for (const step of steps) {
    if ('set' in step)
      for (const [fieldPath, value] of Object.entries(step.set)) await setField(page, dialog, fieldPath, value);
    else await blurField(page, step.blur);
  }
}

/** Replays one golden order in the open modal and returns every difference between what it shows and `expect`. */
export async function replayEngineeringOrder(page: Page, dialog: Locator, order: GoldenOrder): Promise<string[]> {
  const differences: string[] = [];
  await typeEngineeringSteps(page, dialog, order.steps ?? []);
  const { expect: expected } = order;
  for (const [fieldPath, value] of Object.entries(expected.data ?? {})) {
    const shown = await readShownValue(dialog, fieldPath);
    if (!isSameShownValue(shown, value))
      differences.push(`data.${fieldPath}: shows ${JSON.stringify(shown)}, expected ${JSON.stringify(value)}`);
  }
  if (expected.price !== undefined) {
    const shown = await readShownValue(dialog, 'engineeringTotal');
    if (!isSameShownValue(shown, expected.price))
      differences.push(`price: shows ${JSON.stringify(shown)}, expected ${expected.price}`);
  }
  for (const fieldPath of expected.hidden ?? [])
    if (await isFieldShown(dialog, fieldPath)) differences.push(`hidden: ${fieldPath} is shown`);
  for (const fieldPath of expected.shown ?? [])
    if (!(await isFieldShown(dialog, fieldPath))) differences.push(`shown: ${fieldPath} is not shown`);

  const needsSubmit = ['missing', 'missingIncludes', 'missingExcludes', 'labels', 'errors', 'submit'].some(
    (key) => key in expected,
  );
  if (!needsSubmit) return differences;
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const problems = page.getByRole('dialog', { name: 'Please fill in the following fields:' });
  const sent = page.getByText(engineeringSuccessToast);
  await problems.or(sent).first().waitFor();
  const isSent = await sent.isVisible();
  const missingLines = isSent ? [] : await problems.locator('li[data-kind="missing"]').all();
  const missing: Record<string, string> = {};
  for (const line of missingLines)
    missing[(await line.getAttribute('data-path')) ?? ''] = (await line.innerText()).trim();
  if (expected.submit?.allowed !== undefined && expected.submit.allowed !== isSent) {
    differences.push(`submit.allowed: the page ${isSent ? 'sent' : 'refused'} the request`);
  }
  differences.push(...diffMissingList(expected, missing));
  if (isSent) {
    for (const [fieldPath, message] of Object.entries(expected.errors ?? {})) {
      if (message !== null) differences.push(`errors.${fieldPath}: the request was sent, expected "${message}"`);
    }
    return differences;
  }
  await problems.getByRole('button', { name: 'OK' }).click();
  await problems.waitFor({ state: 'detached' });
  const messages = await readShownMessages(dialog);
  for (const [fieldPath, message] of Object.entries(expected.errors ?? {})) {
    if ((messages[fieldPath] ?? null) !== message)
      differences.push(
        `errors.${fieldPath}: shows ${JSON.stringify(messages[fieldPath] ?? null)}, expected ${JSON.stringify(message)}`,
      );
  }
  return differences;
}
