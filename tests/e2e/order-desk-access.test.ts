/**
 * Issue 14, who reaches the order desk and how by keyboard: a dealer has no Order Desk entry, gets the "not
 * available" page at /Staff/Orders and 403 from the staff API; temo.staff works the grid by keyboard alone (arrows
 * to a row, Enter opens it, Escape returns to the row, Space selects it, m opens the next move and Enter sends it);
 * the search and a sort are kept in the address. Axe on each state.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findSeriousViolations } from './support/axe';
import { expectText } from './support/browser';
import { useBrowserTest } from './support/harness';
import { focusedRowId, staffOrders, staffUser, waitForRows } from './support/order-desk';

const summitId = 1002;

/** Presses Tab until focus is inside the grid (what a keyboard user does), at most `limit` times. */
async function tabIntoGrid(page: Page, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const inGrid = await page.evaluate(
      () => document.activeElement?.closest('[data-testid="order-desk-grid"]') !== null,
    );
    if (inGrid) return;
  }
  throw new Error('Tab never reached the grid');
}

describe('who reaches the order desk, and by keyboard', () => {
  const e2e = useBrowserTest();

  it('a dealer: no Order Desk entry, the "not available" page, 403 from every staff route', () =>
    e2e.withSignedInPage('summit', async (page) => {
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expectText(nav, 'Order History');
      expect(await nav.getByRole('link', { name: 'Order Desk' }).count()).toBe(0);
      await page.goto(e2e.url('/Staff/Orders?status=unprocessed'));
      await page.getByRole('heading', { name: 'Not available for your account' }).waitFor();
      await expectText(page.getByRole('main'), "TEMO staff who work the dealers' orders");
      expect(await page.getByTestId('order-desk-grid').count()).toBe(0);
      expect(await findSeriousViolations(page)).toEqual([]);
      const file = (await staffOrders(e2e, `dealerId=${summitId}`)).orders[0].fileName;
      const calls: [string, string, unknown?][] = [
        ['GET', '/api/staff/orders'],
        ['GET', '/api/staff/order-filters'],
        ['GET', `/api/staff/orders/${file}`],
        ['GET', `/api/staff/orders/${file}/details`],
        ['POST', `/api/staff/orders/${file}/transition`, { to: 'processed', detailer: 'X' }],
        ['POST', '/api/staff/orders/transitions', { fileNames: [file], move: { to: 'processed', detailer: 'X' } }],
        ['PUT', `/api/staff/orders/${file}/detailer`, { detailer: 'X' }],
        ['POST', `/api/staff/orders/${file}/email`, {}],
      ];
      for (const [method, route, body] of calls) {
        expect(`${method} ${route} ${(await e2e.api('summit', method, route, body)).status}`).toBe(
          `${method} ${route} 403`,
        );
      }
    }));

  it('staff, by keyboard: arrows to a row, Enter opens it, Escape returns to it, m opens the next move', () =>
    e2e.withSignedInPage(staffUser, async (page) => {
      const unprocessed = (await staffOrders(e2e, `dealerId=${summitId}&status=unprocessed`)).orders;
      expect(unprocessed.length).toBeGreaterThanOrEqual(2);
      await page.goto(e2e.url(`/Staff/Orders?dealerId=${summitId}&status=unprocessed`));
      await waitForRows(
        page,
        unprocessed.map((order) => order.fileName),
      );
      // The page says its shortcuts.
      await page.getByRole('button', { name: 'Keyboard' }).click();
      await expectText(page.getByTestId('keyboard-help'), 'the next move of the order');

      await tabIntoGrid(page);
      for (let i = 0; i < 4 && (await focusedRowId(page)) !== unprocessed[0].fileName; i++) {
        await page.keyboard.press('ArrowDown');
      }
      expect(await focusedRowId(page)).toBe(unprocessed[0].fileName);
      await page.keyboard.press('ArrowDown');
      const second = unprocessed[1].fileName;
      expect(await focusedRowId(page)).toBe(second);

      await page.keyboard.press('Enter');
      const panel = page.getByTestId('order-panel');
      await expectText(panel, second);
      await expectText(panel.getByTestId('order-panel-state'), 'Unprocessed');
      // The e-mail button is enabled when the order's details arrive; axe after that, not during its colour change.
      await panel.locator('button:not([disabled])', { hasText: 'E-mail the dealer' }).waitFor();
      expect(await findSeriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      await page.waitForFunction(
        (id) => document.activeElement?.closest('.ag-row')?.getAttribute('row-id') === id,
        second,
      );

      // Space selects the row for a bulk move (and again clears it).
      await page.keyboard.press('Space');
      await expectText(page.getByTestId('order-desk-count'), '1 selected');
      await page.keyboard.press('Space');
      await page.getByTestId('order-desk-count').filter({ hasNotText: 'selected' }).waitFor();

      // m on the row: the panel opens with the move's confirmation, its first field focused; Enter sends it.
      await page.keyboard.press('m');
      const dialog = page.getByRole('dialog', { name: 'Move to Processed?' });
      await dialog.waitFor();
      await page.keyboard.type('Grace Liu');
      expect(await dialog.getByLabel('Detailer').inputValue()).toBe('Grace Liu');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await expectText(panel.getByTestId('order-panel-state'), 'Processed');
      await expectText(panel.getByTestId('order-timeline'), `${staffUser} moved it Unprocessed → Processed`);
      // In the panel, m opens the next move (Confirmed needs the order e-mailed first: the button says why).
      await expectText(panel, 'The order has not been e-mailed to the dealer yet');
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      // The order left the Unprocessed list: focus lands on the row now in its place.
      await waitForRows(page, [unprocessed[0].fileName]);
      await page.waitForFunction(() => document.activeElement?.closest('.ag-row') !== null);
      expect(await focusedRowId(page)).toBe(unprocessed[0].fileName);
    }));

  it('staff: the search (debounced) and a header sort go to the server and into the address; a reload keeps them', () =>
    e2e.withSignedInPage(staffUser, async (page) => {
      const everyone = await staffOrders(e2e, 'limit=1');
      await page.goto(e2e.url('/Staff/Orders'));
      await expectText(page.getByTestId('order-desk-count'), `${everyone.total.toLocaleString('en-US')} orders`);
      const target = (await staffOrders(e2e, `dealerId=${summitId}&status=unprocessed`)).orders[0];
      const word = target.jobName!.split(',')[0].toLowerCase();
      const matching = (await staffOrders(e2e, `q=${encodeURIComponent(word)}&limit=100`)).orders;
      expect(matching.length).toBeLessThan(everyone.total);

      await page.getByLabel('Search file or job name').fill(word);
      await waitForRows(
        page,
        matching.map((order) => order.fileName),
      );
      expect(new URL(page.url()).searchParams.get('q')).toBe(word);

      await page.getByRole('columnheader', { name: 'Dealer' }).locator('.ag-header-cell-label').click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'dealerName');
      expect(new URL(page.url()).searchParams.get('dir')).toBe('asc');
      const sorted = (await staffOrders(e2e, `q=${encodeURIComponent(word)}&sort=dealerName&dir=asc&limit=100`)).orders;
      await page.waitForFunction(
        (first) =>
          document
            .querySelector('[data-testid="order-desk-grid"] .ag-row[row-index="0"] [col-id="fileName"]')
            ?.textContent?.trim() === first,
        sorted[0].fileName,
      );

      await page.reload();
      await waitForRows(
        page,
        matching.map((order) => order.fileName),
      );
      expect(await page.getByLabel('Search file or job name').inputValue()).toBe(word);
      expect(await page.getByRole('columnheader', { name: 'Dealer' }).getAttribute('aria-sort')).toBe('ascending');
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expectText(page.getByTestId('order-desk-count'), `${everyone.total.toLocaleString('en-US')} orders`);
      expect(new URL(page.url()).searchParams.get('q')).toBeNull();
    }));
});
