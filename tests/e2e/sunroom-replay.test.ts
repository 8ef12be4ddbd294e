/** Golden orders of tests/golden/{sunroom,screenroom,impact} replayed through the real configurator page. */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer } from '../support/test-server';
import { replayGoldenOrder } from './configurator-replay';
import { readGoldenOrder, type GoldenOrder } from './engineering-replay';
import { closePage, launchBrowser, openPage, signIn } from './support/browser';
import { openConfigurator } from './sunroom-page';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const goldenRoot = path.resolve(import.meta.dirname, '../golden');
const routes = { sunroom: '/Ordering/SunRooms', screenroom: '/Ordering/ScreenRooms', impact: '/Ordering/Impact' } as const;
/** Orders for a dealer without locations (summit): personal info, drawing package, layouts, walls, doors, codes, steppers, toasts. */
const replayed: [keyof typeof routes, string][] = [
  ['sunroom', '001-complete-order-without-drawing-package-is-allowed-and-ordered-at-once-.json'],
  ['sunroom', '003-empty-form-lists-the-always-required-fields-with-their-labels.json'],
  ['sunroom', '015-invalid-email-is-listed-among-the-missing-fields-as-invalid-email.json'],
  ['sunroom', '018-state-prov-keeps-letters-only-at-most-3.json'],
  ['sunroom', '020-canadian-postal-code-is-upper-cased-and-spaced-3-3.json'],
  ['sunroom', '031-foundation-existingwood-asks-grade-height-feet-and-inches.json'],
  ['sunroom', '040-knee-wall-no-clears-feet-and-inches.json'],
  ['sunroom', '061-breeze-way-yes-zeroes-the-front-wall-arrays.json'],
  ['sunroom', '070-cathedral-sets-cleats-or-bond-to-bond-tape.json'],
  ['sunroom', '079-wind-load-stepper-113-becomes-115-on-blur.json'],
  ['sunroom', '097-frame-colour-copies-to-fascia-trim-and-both-kick-panels.json'],
  ['sunroom', '099-vertical-channel-other-gives-the-toast-asking-for-a-sketch.json'],
  ['sunroom', '125-room-wall-shorter-than-the-door-minimum-forces-door-no-and-clears-the-.json'],
  ['sunroom', '128-room-wall-a-3-door-asks-swing-orientation-door-hardware-and-ss-hinges.json'],
  ['sunroom', '132-room-wall-choosing-a-wall-code-stores-its-image.json'],
  ['screenroom', '001-complete-order-without-drawing-package-is-allowed-and-ordered-at-once-.json'],
  ['screenroom', '225-vinyl-view-requires-vinyl-color.json'],
  ['impact', '001-complete-order-without-drawing-package-is-allowed-and-ordered-at-once-.json'],
  ['impact', '097-frame-colour-copies-to-fascia-trim-and-both-kick-panels.json'],
];

async function api(server: TestServer, username: string, method: string, url: string, body?: unknown): Promise<Response> {
  const token = await server.tokenFor(username);
  return fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('golden orders replayed through the configurator page (as summit: no locations)', () => {
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
    const order = readGoldenOrder(path.join(goldenRoot, form, file));
    expect(order.context?.locations ?? {}).toEqual({});
    await page.evaluate(() => localStorage.clear());
    await api(server, 'summit', 'DELETE', `/api/drafts/${form}`);
    if (order.start) expect((await api(server, 'summit', 'PUT', `/api/drafts/${form}`, { data: order.start })).status).toBe(204);
    await openConfigurator(page, server.baseUrl, routes[form]);
    expect(await replayGoldenOrder(page, order)).toEqual([]);
  }, 120_000);

  it('reports a deliberately wrong expectation, so a passing replay means the page agrees', async () => {
    const order = readGoldenOrder(path.join(goldenRoot, 'sunroom', '070-cathedral-sets-cleats-or-bond-to-bond-tape.json'));
    await page.evaluate(() => localStorage.clear());
    await api(server, 'summit', 'DELETE', '/api/drafts/sunroom');
    if (order.start) await api(server, 'summit', 'PUT', '/api/drafts/sunroom', { data: order.start });
    await openConfigurator(page, server.baseUrl, routes.sunroom);
    const wrong: GoldenOrder = { ...order, expect: { data: { selectedCleatsOrBond: 'CLEATS' }, missing: ['nothing.at.all'] } };
    const differences = await replayGoldenOrder(page, wrong);
    expect(differences.some((line) => line.startsWith('data.selectedCleatsOrBond'))).toBe(true);
    expect(differences.some((line) => line.startsWith('missing:'))).toBe(true);
  }, 120_000);
});
