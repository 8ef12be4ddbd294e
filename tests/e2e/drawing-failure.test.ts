import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { drawingImagesUrl, fixtureSunroom, request, writeFixtureDefinitions } from '../api/sunroom-submit-support';
import { expectText, waitForDialogShown } from './support/browser';
import { useSignedInPage } from './support/harness';
import { insertOrder, queueDrawingJob } from './support/server-state';

describe('drawing overlay when the drawing job failed for good', () => {
  let definitionsDir: string | undefined;
  const fileName = 'SUN-1001-20200101-000000-GONE';

  const e2e = useSignedInPage('lakeside', {
    server: async () => ({ definitionsDir: (definitionsDir = await writeFixtureDefinitions()) }),
    async setUp({ server }) {
      await insertOrder(server, {
        dealerId: 1001,
        userId: 2001,
        formId: 'sunroom',
        fileName,
        status: 'unprocessed',
        isOrdered: true,
        data: fixtureSunroom(),
      });
      // A file where the order's folder belongs: storing the drawings fails, and the one allowed attempt is used up.
      await mkdir(path.join(server.config.dataDir, 'files', 'dealers', '1001', 'orders'), { recursive: true });
      await writeFile(path.join(server.config.dataDir, 'files', 'dealers', '1001', 'orders', fileName), 'in the way');
      await queueDrawingJob(server, { dealerId: 1001, fileName }, { maxAttempts: 1 });
      const token = await server.tokenFor('lakeside');
      const deadline = Date.now() + 30_000;
      let drawingStatus: string | undefined;
      while (drawingStatus !== 'failed' && Date.now() < deadline) {
        drawingStatus = (
          (await request(server.baseUrl, 'GET', drawingImagesUrl(fileName), token)).body as { drawingStatus?: string }
        ).drawingStatus;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(drawingStatus).toBe('failed');
    },
  });
  afterAll(async () => {
    if (definitionsDir) await rm(definitionsDir, { recursive: true, force: true });
  });

  it('says the drawings could not be made instead of waiting, and stops asking', async () => {
    const { page } = e2e;
    let asked = 0;
    page.on('request', (sent) => {
      if (sent.url().includes('/api/ExampleImages/DrawingImages')) asked++;
    });
    await page.goto(`${e2e.baseUrl}/CurrentOrders`);
    await page.getByRole('tab', { name: 'Unprocessed', exact: true }).click();
    await page.getByRole('button', { name: `View drawings of ${fileName}` }).click();
    await waitForDialogShown(page);
    await expectText(
      page.getByRole('alert'),
      `The drawings of ${fileName} could not be made; please contact TEMO (the failure is recorded with the order)`,
    );
    expect(await page.getByText('Creating your drawings').count()).toBe(0);
    const after = asked;
    await page.waitForTimeout(1500);
    expect(asked).toBe(after);
  });
});
