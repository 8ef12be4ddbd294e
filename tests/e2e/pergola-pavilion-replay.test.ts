/** Golden orders of tests/golden/{pergola,pavilion} replayed through the real pages (the sunroom replay helper). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { GoldenOrder } from './engineering-replay';
import { startTestServer } from '../support/test-server';
import { replayGoldenOrder } from './configurator-replay';
import { patioCoverRoutes, readGolden, seedDraft, type TestServer } from './pergola-pavilion-support';
import { closePage, launchBrowser, openPage, signIn } from './support/browser';
import { openConfigurator } from './sunroom-page';

/** Complete orders, Motor City, fixed gutters, post styles, free-standing resets, clamps on blur, Panel-only fields, skyview/shingle, layouts and rails. */
const replayed: [keyof typeof patioCoverRoutes, string][] = [
  ['pergola', '001-complete-operable-attached-pergola-without-drawing-package-is-an-order.json'],
  ['pergola', '005-choosing-motor-city-clears-most-other-pergola-choices-and-hides-attach.json'],
  ['pergola', '013-pergola-fixed-sets-gutters-to-no-disabled-posted-and-drops-the-actuato.json'],
  ['pergola', '017-no-columns-or-beams-needed-also-clears-the-beam-which-is-then-not-requ.json'],
  ['pergola', '023-free-standing-clears-mount-soffit-depth-and-step-down-and-hides-them.json'],
  ['pergola', '036-loads-are-rounded-to-steps-of-5-and-kept-in-range-when-left.json'],
  ['pavilion', '001-complete-attached-temo-panel-pavilion-without-drawing-package-is-an-or.json'],
  ['pavilion', '004-a-non-temo-panel-style-clears-post-style-height-exterior-roof-style-be.json'],
  ['pavilion', '013-skyview-no-clears-the-led-choice.json'],
  ['pavilion', '014-a-length-under-7-feet-forces-skyview-no.json'],
  ['pavilion', '024-a-0-032-density-forces-and-disables-a-white-roof-panel-which-is-then-n.json'],
  ['pavilion', '027-attached-asks-the-layout-layout-2-asks-rail-side-and-rail-amount.json'],
  ['pavilion', '031-free-standing-clears-mount-step-down-layout-and-rail-fields-and-hides-.json'],
];

describe('pergola and pavilion golden orders replayed through the pages (as summit: no locations)', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    page = await openPage(browser);
    await signIn(page, server.baseUrl, 'summit');
  }, 120_000);
  afterAll(async () => {
    if (page) await closePage(page);
    await browser?.close();
    await server?.close();
  });

  it.each(replayed)('%s %s', async (form, file) => {
    const order = readGolden(form, file);
    expect(order.context?.locations ?? {}).toEqual({});
    await seedDraft(server, page, 'summit', form, order.start ?? null);
    await openConfigurator(page, server.baseUrl, patioCoverRoutes[form]);
    expect(await replayGoldenOrder(page, order)).toEqual([]);
  }, 120_000);

  it('reports a deliberately wrong expectation, so a passing replay means the page agrees', async () => {
    const order = readGolden('pavilion', '014-a-length-under-7-feet-forces-skyview-no.json');
    await seedDraft(server, page, 'summit', 'pavilion', order.start ?? null);
    await openConfigurator(page, server.baseUrl, patioCoverRoutes.pavilion);
    const wrong: GoldenOrder = { ...order, expect: { data: { selectedSkyviewChoice: 'Skyview YES' }, price: 1, missing: ['nothing.at.all'] } };
    const differences = await replayGoldenOrder(page, wrong);
    expect(differences.some((line) => line.startsWith('data.selectedSkyviewChoice'))).toBe(true);
    expect(differences.some((line) => line.startsWith('price:'))).toBe(true);
    expect(differences.some((line) => line.startsWith('missing:'))).toBe(true);
  }, 120_000);
});
