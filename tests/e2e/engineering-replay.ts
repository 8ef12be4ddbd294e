/** Replays golden orders (docs/golden-orders.md) through the real engineering modal and reads back what it shows. */
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { toLookupCode } from '../../src/web/forms/postal-code-lookup';

export interface GoldenOrder {
  title: string;
  form: string;
  context?: { locations?: Record<string, string>; productLine?: string; prices?: Record<string, number> };
  start?: Record<string, unknown>;
  steps?: ({ set: Record<string, unknown> } | { blur: string })[];
  expect: {
    data?: Record<string, unknown>;
    missing?: string[];
    missingIncludes?: string[];
    missingExcludes?: string[];
    labels?: Record<string, string>;
    errors?: Record<string, string | null>;
    hidden?: string[];
    shown?: string[];
    price?: number | string;
    submit?: { allowed?: boolean };
  };
}

export function readGoldenOrder(file: string): GoldenOrder {
  return JSON.parse(readFileSync(file, 'utf8')) as GoldenOrder;
}

/** rjsf's element id of a field path. */
export function idOf(path: string): string {
  return `root_${path.replace(/\./g, '_')}`;
}

/** Golden-order equality: empty is absent/null/"", a number equals its string. */
export function isSameShownValue(shown: unknown, expected: unknown): boolean {
  const isEmpty = (v: unknown) => v === undefined || v === null || v === '';
  if (isEmpty(shown) || isEmpty(expected)) return isEmpty(shown) && isEmpty(expected);
  if (typeof expected === 'boolean' || typeof shown === 'boolean') return String(shown) === String(expected);
  const a = Number(shown);
  const b = Number(expected);
  if (Number.isFinite(a) && Number.isFinite(b) && String(shown).trim() !== '' && String(expected).trim() !== '') return a === b;
  return String(shown) === String(expected);
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
  for (const message of await messages.all()) shown[(await message.getAttribute('data-message-for')) ?? ''] = (await message.innerText()).trim();
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
