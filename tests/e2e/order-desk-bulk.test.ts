/**
 * Issue 14, moves that meet other moves on the order desk: temo.staff selects two unprocessed orders and one already
 * processed, moves them to processed; the confirmation says the move is legal for 2 of 3, the report says row by row
 * which moved and why the third did not, and the grid shows the new states. A colleague's move made while the panel
 * was open is reported as such (409) and the panel shows the order as it is now.
 */
import { describe, expect, it } from 'vitest';
import { findSeriousViolations } from './support/axe';
import { expectText } from './support/browser';
import { useSignedInPage } from './support/harness';
import { checkboxOf, rowOf, staffOrders, staffUser, waitForRows } from './support/order-desk';

const lakesideId = 1001;

describe('bulk moves on the order desk', () => {
  const e2e = useSignedInPage(staffUser);

  it('moves the selected rows the move is legal for and reports the illegal one', async () => {
    const { page } = e2e;
    const unprocessed = (await staffOrders(e2e, `dealerId=${lakesideId}&status=unprocessed`)).orders.slice(0, 2);
    const processed = (await staffOrders(e2e, `dealerId=${lakesideId}&status=processed`)).orders[0];
    expect(unprocessed).toHaveLength(2);
    const all = (await staffOrders(e2e, `dealerId=${lakesideId}&limit=100`)).orders;
    const eventsOf = async (fileName: string) =>
      (await e2e.getJson<{ events: unknown[] }>(staffUser, `/api/staff/orders/${fileName}`)).events.length;
    const processedEvents = await eventsOf(processed.fileName);

    await page.goto(e2e.url(`/Staff/Orders?dealerId=${lakesideId}`));
    await waitForRows(
      page,
      all.map((order) => order.fileName),
    );
    for (const order of [...unprocessed, processed]) await checkboxOf(page, order.fileName).check();
    await expectText(page.getByTestId('order-desk-count'), '3 selected');

    await page.getByRole('button', { name: 'Move selected…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move 3 selected orders' });
    await expectText(
      dialog.getByTestId('bulk-move-legal'),
      'The move to Processed is legal for 2 of 3 selected orders',
    );
    await expectText(dialog.getByTestId('bulk-move-legal'), `${processed.fileName} (Processed)`);
    await dialog.getByLabel('Detailer').fill('Owen Becker');
    await dialog.getByLabel('Note for the timeline').fill('Bulk: drawings checked');
    expect(await findSeriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
    await dialog.getByRole('button', { name: 'Move 2 to Processed' }).click();

    const report = page.getByRole('dialog', { name: 'Moves done' });
    await expectText(report.getByTestId('bulk-move-summary'), '2 of 3 moved.');
    for (const order of unprocessed) {
      await expectText(report.getByTestId(`bulk-result-${order.fileName}`), 'Moved to Processed');
    }
    const refused = report.getByTestId(`bulk-result-${processed.fileName}`);
    await expectText(refused, 'Not moved');
    await expectText(refused, 'processed');
    expect(await findSeriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
    await report.getByRole('button', { name: 'Close' }).click();

    // The grid shows the new states; the server agrees, with the note on each moved order's event.
    for (const order of unprocessed)
      await expectText(rowOf(page, order.fileName).locator('[col-id="status"]'), 'Processed');
    await expectText(page.getByTestId('order-desk-count'), `${all.length} orders`);
    for (const order of unprocessed) {
      const moved = await e2e.getJson<{ status: string; detailer: string; events: { details: { note?: string } }[] }>(
        staffUser,
        `/api/staff/orders/${order.fileName}`,
      );
      expect(moved.status).toBe('processed');
      expect(moved.detailer).toBe('Owen Becker');
      expect(moved.events.at(-1)?.details.note).toBe('Bulk: drawings checked');
    }
    expect(await eventsOf(processed.fileName)).toBe(processedEvents);
  });

  it('a colleague moved the order while the panel was open: 409 shown as their move, the panel refreshed', async () => {
    const { page } = e2e;
    const [order] = (await staffOrders(e2e, 'dealerId=1002&status=unprocessed')).orders;
    await page.goto(e2e.url('/Staff/Orders?dealerId=1002&status=unprocessed'));
    await rowOf(page, order.fileName).locator('[col-id="fileName"]').click();
    const panel = page.getByTestId('order-panel');
    await expectText(panel.getByTestId('order-panel-state'), 'Unprocessed');
    await panel.getByRole('button', { name: 'Move to Processed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move to Processed?' });
    await dialog.getByLabel('Detailer').fill('Dana Whitfield');

    // Meanwhile a colleague moves it (through the same API, from another session).
    const colleague = await e2e.api(staffUser, 'POST', `/api/staff/orders/${order.fileName}/transition`, {
      to: 'processed',
      detailer: 'Priya Natarajan',
      from: 'unprocessed',
    });
    expect(colleague.status).toBe(200);

    await dialog.getByRole('button', { name: 'Move to Processed' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectText(panel.getByTestId('move-conflict'), `Moved by ${staffUser} to Processed while you were looking`);
    await expectText(panel.getByTestId('order-panel-state'), 'Processed');
    await expectText(panel.getByTestId('order-timeline'), 'Detailer: Priya Natarajan');
    expect(await findSeriousViolations(page)).toEqual([]);
    // Nothing of the refused move was written: one move, the colleague's.
    const now = await e2e.getJson<{ detailer: string; events: { to: string }[] }>(
      staffUser,
      `/api/staff/orders/${order.fileName}`,
    );
    expect(now.detailer).toBe('Priya Natarajan');
    expect(now.events.filter((event) => event.to === 'processed')).toHaveLength(1);
  });
});
