/**
 * Replays a golden order (docs/golden-orders.md) through a configurator page the way a dealer works it, and
 * lists every difference between what the page shows and the order's expectations: values, shown/hidden fields,
 * the live missing list and its labels, the live price, whether submit is allowed, messages and toasts. Serves the
 * sunroom family and the pergola and pavilion pages.
 */
import type { Page } from 'playwright-core';
import { formatCurrency } from '../../src/web/forms/format-currency';
import { readTextInView } from './support/browser';
import { diffMissingList, isSameShownValue, type GoldenOrder } from './support/golden-orders';
import {
  blurConfiguratorField,
  closeModals,
  isConfiguratorFieldDisabled,
  isWallChoicesPathOn,
  openWallChoices,
  readConfiguratorValue,
  setConfiguratorField,
} from './sunroom-page';

/** The price line a configurator shows for a golden order's expect.price (PriceDisplay's wording). */
export function describeExpectedPrice(price: number | string): string {
  return `Approximate Price: ${typeof price === 'number' ? formatCurrency(price) : price}`;
}

/** The price line the page shows now ('' while nothing is priced), scrolled to as a dealer does. */
export async function readShownPrice(page: Page): Promise<string> {
  const price = page.getByTestId('approximate-price').first();
  return (await price.count()) > 0 ? readTextInView(price) : '';
}

/** Whether the page shows a field now (wall fields in the Wall Choices modal). */
async function isFieldShown(page: Page, fieldPath: string): Promise<boolean> {
  const isInWalls = await isWallChoicesPathOn(page, fieldPath);
  const scope = isInWalls ? await openWallChoices(page) : page.locator('form');
  if (!isInWalls) await closeModals(page);
  const box = scope.locator(`div[data-path="${fieldPath}"], input[data-path="${fieldPath}"]`);
  return (await box.count()) > 0 && (await box.first().isVisible());
}

/** The value shown for a path; an expected empty wall array is checked as "no editor of that group". */
async function readShown(page: Page, fieldPath: string, expected: unknown): Promise<unknown> {
  if (Array.isArray(expected)) {
    const suffix = /(ERL|ERR|ERF)$/.exec(fieldPath)?.[1] ?? '';
    const dialog = await openWallChoices(page).catch(() => null);
    const count = dialog ? await dialog.locator(`section[data-wall^="${suffix}"]`).count() : 0;
    return count === 0 ? [] : `${count} walls`;
  }
  return readConfiguratorValue(page, fieldPath);
}

/** Replays one golden order on the open page; returns every difference between what it shows and `expect`. */
export async function replayGoldenOrder(page: Page, order: GoldenOrder): Promise<string[]> {
  const differences: string[] = [];
  for (const step of order.steps ?? []) {
    if (!('set' in step)) {
      await blurConfiguratorField(page, step.blur);
      continue;
    }
    for (const [fieldPath, value] of Object.entries(step.set)) {
      // A forced field is disabled: setting the value it already holds is nothing a dealer does; another value is a difference.
      if (await isConfiguratorFieldDisabled(page, fieldPath)) {
        const shown = await readConfiguratorValue(page, fieldPath);
        if (!isSameShownValue(shown, value))
          differences.push(
            `set ${fieldPath}: the page holds it disabled at ${JSON.stringify(shown)}, the order sets ${JSON.stringify(value)}`,
          );
        continue;
      }
      await setConfiguratorField(page, fieldPath, value);
    }
  }
  const { expect: expected } = order;
  const toasts = await page.locator('#notistack-snackbar').allInnerTexts();
  for (const [fieldPath, value] of Object.entries(expected.data ?? {})) {
    const shown = await readShown(page, fieldPath, value);
    const isSame = Array.isArray(value) ? Array.isArray(shown) && value.length === 0 : isSameShownValue(shown, value);
    if (!isSame)
      differences.push(`data.${fieldPath}: shows ${JSON.stringify(shown)}, expected ${JSON.stringify(value)}`);
  }
  for (const fieldPath of expected.hidden ?? [])
    if (await isFieldShown(page, fieldPath)) differences.push(`hidden: ${fieldPath} is shown`);
  for (const fieldPath of expected.shown ?? [])
    if (!(await isFieldShown(page, fieldPath))) differences.push(`shown: ${fieldPath} is not shown`);
  await closeModals(page);

  // The live missing list shows the engine's list with its labels.
  const lines = await page
    .locator('[data-testid="missing-list"] li')
    .evaluateAll((items) =>
      items.map((item) => [item.getAttribute('data-path') ?? '', item.textContent?.trim() ?? '']),
    );
  const missing = Object.fromEntries(lines) as Record<string, string>;
  differences.push(...diffMissingList(expected, missing));

  if (expected.price !== undefined) {
    const shown = await readShownPrice(page);
    if (shown !== describeExpectedPrice(expected.price))
      differences.push(
        `price: shows ${JSON.stringify(shown)}, expected ${JSON.stringify(describeExpectedPrice(expected.price))}`,
      );
  }

  const needsSubmit = expected.submit?.allowed !== undefined || expected.errors !== undefined;
  if (!needsSubmit) return differences;
  const button = page.getByTestId('submit-order');
  const isEnabled = await button.isEnabled();
  if (isEnabled) await button.click();
  const problems = page.getByRole('dialog', { name: 'Please fill in the following fields:' });
  const summary = page.getByRole('dialog', { name: 'Are you sure you want to submit?' });
  if (isEnabled) await problems.or(summary).first().waitFor();
  const isAllowed =
    isEnabled && (await summary.isVisible()) && (await summary.getByRole('button', { name: 'Yes' }).count()) > 0;
  if (expected.submit?.allowed !== undefined && expected.submit.allowed !== isAllowed)
    differences.push(`submit.allowed: the page ${isAllowed ? 'allows' : 'refuses'} it`);
  const dialogLines = isEnabled && (await problems.isVisible()) ? await problems.locator('li').allInnerTexts() : [];
  await closeModals(page);
  const fieldMessages = await page
    .locator('[data-message-for]')
    .evaluateAll((items) =>
      items.map((item) => [item.getAttribute('data-message-for') ?? '', item.textContent?.trim() ?? '']),
    );
  const atField = Object.fromEntries(fieldMessages) as Record<string, string>;
  for (const [fieldPath, message] of Object.entries(expected.errors ?? {})) {
    const seen = [atField[fieldPath], missing[fieldPath], ...dialogLines, ...toasts]
      .filter(Boolean)
      .map((text) => String(text));
    const isShown =
      message === null
        ? atField[fieldPath] === undefined
        : seen.some((text) => text === message || text.endsWith(`: ${message}`));
    if (!isShown)
      differences.push(
        `errors.${fieldPath}: expected ${JSON.stringify(message)}, the page shows ${JSON.stringify(seen)}`,
      );
  }
  return differences;
}
