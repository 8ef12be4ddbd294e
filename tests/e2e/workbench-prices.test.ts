/**
 * Issue 13, the workbench's price tables and publish: temo.staff changes a pergola price row in the grid (keyboard:
 * type, Enter, Ctrl+Z/Ctrl+Shift+Z, Ctrl+S) and another through a CSV upload; bad input is refused at its row; a
 * reload keeps unsaved typing; the impact panel counts the stored orders whose price changes (orders seeded at those
 * sizes); publish; then roll back from the history. Axe on the prices and publish tabs.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findSeriousViolations } from './support/axe';
import { expectText } from './support/browser';
import { readGolden } from './support/golden-orders';
import { useBrowserTest } from './support/harness';
import { insertOrder } from './support/server-state';

const tablePath = 'definitions/prices/pergola/pergola-fixed-attached.json';
const golden = readGolden('pergola', '043-price-pergola-fixed-attached-10-6-x-13-rounds-up-to-12-x-14-even-sizes.json');

/** A stored fixed attached pergola of the given size (no golden order prices these sizes, so the checks stay green). */
function pergolaOrder(fileName: string, lengthFeet: number, widthFeet: number) {
  return {
    dealerId: 1002,
    userId: 2002,
    formId: 'pergola',
    fileName,
    status: 'initial' as const,
    isOrdered: true,
    data: { ...golden.start, lengthFeet, lengthInches: 0, widthFeet, widthInches: 0 },
  };
}

/** The grid cell of a length (row) and width (column) of the 8..20 x 8..30 even table. */
function cell(page: Page, length: number, width: number) {
  const row = (length - 8) / 2;
  const column = (width - 8) / 2;
  return page.getByTestId('price-grid').locator(`[row-id="${row}"] [col-id="w${column}"]`);
}

async function typeInto(page: Page, length: number, width: number, text: string): Promise<void> {
  await cell(page, length, width).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

async function saveAndWait(page: Page): Promise<void> {
  await page.keyboard.press('Control+s');
  await expectText(page.getByTestId('save-status'), 'All changes saved', 30_000);
}

describe('price tables in the workbench, impact, publish and rollback', () => {
  const e2e = useBrowserTest({
    async setUp({ server }) {
      await insertOrder(server, pergolaOrder('PER-1002-WB-20x30-A', 20, 30));
      await insertOrder(server, pergolaOrder('PER-1002-WB-20x30-B', 19, 29));
      await insertOrder(server, pergolaOrder('PER-1002-WB-18x28', 18, 28));
    },
  });

  it('changes a row in the grid and one by CSV, counts the orders it reprices, publishes, and rolls back', () =>
    e2e.withSignedInPage('temo.staff', async (page) => {
      const opened = await e2e.api('temo.staff', 'POST', '/api/definition-drafts', { note: 'Largest pergolas' });
      const draftId = ((await opened.json()) as { draft: { id: number } }).draft.id;
      await page.goto(e2e.url(`/Staff/Definitions/drafts/${draftId}?tab=prices`));
      await page.getByRole('button', { name: 'pergola-fixed-attached' }).click();
      await cell(page, 20, 30).waitFor();
      expect(await cell(page, 20, 30).innerText()).toBe('23900');
      expect(await findSeriousViolations(page)).toEqual([]);

      // A price that is not a number is marked at its row and not saved.
      await typeInto(page, 20, 28, 'abc');
      await expectText(page.getByTestId('price-problems'), '20 × 28: “abc” is not a number of dollars');
      await expectText(page.getByTestId('price-grid').locator(`[row-id="6"] [col-id="problems"]`), 'not a number');
      await page.keyboard.press('Control+s');
      await expectText(page.getByRole('alert'), 'has problems and was not saved');
      await page.keyboard.press('Control+z');
      await expectText(page.getByTestId('save-status'), 'All changes saved');

      // The grid: type a price, Enter; undo and redo by keyboard; save.
      await typeInto(page, 20, 30, '24500');
      await expectText(page.getByTestId('price-row-diff'), '1 row');
      await page.keyboard.press('Control+z');
      await expectText(page.getByTestId('price-row-diff'), 'none');
      await page.keyboard.press('Control+Shift+z');
      await expectText(page.getByTestId('price-row-diff'), '$24,500');
      await saveAndWait(page);
      await expectText(page.getByTestId('draft-header'), '1 file changed');
      await expectText(page.getByTestId('draft-checks'), 'Checks pass');

      // Unsaved typing survives a reload.
      await typeInto(page, 8, 8, '4999');
      await page.reload();
      await page.getByRole('button', { name: 'pergola-fixed-attached' }).click();
      await expectText(page.getByRole('alert'), 'Unsaved changes from your last visit were restored');
      expect(await cell(page, 8, 8).innerText()).toBe('4999');
      await cell(page, 8, 8).click();
      await page.keyboard.type('4905');
      await page.keyboard.press('Enter');
      await expectText(page.getByTestId('save-status'), 'All changes saved');

      // CSV: a file with a size twice is refused naming its lines; the corrected one is imported and saved.
      const current = (await (
        await e2e.api(
          'temo.staff',
          'GET',
          `/api/definition-drafts/${draftId}/file?path=${encodeURIComponent(tablePath)}`,
        )
      ).json()) as { content: string };
      const prices = (JSON.parse(current.content) as { prices: Record<string, number> }).prices;
      const widths = [8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30];
      const lengths = [8, 10, 12, 14, 16, 18, 20];
      const line = (length: number) =>
        [length, ...widths.map((width) => (length === 18 && width === 28 ? 21000 : prices[`${length}x${width}`]))].join(
          ',',
        );
      const header = `"length \\ width (feet)",${widths.join(',')}`;
      const input = page.getByTestId('price-csv-input');
      await input.setInputFiles({
        name: 'twice.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from([header, ...lengths.map(line), line(18)].join('\r\n')),
      });
      await expectText(page.getByRole('alert'), 'Line 9: length 18 appears twice (lines 7 and 9)');
      await input.setInputFiles({
        name: 'prices.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`\uFEFF${[header, ...lengths.map(line)].join('\r\n')}\r\n`),
      });
      await expectText(page.getByRole('status'), 'Imported prices.csv: 1 changed, 0 added, 0 removed');
      expect(await cell(page, 18, 28).innerText()).toBe('21000');
      await saveAndWait(page);
      await expectText(page.getByTestId('price-row-diff'), '2 rows');
      await expectText(page.getByTestId('price-row-diff'), '$21,000');

      // A new length row has no prices yet: each empty cell is a problem at its row until filled; removed, it is gone.
      await page.getByLabel('New size (ft)').fill('22');
      await page.getByRole('button', { name: 'Add length row' }).click();
      await expectText(page.getByTestId('price-problems'), '22 × 8: no price');
      await page.getByLabel('Remove a size').click();
      await page.getByRole('option', { name: 'length 22 ft' }).click();
      await page.getByRole('button', { name: 'Remove', exact: true }).click();
      expect(await page.getByTestId('price-problems').count()).toBe(0);
      await expectText(page.getByTestId('save-status'), 'All changes saved');

      // Publish tab: the diff in words, the impact on the three stored orders, then publish.
      await page.getByRole('tab', { name: 'Publish' }).click();
      await expectText(page.getByTestId('semantic-diff'), 'pergola-fixed-attached');
      await page.getByRole('button', { name: 'Analyse impact' }).click();
      await page.getByTestId('impact-report').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('impact-pergola-price').innerText()).toBe('3');
      await page.getByTestId('impact-pergola').getByRole('button', { name: /Show/ }).click();
      await expectText(page.getByTestId('impact-orders'), 'PER-1002-WB-18x28');
      await expectText(page.getByTestId('impact-orders'), '$20,645 → $21,000');
      expect(await findSeriousViolations(page)).toEqual([]);

      await page.getByLabel('Note for the version (what and why)').fill('Largest pergolas cost more');
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await expectText(page.getByRole('alert'), 'Published as version 2', 30_000);

      // Roll back from the history, with a note.
      await page.goto(e2e.url('/Staff/Definitions'));
      await expectText(page.getByTestId('version-2'), 'Published now');
      await page.getByTestId('version-2').getByRole('button', { name: 'Changes since version 1' }).click();
      await expectText(page.getByTestId('version-2'), '18 × 28');
      await page.getByTestId('version-1').getByRole('button', { name: 'Roll back to version 1' }).click();
      await page.getByLabel(/Why roll back/).fill('Prices go back to the price book');
      await page.getByRole('dialog').getByRole('button', { name: 'Roll back to version 1' }).click();
      await expectText(page.getByTestId('version-3'), 'Published now', 30_000);
      await expectText(page.getByTestId('version-3'), 'the content of version 1');
      const versions = await e2e.getJson<{ published: number }>('temo.staff', '/api/definition-versions');
      expect(versions.published).toBe(3);
      expect(await findSeriousViolations(page)).toEqual([]);
    }));
});
