/** What the order desk's browser tests share: reading the grid, finding a row, choosing a dealer, the staff API. */
import type { Locator, Page } from 'playwright-core';
import type { StaffOrderFilters, StaffOrdersAnswer } from '../../../src/contracts/staff';
import type { BrowserTest } from './harness';

export const staffUser = 'temo.staff';

/** The grid's rows now shown (loaded, not the infinite model's loading stubs), by file name in row order. */
export async function shownFileNames(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rows = Array.from(document.querySelectorAll('[data-testid="order-desk-grid"] .ag-row[row-index]'));
    rows.sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')));
    return rows
      .map((row) => row.querySelector('[col-id="fileName"]')?.textContent?.trim() ?? '')
      .filter((name) => name !== '');
  });
}

/** Waits until the grid shows exactly these file names (any order). */
export async function waitForRows(page: Page, fileNames: string[], timeout = 10_000): Promise<void> {
  const expected = [...fileNames].sort();
  try {
    await page.waitForFunction(
      (wanted) => {
        const rows = Array.from(document.querySelectorAll('[data-testid="order-desk-grid"] .ag-row[row-index]'));
        const names = rows
          .map((row) => row.querySelector('[col-id="fileName"]')?.textContent?.trim() ?? '')
          .filter(Boolean)
          .sort();
        return JSON.stringify(names) === JSON.stringify(wanted);
      },
      expected,
      { timeout },
    );
  } catch {
    throw new Error(
      `The grid never showed ${JSON.stringify(expected)}; it shows ${JSON.stringify(await shownFileNames(page))}`,
    );
  }
}

/** A row of the grid by its order's file name (the grid's row id). */
export function rowOf(page: Page, fileName: string): Locator {
  return page.locator(`[data-testid="order-desk-grid"] .ag-row[row-id="${fileName}"]`);
}

/** The row's selection checkbox (in the pinned selection column). */
export function checkboxOf(page: Page, fileName: string): Locator {
  return page.locator(`[data-testid="order-desk-grid"] .ag-row[row-id="${fileName}"] .ag-selection-checkbox input`);
}

/** Chooses a dealer in the toolbar's autocomplete, as a user types it. */
export async function chooseDealer(page: Page, name: string): Promise<void> {
  const input = page.getByRole('combobox', { name: 'Dealer' });
  await input.click();
  await input.fill(name.slice(0, 5));
  await page.getByRole('option', { name, exact: true }).click();
}

export async function staffOrders(e2e: BrowserTest, query: string): Promise<StaffOrdersAnswer> {
  return e2e.getJson<StaffOrdersAnswer>(staffUser, `/api/staff/orders?${query}`);
}

export async function dealerNamed(e2e: BrowserTest, dealerId: number): Promise<string> {
  const filters = await e2e.getJson<StaffOrderFilters>(staffUser, '/api/staff/order-filters');
  const dealer = filters.dealers.find((candidate) => candidate.id === dealerId);
  if (!dealer) throw new Error(`No dealer ${dealerId} among the desk's filters`);
  return dealer.name;
}

/** The focused element's grid row id (the order's file name), or null when focus is not in a grid row. */
export async function focusedRowId(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.closest('.ag-row')?.getAttribute('row-id') ?? null);
}
