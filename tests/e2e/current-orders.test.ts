import { beforeAll, describe, expect, it } from 'vitest';
import type { ConfirmedOrder as ConfirmedRow, ProcessedOrder as ProcessedRow } from '../../src/contracts/order-lists';
import type { Page } from 'playwright-core';
import { findSeriousViolations } from './support/axe';
import { expectText, waitForPath } from './support/browser';
import { useSignedInPage } from './support/harness';

/** The cells of one column of the visible tab's table, in the order the table shows them. */
async function readColumn(page: Page, colId: string): Promise<string[]> {
  return page.evaluate((id) => {
    const rows = Array.from(document.querySelectorAll('[data-testid="orders-grid"] .ag-row[row-index]'));
    rows.sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')));
    return rows.map((row) => row.querySelector(`[col-id="${id}"]`)?.textContent?.trim() ?? '');
  }, colId);
}

async function readHeaders(page: Page): Promise<string[]> {
  const headers = page.getByTestId('orders-grid').locator('.ag-header-cell-text');
  await headers.first().waitFor();
  return (await headers.allInnerTexts()).map((text) => text.trim());
}

/** Waits until the visible table has finished loading and shows `count` rows (or any rows when omitted). */
async function waitForRows(page: Page, count?: number): Promise<void> {
  await page.waitForFunction(
    (expected) => {
      const grid = document.querySelector('[data-testid="orders-grid"]');
      if (!grid || grid.querySelector('.ag-overlay-loading-center, .ag-loading')) return false;
      const rows = grid.querySelectorAll('.ag-row[row-index]').length;
      return expected === null ? rows > 0 : rows === expected;
    },
    count ?? null,
    { timeout: 10_000 },
  );
}

async function selectTab(page: Page, name: string, heading: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await expectText(page.getByRole('heading', { level: 2 }), heading);
}

function stripPrefix(jobName: string): string {
  return jobName.replace(/^\s*(?:[([]\s*[A-Za-z]\s*[)\]]\s*)+/, '');
}

describe('Order Tracking (/CurrentOrders)', () => {
  let processed: ProcessedRow[];
  let confirmed: ConfirmedRow[];
  const consoleErrors: string[] = [];

  function getApi<T>(path: string): Promise<T> {
    return e2e.getJson<T>('lakeside', path);
  }

  const e2e = useSignedInPage('lakeside', {
    async setUp() {
      processed = (await getApi<{ processedData: ProcessedRow[] }>('/api/SQLThings/ProcessedData')).processedData;
      confirmed = (await getApi<{ confirmedData: ConfirmedRow[] }>('/api/SQLThings/ConfirmedData')).confirmedData;
    },
    beforeSignIn(page) {
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
    },
  });
  beforeAll(async () => {
    await e2e.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Order Tracking' }).click();
    await waitForPath(e2e.page, '/CurrentOrders');
  });

  it('opens on the Processed tab with its heading, columns, rows and footer', async () => {
    const { page } = e2e;
    expect(await page.getByRole('tab', { selected: true }).innerText()).toBe('Processed');
    await expectText(page.getByRole('heading', { level: 2 }), 'PROCESSED ORDERS');
    expect(await readHeaders(page)).toEqual([
      'Folder Name',
      'File Name',
      'Job Name',
      'Date Created',
      'Emailed On',
      'Detailer',
      'PDF Files',
    ]);
    expect(processed.length).toBeGreaterThan(0);
    await waitForRows(page, processed.length);
    expect((await readColumn(page, 'fileName')).sort()).toEqual(processed.map((row) => row.fileName).sort());
    await expectText(page.getByTestId('tab-footer'), 'sign the bill of materials, scan it and email it');
  });

  it('shows the table with its cells again after a narrow window showed cards', async () => {
    const { page } = e2e;
    const size = page.viewportSize() ?? { width: 1280, height: 900 };
    await page.setViewportSize({ width: 600, height: 900 });
    await page.locator('[data-testid="orders-grid"][data-layout="cards"] .ag-row[row-index] dl').first().waitFor();
    await page.setViewportSize(size);
    await page.locator('[data-testid="orders-grid"][data-layout="table"]').waitFor();
    await waitForRows(page, processed.length);
    expect((await readColumn(page, 'fileName')).sort()).toEqual(processed.map((row) => row.fileName).sort());
    expect(await readHeaders(page)).toContain('Job Name');
  });

  it('shows job names without bracketed one-letter prefixes', async () => {
    const { page } = e2e;
    const shown = await readColumn(page, 'jobName');
    expect(shown.sort()).toEqual(processed.map((row) => stripPrefix(row.jobName)).sort());
    expect(shown.some((name) => /^\([A-Za-z]\)/.test(name))).toBe(false);
  });

  it('offers Show PDFs only on emailed rows and colours Date Created red when over 7 days old and not emailed', async () => {
    const { page } = e2e;
    const cells = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-testid="orders-grid"] .ag-row[row-index]'), (row) => ({
        fileName: row.querySelector('[col-id="fileName"]')?.textContent?.trim() ?? '',
        hasButton: row.querySelector('[col-id="pdfFiles"] button') !== null,
        isRed: row.querySelector('[col-id="dateCreated"] [data-overdue="true"]') !== null,
      })),
    );
    const today = new Date();
    for (const cell of cells) {
      const order = processed.find((row) => row.fileName === cell.fileName);
      expect(order, cell.fileName).toBeDefined();
      const isEmailed = Boolean(order?.emailedOn?.trim());
      expect(cell.hasButton, `${cell.fileName} button`).toBe(isEmailed);
      const created = order?.dateCreated ? new Date(`${order.dateCreated.slice(0, 10)}T00:00:00`) : null;
      const ageDays = created ? (today.getTime() - created.getTime()) / 86_400_000 : 0;
      expect(cell.isRed, `${cell.fileName} red`).toBe(!isEmailed && Math.floor(ageDays) > 7);
    }
    expect(cells.some((cell) => cell.hasButton)).toBe(true);
  });

  it('sorts by a header, with the arrow showing the direction', async () => {
    const { page } = e2e;
    const header = page.getByTestId('orders-grid').locator('.ag-header-cell[col-id="fileName"]');
    expect(await page.getByTestId('orders-grid').locator('.ag-sort-none-icon').count()).toBeGreaterThan(0);
    await header.locator('.ag-header-cell-label').click();
    await page.waitForFunction(
      () => document.querySelector('.ag-header-cell[col-id="fileName"]')?.getAttribute('aria-sort') === 'ascending',
    );
    const ascending = await readColumn(page, 'fileName');
    expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b)));
    expect(await header.locator('.ag-sort-ascending-icon').isVisible()).toBe(true);
    await header.locator('.ag-header-cell-label').click();
    await page.waitForFunction(
      () => document.querySelector('.ag-header-cell[col-id="fileName"]')?.getAttribute('aria-sort') === 'descending',
    );
    const descending = await readColumn(page, 'fileName');
    expect(descending).toEqual([...ascending].reverse());
    expect(await header.locator('.ag-sort-descending-icon').isVisible()).toBe(true);
  });

  it('shows the PDF panel states: prompt, the files, Hide PDFs, and back to the prompt', async () => {
    const { page } = e2e;
    const panel = page.getByTestId('pdf-panel');
    await expectText(panel, 'Click a Show PDFs button!');
    const emailed = processed.find((row) => row.emailedOn?.trim());
    expect(emailed).toBeDefined();
    const expectedNames = await getApi<string[]>(
      `/api/TxtThings/pdf/?${new URLSearchParams({ folderName: emailed!.folderName, fileNames: emailed!.fileName })}`,
    );
    const button = page.getByRole('button', { name: `Show PDFs of ${emailed!.fileName}` });
    await button.click();
    const hide = page.getByRole('button', { name: `Hide PDFs of ${emailed!.fileName}` });
    await hide.waitFor();
    if (expectedNames.length === 0) {
      await expectText(panel, 'No files available');
    } else {
      const list = panel.getByRole('list');
      await list.waitFor();
      expect((await list.getByRole('button').allInnerTexts()).map((text) => text.trim())).toEqual(expectedNames);
    }
    await hide.click();
    await expectText(panel, 'Click a Show PDFs button!');
    await page.getByRole('button', { name: `Show PDFs of ${emailed!.fileName}` }).waitFor();
  });

  it('opens a PDF in a new window', async () => {
    const { page } = e2e;
    const emailed = processed.find((row) => row.emailedOn?.trim());
    await page.getByRole('button', { name: `Show PDFs of ${emailed!.fileName}` }).click();
    const firstPdf = page.getByTestId('pdf-panel').getByRole('list').getByRole('button').first();
    await firstPdf.waitFor();
    const pdfResponse = page.waitForResponse(
      (response) => response.url().includes('/api/TxtThings/pdf/') && response.url().includes('.pdf'),
    );
    const [popup] = await Promise.all([page.context().waitForEvent('page'), firstPdf.click()]);
    const response = await pdfResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    await popup.waitForURL((url) => url.protocol === 'blob:');
    expect(popup.url()).toMatch(/^blob:http:\/\/127\.0\.0\.1:\d+\//);
    await popup.close();
    await page.getByRole('button', { name: `Hide PDFs of ${emailed!.fileName}` }).click();
  });

  it('closes the new window again when the PDF cannot be fetched', async () => {
    const { page } = e2e;
    const emailed = processed.find((row) => row.emailedOn?.trim());
    await page.getByRole('button', { name: `Show PDFs of ${emailed!.fileName}` }).click();
    const firstPdf = page.getByTestId('pdf-panel').getByRole('list').getByRole('button').first();
    await firstPdf.waitFor();
    // The PDF's answer is cut off on the wire, as a dropped connection would.
    await page.route('**/api/TxtThings/pdf/*/*', (route) => route.abort('connectionreset'));
    // The window may close before a listener added after the click would hear it: listen as soon as it opens.
    const closed = page
      .context()
      .waitForEvent('page')
      .then(async (popup) => {
        if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 10_000 });
        return popup;
      });
    await firstPdf.click();
    expect((await closed).isClosed()).toBe(true);
    await page.unroute('**/api/TxtThings/pdf/*/*');
    await page.getByRole('button', { name: `Hide PDFs of ${emailed!.fileName}` }).click();
  });

  it('shows the Confirmed tab with its columns, the PDF panel and the shipping contacts footer', async () => {
    const { page } = e2e;
    await selectTab(page, 'Confirmed', 'CONFIRMED ORDERS');
    expect(await readHeaders(page)).toEqual([
      'Folder Name',
      'Job Name',
      'File Name',
      'Confirm. Date',
      'Prod. Date',
      'PDF Files',
    ]);
    expect(confirmed.length).toBeGreaterThan(0);
    await waitForRows(page, confirmed.length);
    await expectText(page.getByTestId('pdf-panel'), 'Click a Show PDFs button!');
    const contacts = await getApi<{
      sections: Array<{ name: string; groups: Array<{ contacts: Array<{ name: string; phone: string }> }> }>;
    }>('/api/ContactList');
    const shipping = contacts.sections.find((section) => section.name === 'Shipping Department')!.groups[0].contacts[0];
    await expectText(page.getByTestId('tab-footer'), `${shipping.name}, ${shipping.phone}`);
  });

  it('shows the Unprocessed and Initial Orders tabs with their columns and footers, without a PDF panel', async () => {
    const { page } = e2e;
    await selectTab(page, 'Unprocessed', 'UNPROCESSED ORDERS');
    expect(await readHeaders(page)).toEqual([
      'Future Folder',
      'Last Name',
      'First Name',
      'Sent By',
      'Date',
      'File Name',
      'Drawings',
    ]);
    await waitForRows(page);
    expect(await page.getByTestId('pdf-panel').count()).toBe(0);
    await expectText(page.getByTestId('tab-footer'), 'ALL ORDERS WILL BE PROCESSED WITHIN 3 BUSINESS DAYS.');
    expect(
      await page
        .locator('[data-testid="orders-grid"] .ag-row')
        .first()
        .evaluate((row) => row.getBoundingClientRect().height),
    ).toBe(62);

    await selectTab(page, 'Initial Orders', 'INITIAL ORDERS');
    expect(await readHeaders(page)).toEqual([
      'Status',
      'Last Name',
      'First Name',
      'Sent By',
      'Date Time Sent',
      'File Name',
    ]);
    await waitForRows(page);
    expect(await page.getByTestId('pdf-panel').count()).toBe(0);
    await expectText(page.getByTestId('tab-footer'), 'THESE WILL BE REMOVED AFTER 30 DAYS.');
  });

  it('keeps previews (drawings looked at, never sent) out of Initial Orders until asked for, and says what they are', async () => {
    const { page } = e2e;
    const initial = Object.values(
      await getApi<Record<string, { lastName: string; isPreview: boolean }>>('/api/TxtThings/initialOrders'),
    );
    const sent = initial.filter((order) => !order.isPreview);
    const previews = initial.filter((order) => order.isPreview);
    expect(previews.length).toBeGreaterThan(0);
    await selectTab(page, 'Initial Orders', 'INITIAL ORDERS');
    await waitForRows(page, sent.length);
    expect(await readColumn(page, 'status')).toEqual(sent.map(() => 'Sent'));
    await expectText(page.getByTestId('previews-note'), `${previews.length} preview`);
    await expectText(page.getByTestId('previews-note'), 'not listed');

    // By keyboard: the switch names how many previews there are.
    const toggle = page.getByRole('switch', { name: `Show previews not sent (${previews.length})` });
    await toggle.focus();
    await page.keyboard.press('Space');
    await waitForRows(page, initial.length);
    const statuses = await readColumn(page, 'status');
    expect(statuses.filter((status) => status === 'Preview, not sent')).toHaveLength(previews.length);
    expect(await readColumn(page, 'lastName')).toEqual(expect.arrayContaining(previews.map((order) => order.lastName)));
    await expectText(
      page.getByTestId('previews-note'),
      'A preview is a drawing package you looked at and did not send',
    );
    expect(await findSeriousViolations(page)).toEqual([]);
    await page.keyboard.press('Space');
    await waitForRows(page, sent.length);
  });

  it('opens the drawing overlay from an unprocessed order and stops waiting when it has no drawings', async () => {
    const { page } = e2e;
    const unprocessed = Object.values(
      await getApi<Record<string, { fileName: string }>>('/api/TxtThings/unprocessedFiles'),
    );
    const token = await e2e.server.tokenFor('lakeside');
    let withoutDrawings: string | undefined;
    for (const order of unprocessed) {
      const response = await fetch(
        `${e2e.baseUrl}/api/ExampleImages/DrawingImages?inputString=${encodeURIComponent(order.fileName)}`,
        {
          headers: { Authorization: `Bearer ${token}` },
        },
      );
      if (response.status === 404) withoutDrawings = order.fileName;
    }
    expect(withoutDrawings, 'a seeded unprocessed order without drawings').toBeDefined();
    await selectTab(page, 'Unprocessed', 'UNPROCESSED ORDERS');
    await page.getByRole('button', { name: `View drawings of ${withoutDrawings}` }).click();
    const dialog = page.getByRole('dialog', { name: `Drawings for ${withoutDrawings}` });
    await expectText(dialog, 'There are no drawings for this order yet');
    expect(await dialog.getByText('Creating your drawings').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close drawings' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('loads each list once, on the first visit of its tab', async () => {
    const { page } = e2e;
    const requests: string[] = [];
    page.on('request', (request) => {
      if (
        /\/api\/(SQLThings|TxtThings)\/(ConfirmedData|ProcessedData|unprocessedFiles|initialOrders)/.test(request.url())
      ) {
        requests.push(new URL(request.url()).pathname);
      }
    });
    await selectTab(page, 'Confirmed', 'CONFIRMED ORDERS');
    await selectTab(page, 'Processed', 'PROCESSED ORDERS');
    await selectTab(page, 'Unprocessed', 'UNPROCESSED ORDERS');
    await waitForRows(page);
    expect(requests).toEqual([]);
  });

  it('filters all four lists with the one search box', async () => {
    const { page } = e2e;
    const target = confirmed[0];
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(target.fileName);
    await selectTab(page, 'Confirmed', 'CONFIRMED ORDERS');
    await waitForRows(page, 1);
    expect(await readColumn(page, 'fileName')).toEqual([target.fileName]);
    await selectTab(page, 'Processed', 'PROCESSED ORDERS');
    const matching = processed.filter((row) =>
      Object.values(row).some((value) =>
        String(value ?? '')
          .toLowerCase()
          .includes(target.fileName.toLowerCase()),
      ),
    );
    await waitForRows(page, matching.length);
    await selectTab(page, 'Initial Orders', 'INITIAL ORDERS');
    await waitForRows(page, 0);
    await page.getByRole('searchbox', { name: 'Search orders' }).fill('');
    await waitForRows(page);
  });

  it('has no serious or critical accessibility violation', async () => {
    const { page } = e2e;
    await selectTab(page, 'Processed', 'PROCESSED ORDERS');
    await waitForRows(page);
    expect(await findSeriousViolations(page)).toEqual([]);
  });

  it('logged no errors in the browser console (other than the cut-off PDF)', () => {
    expect(consoleErrors.filter((text) => !/Failed to (open|load resource)/.test(text))).toEqual([]);
  });
});
