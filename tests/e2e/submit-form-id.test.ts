/**
 * Issue 16: the configurator page tells the server which form it ran. The Impact page replays a complete golden impact
 * order as lakeside and sends it: the call names `form=impact` (body and path as the spec has them) and the server
 * stores an impact order (IMP- file name, formId impact), without guessing the form from the fields.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { orders } from '../../src/server/db/schema';
import { startTestServer, type TestServer } from '../support/test-server';
import { replayGoldenOrder } from './configurator-replay';
import { readGoldenOrder } from './engineering-replay';
import { closePage, expectText, launchBrowser, openPage, signIn } from './support/browser';
import { openConfigurator, setConfiguratorField } from './sunroom-page';

const goldenOrder = path.resolve(
  import.meta.dirname,
  '../golden/impact/001-complete-order-without-drawing-package-is-allowed-and-ordered-at-once-.json',
);

describe('the Impact page sends the form it ran', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    page = await openPage(browser);
    await signIn(page, server.baseUrl, 'lakeside');
  }, 120_000);
  afterAll(async () => {
    if (page) await closePage(page);
    await browser?.close();
    await server?.close();
  });

  it('posts SubmitSunroom with form=impact and the order is stored as an impact order', async () => {
    const token = await server.tokenFor('lakeside');
    const locations = (await (
      await fetch(`${server.baseUrl}/api/DealerUserIDName/locations`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Record<string, string>;
    await fetch(`${server.baseUrl}/api/drafts/impact`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    const order = readGoldenOrder(goldenOrder);
    if (order.start) {
      const draft = await fetch(`${server.baseUrl}/api/drafts/impact`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: order.start }),
      });
      expect(draft.status).toBe(204);
    }
    await openConfigurator(page, server.baseUrl, '/Ordering/Impact');
    // Replayed without its expectations: only the answers matter here (the replay tests compare the rest).
    expect(await replayGoldenOrder(page, { ...order, expect: {} })).toEqual([]);
    await setConfiguratorField(page, 'selectedLocation', Object.keys(locations)[0]);

    const posted = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().includes('/api/OrderingSunrooms/SubmitSunroom'),
    );
    await page.getByTestId('submit-order').click();
    const summary = page.getByRole('dialog', { name: 'Are you sure you want to submit?' });
    await summary.getByRole('button', { name: 'Yes' }).click();
    const request = await posted;
    const url = new URL(request.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ isOrdered: 'true', form: 'impact' });
    expect(Object.keys(request.postDataJSON() as object)).toEqual(['SunroomsData']);

    const answer = await request.response();
    expect(answer?.status()).toBe(201);
    const { fileName } = (await answer!.json()) as { fileName: string };
    expect(fileName).toMatch(/^IMP-1001-/);
    const [row] = await server.app.db
      .select({ formId: orders.formId, status: orders.status })
      .from(orders)
      .where(eq(orders.fileName, fileName));
    expect(row).toEqual({ formId: 'impact', status: 'unprocessed' });
    await expectText(page.getByTestId('submit-status'), 'SUCCESS! Your file has been sent.');
  }, 180_000);
});
