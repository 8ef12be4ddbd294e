/**
 * The live approximate price (spec 1 §9) on every configurator page, checked against the golden price cases of
 * tests/golden/{pergola,pavilion,prices}: it follows the dealer's typing and shows the outside-the-book text.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeExpectedPrice, readShownPrice } from './configurator-replay';
import { readGolden } from './support/golden-orders';
import { configuratorRoutes, replayThroughPage, withExpectation } from './support/golden-replay';
import { useSignedInPage } from './support/harness';
import { openConfigurator, setConfiguratorField } from './sunroom-page';

/** Waits until the page shows the golden order's price (it follows each keystroke). */
async function expectPriceOf(page: Page, form: string, file: string): Promise<void> {
  const expected = describeExpectedPrice(readGolden(form, file).expect.price as number | string);
  await page
    .getByTestId('approximate-price')
    .first()
    .filter({ hasText: expected })
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  expect(await readShownPrice(page), file).toBe(expected);
}

describe('approximate price on the configurator pages (as summit)', () => {
  const e2e = useSignedInPage('summit');

  it('pergola: the price follows length and width through the tables, and says when a size is outside the price book', async () => {
    const { page } = e2e;
    await e2e.seedDraft(
      page,
      'summit',
      'pergola',
      readGolden('pergola', '045-price-12-0-x-16-stays-12-x-16-already-even.json').start ?? {},
    );
    await openConfigurator(page, e2e.baseUrl, configuratorRoutes.pergola);
    await expectPriceOf(page, 'pergola', '045-price-12-0-x-16-stays-12-x-16-already-even.json');
    await setConfiguratorField(page, 'widthFeet', '19');
    await expectPriceOf(page, 'pergola', '046-price-updates-as-the-width-changes.json');
    await setConfiguratorField(page, 'widthFeet', '16');
    await setConfiguratorField(page, 'lengthFeet', '30');
    await expectPriceOf(
      page,
      'pergola',
      '047-price-outside-the-pergola-table-no-price-available-outside-price-book.json',
    );
    expect(await page.getByTestId('approximate-price').first().innerText()).toContain(
      'No Price Available ... Outside Price Book',
    );
    await setConfiguratorField(page, 'lengthFeet', '10');
    await setConfiguratorField(page, 'lengthInches', '6');
    await setConfiguratorField(page, 'widthFeet', '13');
    await expectPriceOf(
      page,
      'pergola',
      '041-price-pergola-operable-attached-10-6-x-13-rounds-up-to-12-x-14-even-si.json',
    );
  }, 120_000);

  it('pavilion: the price follows the length and leaves the price book past the tables', async () => {
    const { page } = e2e;
    const golden = readGolden('pavilion', '054-price-updates-as-the-pavilion-length-changes.json');
    await e2e.seedDraft(page, 'summit', 'pavilion', golden.start ?? {});
    await openConfigurator(page, e2e.baseUrl, configuratorRoutes.pavilion);
    const before = await readShownPrice(page);
    await setConfiguratorField(page, 'lengthFeet', '13');
    await expectPriceOf(page, 'pavilion', '054-price-updates-as-the-pavilion-length-changes.json');
    expect(before).not.toBe(await readShownPrice(page));
    await setConfiguratorField(page, 'lengthFeet', '30');
    await expectPriceOf(page, 'pavilion', '055-pavilion-outside-the-price-book.json');
  }, 120_000);

  it.each([
    ['pergola', '048-price-of-a-motor-city-10-x-24.json'],
    ['pavilion', '053-skyview-yes-adds-the-skyview-table-amount-11-3-x-15-12-x-16-panel-12-x.json'],
    ['pavilion', '051-price-with-a-fan-beam-of-4-adds-4-1-x-length-x-12.json'],
  ] as const)(
    '%s %s shows the golden price',
    async (form, file) => {
      const order = readGolden(form, file);
      expect(order.form).toBe(form);
      expect(await replayThroughPage(e2e, withExpectation(order, { price: order.expect.price }))).toEqual([]);
    },
    120_000,
  );

  it.each([
    ['sunroom', '/Ordering/SunRooms', '001-price-vista-view-206-without-top-transom-11-6-x-15-rounds-to-12-x-16.json'],
    ['screenroom', '/Ordering/ScreenRooms', '009-price-value-view-screenroom-14-x-20.json'],
    ['impact', '/Ordering/Impact', '012-price-upper-deck-impact-14-x-20.json'],
    ['sunroom', '/Ordering/SunRooms', '020-price-sunroom-outside-the-price-book.json'],
  ] as const)(
    '%s page shows the price of golden case %s',
    async (form, route, file) => {
      const order = readGolden('prices', file);
      expect(order.form).toBe(form);
      expect(configuratorRoutes[form]).toBe(route);
      expect(await replayThroughPage(e2e, withExpectation(order, { price: order.expect.price }))).toEqual([]);
    },
    120_000,
  );

  it('the sunroom price follows the width as it is typed', async () => {
    const { page } = e2e;
    const order = readGolden('prices', '001-price-vista-view-206-without-top-transom-11-6-x-15-rounds-to-12-x-16.json');
    await e2e.seedDraft(page, 'summit', 'sunroom', order.start ?? {});
    await openConfigurator(page, e2e.baseUrl, '/Ordering/SunRooms');
    const before = await readShownPrice(page);
    expect(before).toBe(describeExpectedPrice(order.expect.price as number));
    await setConfiguratorField(page, 'widthFeet', '40');
    await page.getByTestId('approximate-price').first().filter({ hasNotText: before }).waitFor();
    expect(await readShownPrice(page)).not.toBe(before);
  }, 120_000);
});
