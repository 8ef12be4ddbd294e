/**
 * Issue 10 point 6 in the browser: the page's submit carries an Idempotency-Key; when its answer is lost (the server
 * stored the order, the connection dropped), the page retries with the same key, shows success and one order exists.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredOrder } from '../../src/contracts/index';
import type { Browser, Page } from 'playwright-core';
import { orders } from '../../src/server/db/schema';
import { startTestServer, type TestServer } from '../support/test-server';
import { blurField, idOf, readShownValue, setField } from './engineering-replay';
import { closePage, expectText, launchBrowser, openPage, signIn } from './support/browser';

const submitPath = '/api/OrderingEngineering/SubmitData';

describe('a submit whose answer is lost (engineering request, as summit)', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    page = await openPage(browser);
    await signIn(page, server.baseUrl, 'summit');
  });
  afterAll(async () => {
    if (page) await closePage(page);
    await browser?.close();
    await server?.close();
  });

  it('is retried with the same key: the first answer comes back, the success toast shows, one order is stored', async () => {
    const keys: string[] = [];
    const storedByServer: string[] = [];
    await page.route(`**${submitPath}`, async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length > 1) return route.continue();
      // The first post reaches the server and is stored; its answer never reaches the page.
      const answer = await route.fetch();
      storedByServer.push(((await answer.json()) as StoredOrder).fileName);
      return route.abort('connectionreset');
    });

    await page.goto(`${server.baseUrl}/Ordering`);
    await page.getByRole('button', { name: 'Order Engineering' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order Engineering' });
    await dialog.locator('[data-draft-restored="true"]').waitFor();
    await dialog.locator(`#${idOf('userFileName')}`).waitFor();
    await setField(page, dialog, 'userFileName', 'LOST01');
    await setField(page, dialog, 'buildingCodes', 'IRC');
    await setField(page, dialog, 'yearForCodes', '2024');
    await setField(page, dialog, 'windSpeed', '140');
    await blurField(page, 'windSpeed');
    await setField(page, dialog, 'sealType', 'wet');
    await setField(page, dialog, 'attestationLetterChecked', true);
    await setField(page, dialog, 'shippingMethod', 'Email Only');
    await setField(page, dialog, 'personalInfo.sender', 'Pat Summit');
    await setField(page, dialog, 'personalInfo.email', 'pat@summit.example');
    await setField(page, dialog, 'personalInfo.address', '12 Shore Dr');
    await setField(page, dialog, 'personalInfo.zip', '53703');
    await blurField(page, 'personalInfo.zip');
    await expect.poll(() => readShownValue(dialog, 'personalInfo.city'), { timeout: 10_000 }).toBe('Madison');
    await dialog.getByRole('button', { name: 'Submit' }).click();

    await expectText(page.locator('#notistack-snackbar'), 'Engineering request received by TEMO!').catch(async (error: Error) => {
      throw new Error(`${error.message}; keys sent ${JSON.stringify(keys)}; the page shows: ${JSON.stringify(await page.locator('[role=dialog]').allInnerTexts()).slice(0, 1500)}`);
    });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
    const stored = (await server.app.db.select({ fileName: orders.fileName, data: orders.data }).from(orders).where(eq(orders.dealerId, 1002)))
      .filter((row) => (row.data as { userFileName?: string }).userFileName === 'LOST01');
    expect(stored.map((row) => row.fileName)).toEqual(storedByServer);
  });
});
