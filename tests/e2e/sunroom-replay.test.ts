/** Golden orders of tests/golden/{sunroom,screenroom,impact} replayed through the real configurator page. */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer } from '../support/test-server';
import { isSameShownValue, readGoldenOrder, type GoldenOrder } from './engineering-replay';
import { closePage, launchBrowser, openPage, signIn } from './support/browser';
import {
  blurConfiguratorField,
  closeModals,
  isWallChoicesPath,
  openConfigurator,
  openWallChoices,
  readConfiguratorValue,
  setConfiguratorField,
} from './sunroom-page';

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

/** Whether the page shows a field now (wall fields in the Wall Choices modal). */
async function isFieldShown(page: Page, fieldPath: string): Promise<boolean> {
  const scope = isWallChoicesPath(fieldPath) ? await openWallChoices(page) : page.locator('form');
  if (!isWallChoicesPath(fieldPath)) await closeModals(page);
  const box = scope.locator(`div[data-path="${fieldPath}"], input[data-path="${fieldPath}"]`);
  return (await box.count()) > 0 && (await box.first().isVisible());
}

/** The value shown for a path; an expected empty wall array is checked as "no editor of that group". */
async function readShown(page: Page, fieldPath: string, expected: unknown): Promise<unknown> {
  if (Array.isArray(expected)) {
    const suffix = /(ERL|ERR|ERF)$/.exec(fieldPath)?.[1] ?? '';
    const dialog = await openWallChoices(page).catch(() => null);
    const count = dialog ? await dialog.locator(`section[data-wall^="${suffix}"]`).count() : 0;
    return count === 0 ? [] : `${count} walls`;
  }
  return readConfiguratorValue(page, fieldPath);
}

/** Replays one golden order on the open page; returns every difference between what it shows and `expect`. */
async function replayGoldenOrder(page: Page, order: GoldenOrder): Promise<string[]> {
  const differences: string[] = [];
  for (const step of order.steps ?? []) {
    if ('set' in step) for (const [fieldPath, value] of Object.entries(step.set)) await setConfiguratorField(page, fieldPath, value);
    else await blurConfiguratorField(page, step.blur);
  }
  const { expect: expected } = order;
  const toasts = await page.locator('#notistack-snackbar').allInnerTexts();
  for (const [fieldPath, value] of Object.entries(expected.data ?? {})) {
    const shown = await readShown(page, fieldPath, value);
    const isSame = Array.isArray(value) ? Array.isArray(shown) && value.length === 0 : isSameShownValue(shown, value);
    if (!isSame) differences.push(`data.${fieldPath}: shows ${JSON.stringify(shown)}, expected ${JSON.stringify(value)}`);
  }
  for (const fieldPath of expected.hidden ?? []) if (await isFieldShown(page, fieldPath)) differences.push(`hidden: ${fieldPath} is shown`);
  for (const fieldPath of expected.shown ?? []) if (!(await isFieldShown(page, fieldPath))) differences.push(`shown: ${fieldPath} is not shown`);
  await closeModals(page);

  // The live missing list shows the engine's list with its labels.
  const lines = await page.locator('[data-testid="missing-list"] li').evaluateAll((items) => items.map((item) => [item.getAttribute('data-path') ?? '', item.textContent?.trim() ?? '']));
  const missing = Object.fromEntries(lines) as Record<string, string>;
  if (expected.missing) {
    const shown = Object.keys(missing).sort();
    if (JSON.stringify(shown) !== JSON.stringify([...expected.missing].sort())) differences.push(`missing: shows ${JSON.stringify(shown)}, expected ${JSON.stringify(expected.missing)}`);
  }
  for (const fieldPath of expected.missingIncludes ?? []) if (!(fieldPath in missing)) differences.push(`missingIncludes: ${fieldPath} not listed`);
  for (const fieldPath of expected.missingExcludes ?? []) if (fieldPath in missing) differences.push(`missingExcludes: ${fieldPath} listed`);
  for (const [fieldPath, label] of Object.entries(expected.labels ?? {})) {
    if (missing[fieldPath] !== label) differences.push(`labels.${fieldPath}: shows ${JSON.stringify(missing[fieldPath])}, expected ${JSON.stringify(label)}`);
  }

  const needsSubmit = expected.submit?.allowed !== undefined || expected.errors !== undefined;
  if (!needsSubmit) return differences;
  const button = page.getByTestId('submit-order');
  const isEnabled = await button.isEnabled();
  if (isEnabled) await button.click();
  const problems = page.getByRole('dialog', { name: 'Please fill in the following fields:' });
  const summary = page.getByRole('dialog', { name: 'Are you sure you want to submit?' });
  if (isEnabled) await problems.or(summary).first().waitFor();
  const isAllowed = isEnabled && (await summary.isVisible()) && (await summary.getByRole('button', { name: 'Yes' }).count()) > 0;
  if (expected.submit?.allowed !== undefined && expected.submit.allowed !== isAllowed) differences.push(`submit.allowed: the page ${isAllowed ? 'allows' : 'refuses'} it`);
  const dialogLines = isEnabled && (await problems.isVisible()) ? await problems.locator('li').allInnerTexts() : [];
  await closeModals(page);
  const fieldMessages = await page.locator('[data-message-for]').evaluateAll((items) => items.map((item) => [item.getAttribute('data-message-for') ?? '', item.textContent?.trim() ?? '']));
  const atField = Object.fromEntries(fieldMessages) as Record<string, string>;
  for (const [fieldPath, message] of Object.entries(expected.errors ?? {})) {
    const seen = [atField[fieldPath], missing[fieldPath], ...dialogLines, ...toasts].filter(Boolean).map((text) => String(text));
    const isShown = message === null ? atField[fieldPath] === undefined : seen.some((text) => text === message || text.endsWith(`: ${message}`));
    if (!isShown) differences.push(`errors.${fieldPath}: expected ${JSON.stringify(message)}, the page shows ${JSON.stringify(seen)}`);
  }
  return differences;
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
