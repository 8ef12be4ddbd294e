/**
 * Issue 14, the staff order desk (/Staff/Orders) as temo.staff works it: filter to one dealer's unprocessed orders,
 * open one, move it to processed with a note, see the event, and the dealer (signed in beside) sees it move from
 * Unprocessed to Processed on Order Tracking; e-mailed (to the outbox, the embedded default) it may be confirmed.
 * Filters live in the address. Axe on the grid, with the panel open and in the move dialog.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findSeriousViolations } from './support/axe';
import { expectText } from './support/browser';
import { useBrowserTest } from './support/harness';
import { chooseDealer, dealerNamed, rowOf, staffOrders, staffUser, waitForRows } from './support/order-desk';

const summitId = 1002;

/** The file names on the dealer's Order Tracking tab (Current Orders), once that tab has loaded. */
async function dealerTabFiles(page: Page, tab: string): Promise<string[]> {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await page.waitForFunction(() => {
    const grid = document.querySelector('[data-testid="orders-grid"]');
    return grid !== null && !grid.querySelector('.ag-overlay-loading-center, .ag-loading');
  });
  await page.getByTestId('orders-shown-count').filter({ hasNotText: 'Loading' }).waitFor();
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-testid="orders-grid"] .ag-row [col-id="fileName"]')).map(
      (cell) => cell.textContent?.trim() ?? '',
    ),
  );
}

describe('the order desk: one order through a move, seen by the dealer', () => {
  const e2e = useBrowserTest();

  it("filters to a dealer's unprocessed orders, moves one to processed with a note; the dealer sees it change", async () => {
    const unprocessed = (await staffOrders(e2e, `dealerId=${summitId}&status=unprocessed`)).orders;
    expect(unprocessed.length).toBeGreaterThanOrEqual(2);
    const summitName = await dealerNamed(e2e, summitId);
    const dealer = await e2e.signedInPage('summit');
    await dealer.goto(e2e.url('/CurrentOrders'));
    const target = unprocessed[0];
    expect(await dealerTabFiles(dealer, 'Unprocessed')).toContain(target.fileName);

    const page = await e2e.signedInPage(staffUser);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Order Desk' }).click();
    await page.getByRole('heading', { name: 'Order Desk', level: 1 }).waitFor();
    await page.getByTestId('order-desk-grid').locator('.ag-row').first().waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);

    await chooseDealer(page, summitName);
    await page.getByRole('tab', { name: /^Unprocessed \(\d+\)$/ }).click();
    await waitForRows(
      page,
      unprocessed.map((order) => order.fileName),
    );
    await expectText(page.getByRole('tab', { name: /^Unprocessed/ }), `Unprocessed (${unprocessed.length})`);
    const address = new URL(page.url());
    expect(address.pathname).toBe('/Staff/Orders');
    expect(address.searchParams.get('dealerId')).toBe(String(summitId));
    expect(address.searchParams.get('status')).toBe('unprocessed');

    // A reload (or the link shared) shows the same filtered orders.
    await page.reload();
    await waitForRows(
      page,
      unprocessed.map((order) => order.fileName),
    );
    expect(await page.getByRole('combobox', { name: 'Dealer' }).inputValue()).toBe(summitName);

    await rowOf(page, target.fileName).locator('[col-id="fileName"]').click();
    const panel = page.getByTestId('order-panel');
    await panel.waitFor();
    await expectText(panel.getByTestId('order-panel-state'), 'Unprocessed');
    // The posted data as the dealer confirmed it, under its headings; the PDFs open in a new window.
    await panel.getByTestId('order-lines').locator('h4').first().waitFor();
    const pdf = panel
      .getByTestId('order-files')
      .getByRole('button', { name: /^Open PDF / })
      .first();
    const popup = page.waitForEvent('popup');
    await pdf.click();
    const pdfWindow = await popup;
    await pdfWindow.waitForURL((url) => url.protocol === 'blob:');
    await pdfWindow.close();
    expect(await findSeriousViolations(page)).toEqual([]);

    await panel.getByRole('button', { name: 'Move to Processed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move to Processed?' });
    await expectText(dialog.getByTestId('move-changes'), 'State: Unprocessed → Processed');
    // The detailer is required: the field says so before anything is sent.
    await dialog.getByRole('button', { name: 'Move to Processed' }).click();
    await expectText(dialog, 'Detailer is required');
    await dialog.getByLabel('Detailer').fill('Marco Ruiz');
    await dialog.getByLabel('Note for the timeline').fill('Drawings checked, ready for detailing');
    await expectText(dialog.getByTestId('move-changes'), 'Detailer: Marco Ruiz');
    expect(await findSeriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
    await dialog.getByRole('button', { name: 'Move to Processed' }).click();
    await dialog.waitFor({ state: 'detached' });

    await expectText(panel.getByTestId('order-panel-notice'), 'Moved to Processed');
    await expectText(panel.getByTestId('order-panel-state'), 'Processed');
    const timeline = panel.getByTestId('order-timeline');
    await expectText(timeline, `${staffUser} moved it Unprocessed → Processed`);
    await expectText(timeline, 'Note: Drawings checked, ready for detailing');
    await expectText(timeline, 'Detailer: Marco Ruiz');
    // Shipped is never offered from Processed; the next move is Confirmed, once the order is e-mailed to the dealer.
    expect(await panel.getByRole('button', { name: 'Move to Shipped' }).count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Move to Confirmed' }).isDisabled()).toBe(true);

    // E-mail without SMTP settings (the embedded default): written to the outbox, shown as sent.
    await panel.getByRole('button', { name: 'E-mail the dealer…' }).click();
    const email = page.getByRole('dialog', { name: 'E-mail the dealer' });
    await email.getByRole('button', { name: 'Send e-mail' }).click();
    await email.waitFor({ state: 'detached', timeout: 30_000 });
    const sent = panel.getByTestId('sent-email').first();
    await expectText(sent, '(written to the outbox)');
    await expectText(sent, target.fileName);
    await expectText(sent.getByTestId('sent-email-attachments'), '.pdf');
    expect(await panel.getByRole('button', { name: 'Move to Confirmed' }).isDisabled()).toBe(false);

    // Escape closes the panel; the grid (still filtered to Unprocessed) no longer lists the order.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await waitForRows(
      page,
      unprocessed.slice(1).map((order) => order.fileName),
    );
    await expectText(page.getByRole('tab', { name: /^Processed/ }), 'Processed (');

    // The dealer, in a second browser context, sees the order move to Processed.
    await dealer.reload();
    expect(await dealerTabFiles(dealer, 'Unprocessed')).not.toContain(target.fileName);
    expect(await dealerTabFiles(dealer, 'Processed')).toContain(target.fileName);
  });
});
