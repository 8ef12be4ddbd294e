/**
 * Issue 13: two people in one draft. temo.product types a price while temo.staff saves the same table; the save is
 * refused (409) and nothing typed is lost: both versions are shown, "Take the saved version" keeps mine in Undo,
 * "Keep my version" saves mine over theirs. The dialog is used by keyboard and passes axe.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findSeriousViolations } from './support/axe';
import { expectText, waitForDialogShown } from './support/browser';
import { useBrowserTest, type BrowserTest } from './support/harness';

const tablePath = 'definitions/prices/pergola/pergola-fixed-attached.json';
const fileUrl = (draftId: number) => `/api/definition-drafts/${draftId}/file?path=${encodeURIComponent(tablePath)}`;

/** temo.staff saves the table with 10x10 at `price` (from what the draft holds now). */
async function saveElsewhere(e2e: BrowserTest, draftId: number, price: number): Promise<void> {
  const file = await e2e.getJson<{ hash: string; content: string }>('temo.staff', fileUrl(draftId));
  const table = JSON.parse(file.content) as { prices: Record<string, number> };
  table.prices['10x10'] = price;
  const put = await e2e.api('temo.staff', 'PUT', `/api/definition-drafts/${draftId}/file`, {
    path: tablePath,
    content: `${JSON.stringify(table, null, 2)}\n`,
    baseHash: file.hash,
  });
  expect(put.status).toBe(200);
}

const cell10x10 = (page: Page) => page.getByTestId('price-grid').locator('[row-id="1"] [col-id="w1"]');

async function typePrice(page: Page, price: string): Promise<void> {
  await cell10x10(page).click();
  await page.keyboard.type(price);
  await page.keyboard.press('Enter');
}

describe('a save that meets another save of the same file', () => {
  const e2e = useBrowserTest();

  it('shows both versions; take theirs (mine stays in Undo) or keep mine', () =>
    e2e.withSignedInPage('temo.product', async (page) => {
      const opened = await e2e.api('temo.product', 'POST', '/api/definition-drafts', { note: 'Two of us' });
      const draftId = ((await opened.json()) as { draft: { id: number } }).draft.id;
      await page.goto(e2e.url(`/Staff/Definitions/drafts/${draftId}?tab=prices`));
      await page.getByRole('button', { name: 'pergola-fixed-attached' }).click();
      await cell10x10(page).waitFor();

      await typePrice(page, '6400');
      await saveElsewhere(e2e, draftId, 6350);
      await page.keyboard.press('Control+s');
      await waitForDialogShown(page);
      const dialog = page.getByRole('dialog');
      await expectText(dialog, 'pergola-fixed-attached.json was changed by someone else');
      await expectText(dialog.getByLabel(/Your version/), '"10x10": 6400');
      await expectText(dialog.getByLabel(/Saved version/), '"10x10": 6350');
      expect(await findSeriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
      await dialog.getByRole('button', { name: 'Take the saved version' }).focus();
      await page.keyboard.press('Enter');
      await expectText(page.getByTestId('save-status'), 'All changes saved');
      expect(await cell10x10(page).innerText()).toBe('6350');

      // Mine is one Undo away, and saves over theirs now that it starts from their version.
      await page.getByRole('button', { name: 'Undo' }).click();
      expect(await cell10x10(page).innerText()).toBe('6400');
      await page.getByRole('button', { name: 'Save (1)' }).click();
      await expectText(page.getByTestId('save-status'), 'All changes saved', 30_000);

      await typePrice(page, '6500');
      await saveElsewhere(e2e, draftId, 6300);
      await page.keyboard.press('Control+s');
      await waitForDialogShown(page);
      await page.getByRole('dialog').getByRole('button', { name: 'Keep my version' }).focus();
      await page.keyboard.press('Space');
      await expectText(page.getByTestId('save-status'), 'All changes saved', 30_000);
      const saved = await e2e.getJson<{ content: string }>('temo.staff', fileUrl(draftId));
      expect((JSON.parse(saved.content) as { prices: Record<string, number> }).prices['10x10']).toBe(6500);
      expect(await page.getByRole('dialog').count()).toBe(0);
    }));
});
