/**
 * Issue 10 point 6 in the browser: the page's submit carries an Idempotency-Key; when its answer is lost (the server
 * stored the order, the connection dropped), the page retries with the same key, shows success and one order exists.
 */
import { describe, expect, it } from 'vitest';
import type { StoredOrder } from '../../src/contracts/index';
import {
  engineeringSuccessToast,
  openEngineeringModal,
  readShownValue,
  typeEngineeringSteps,
} from './engineering-replay';
import { expectText } from './support/browser';
import { useSignedInPage } from './support/harness';
import { storedOrdersOf } from './support/server-state';

const submitPath = '/api/OrderingEngineering/SubmitData';

describe('a submit whose answer is lost (engineering request, as summit)', () => {
  const e2e = useSignedInPage('summit');

  it('is retried with the same key: the first answer comes back, the success toast shows, one order is stored', async () => {
    const { page } = e2e;
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

    const dialog = await openEngineeringModal(page, e2e.baseUrl);
    await typeEngineeringSteps(page, dialog, [
      { set: { userFileName: 'LOST01', buildingCodes: 'IRC', yearForCodes: '2024', windSpeed: '140' } },
      { blur: 'windSpeed' },
      { set: { sealType: 'wet', attestationLetterChecked: true, shippingMethod: 'Email Only' } },
      {
        set: {
          'personalInfo.sender': 'Pat Summit',
          'personalInfo.email': 'pat@summit.example',
          'personalInfo.address': '12 Shore Dr',
          'personalInfo.zip': '53703',
        },
      },
      { blur: 'personalInfo.zip' },
    ]);
    await expect.poll(() => readShownValue(dialog, 'personalInfo.city'), { timeout: 10_000 }).toBe('Madison');
    await dialog.getByRole('button', { name: 'Submit' }).click();

    await expectText(page.locator('#notistack-snackbar'), engineeringSuccessToast).catch(async (error: Error) => {
      throw new Error(
        `${error.message}; keys sent ${JSON.stringify(keys)}; the page shows: ${JSON.stringify(await page.locator('[role=dialog]').allInnerTexts()).slice(0, 1500)}`,
      );
    });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
    const stored = (await storedOrdersOf(e2e.server, 1002)).filter(
      (row) => (row.data as { userFileName?: string }).userFileName === 'LOST01',
    );
    expect(stored.map((row) => row.fileName)).toEqual(storedByServer);
  });
});
