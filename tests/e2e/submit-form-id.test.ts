/**
 * Issue 16: the configurator page tells the server which form it ran. The Impact page replays a complete golden impact
 * order as lakeside and sends it: the call names `form=impact` (body and path as the spec has them) and the server
 * stores an impact order (IMP- file name), without guessing the form from the fields.
 */
import { describe, expect, it } from 'vitest';
import type { StoredOrder } from '../../src/contracts/index';
import { setConfiguratorField } from './sunroom-page';
import { expectText } from './support/browser';
import { readGolden } from './support/golden-orders';
import { replayThroughPage, withExpectation } from './support/golden-replay';
import { useSignedInPage } from './support/harness';
import { storedOrdersOf } from './support/server-state';

describe('the Impact page sends the form it ran', () => {
  const e2e = useSignedInPage('lakeside');

  it('posts SubmitSunroom with form=impact and the order is stored as an impact order', async () => {
    const { page } = e2e;
    const order = readGolden(
      'impact',
      '001-complete-order-without-drawing-package-is-allowed-and-ordered-at-once-.json',
    );
    // Replayed without its expectations: only the answers matter here (the replay tests compare the rest).
    expect(await replayThroughPage(e2e, withExpectation(order, {}))).toEqual([]);
    const locations = await e2e.locationsOf('lakeside');
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
    const { fileName } = (await answer!.json()) as StoredOrder;
    expect(fileName).toMatch(/^IMP-1001-/);
    const stored = (await storedOrdersOf(e2e.server, 1001)).find((row) => row.fileName === fileName);
    expect({ formId: stored?.formId, status: stored?.status }).toEqual({ formId: 'impact', status: 'unprocessed' });
    await expectText(page.getByTestId('submit-status'), 'SUCCESS! Your file has been sent.');
  }, 180_000);
});
