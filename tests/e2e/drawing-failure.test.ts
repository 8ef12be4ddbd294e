import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { orders } from '../../src/server/db/schema';
import { drawingJobKind } from '../../src/server/services/drawings/index';
import { enqueueJob } from '../../src/server/services/jobs/index';
import { startTestServer } from '../support/test-server';
import { drawingImagesUrl, fixtureSunroom, request, writeFixtureDefinitions } from '../api/sunroom-submit-support';
import { closePage, expectText, launchBrowser, openPage, signIn, waitForDialogShown } from './support/browser';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

describe('drawing overlay when the drawing job failed for good', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let definitionsDir: string;
  const fileName = 'SUN-1001-20200101-000000-GONE';

  beforeAll(async () => {
    definitionsDir = await writeFixtureDefinitions();
    [server, browser] = await Promise.all([startTestServer({ definitionsDir }), launchBrowser()]);
    await server.app.db.insert(orders).values({ dealerId: 1001, userId: 2001, formId: 'sunroom', fileName, status: 'unprocessed', isOrdered: true, data: fixtureSunroom() });
    // A file where the order's folder belongs: storing the drawings fails, and the one allowed attempt is used up.
    await mkdir(path.join(server.config.dataDir, 'files', 'dealers', '1001', 'orders'), { recursive: true });
    await writeFile(path.join(server.config.dataDir, 'files', 'dealers', '1001', 'orders', fileName), 'in the way');
    await enqueueJob(server.app.db, drawingJobKind, { dealerId: 1001, fileName }, { maxAttempts: 1 });
    server.app.jobs.wake();
    const token = await server.tokenFor('lakeside');
    const deadline = Date.now() + 30_000;
    let drawingStatus: string | undefined;
    while (drawingStatus !== 'failed' && Date.now() < deadline) {
      drawingStatus = ((await request(server.baseUrl, 'GET', drawingImagesUrl(fileName), token)).body as { drawingStatus?: string }).drawingStatus;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(drawingStatus).toBe('failed');
    page = await openPage(browser);
    await signIn(page, server.baseUrl, 'lakeside');
  }, 120_000);
  afterAll(async () => {
    if (page) await closePage(page);
    await browser?.close();
    await server?.close();
    if (definitionsDir) await rm(definitionsDir, { recursive: true, force: true });
  });

  it('says the drawings could not be made instead of waiting, and stops asking', async () => {
    let asked = 0;
    page.on('request', (sent) => {
      if (sent.url().includes('/api/ExampleImages/DrawingImages')) asked++;
    });
    await page.goto(`${server.baseUrl}/CurrentOrders`);
    await page.getByRole('tab', { name: 'Unprocessed', exact: true }).click();
    await page.getByRole('button', { name: `View drawings of ${fileName}` }).click();
    await waitForDialogShown(page);
    await expectText(page.getByRole('alert'), `The drawings of ${fileName} could not be made; please contact TEMO (the failure is recorded with the order)`);
    expect(await page.getByText('Creating your drawings').count()).toBe(0);
    const after = asked;
    await page.waitForTimeout(1500);
    expect(asked).toBe(after);
  });
});
