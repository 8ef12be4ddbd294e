import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { startTestServer } from '../support/test-server';
import { closePage, expectText, launchBrowser, openPage, signIn, waitForDialogShown } from './support/browser';
import {
  blurField,
  idOf,
  isFieldShown,
  isSameJson,
  isSameShownValue,
  readGoldenOrder,
  readShownMessages,
  readShownValue,
  setField,
  type GoldenOrder,
} from './engineering-replay';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const goldenDir = path.resolve(import.meta.dirname, '../golden/engineering');
/** Orders whose context matches a dealer without locations and the seeded live prices (summit). */
const replayedOrders = [
  '01-empty-form-missing.json',
  '04-complete-order-by-typing.json',
  '07-invalid-email.json',
  '10-sender-input-stripped.json',
  '16-canadian-postal-formatted.json',
  '22-wind-speed-empty-becomes-90.json',
  '24-wind-speed-clamped-high.json',
  '31-quantity-min-1-while-checked.json',
  '33-total-two-documents.json',
  '38-mail-only-requires-mail-method.json',
  '41-mail-to-email-and-mail-keeps-method.json',
  '44-special-notes-48-characters.json',
];

const successToast = 'Engineering request received by TEMO!';
const failureToast = 'Error submitting order. Please try again.';

async function api(server: TestServer, username: string, method: string, url: string, body?: unknown): Promise<Response> {
  const token = await server.tokenFor(username);
  return fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Opens the modal from the ordering home and waits until its draft (if any) is restored. */
async function openEngineeringModal(page: Page, baseUrl: string): Promise<Locator> {
  await page.goto(`${baseUrl}/Ordering`);
  await page.getByRole('button', { name: 'Order Engineering' }).click();
  const dialog = page.getByRole('dialog', { name: 'Engineering Request' });
  await dialog.locator('[data-draft-restored="true"]').waitFor();
  await dialog.locator(`#${idOf('userFileName')}`).waitFor();
  return dialog;
}

/** Waits until the server's draft is what the page last kept (or gone), so nothing the page sends lands later. */
async function waitForDraftSettled(page: Page, server: TestServer, username: string): Promise<void> {
  const local = await page.evaluate((key) => localStorage.getItem(key), `dealer-portal.draft.engineering:${username}`);
  const expected = local ? (JSON.parse(local) as { data: unknown }).data : null;
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await api(server, username, 'GET', '/api/drafts/engineering');
    const saved = response.status === 200 ? ((await response.json()) as { data: unknown }).data : null;
    if (expected === null ? response.status === 404 || saved !== null : isSameJson(saved, expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The draft never reached the server');
}

async function findSeriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Replays one golden order in the open modal and returns every difference between what it shows and `expect`. */
async function replayGoldenOrder(page: Page, dialog: Locator, order: GoldenOrder): Promise<string[]> {
  const differences: string[] = [];
  for (const step of order.steps ?? []) {
    if ('set' in step) for (const [fieldPath, value] of Object.entries(step.set)) await setField(page, dialog, fieldPath, value);
    else await blurField(page, step.blur);
  }
  const { expect: expected } = order;
  for (const [fieldPath, value] of Object.entries(expected.data ?? {})) {
    const shown = await readShownValue(dialog, fieldPath);
    if (!isSameShownValue(shown, value)) differences.push(`data.${fieldPath}: shows ${JSON.stringify(shown)}, expected ${JSON.stringify(value)}`);
  }
  if (expected.price !== undefined) {
    const shown = await readShownValue(dialog, 'engineeringTotal');
    if (!isSameShownValue(shown, expected.price)) differences.push(`price: shows ${JSON.stringify(shown)}, expected ${expected.price}`);
  }
  for (const fieldPath of expected.hidden ?? []) if (await isFieldShown(dialog, fieldPath)) differences.push(`hidden: ${fieldPath} is shown`);
  for (const fieldPath of expected.shown ?? []) if (!(await isFieldShown(dialog, fieldPath))) differences.push(`shown: ${fieldPath} is not shown`);

  const needsSubmit = ['missing', 'missingIncludes', 'missingExcludes', 'labels', 'errors', 'submit'].some((key) => key in expected);
  if (!needsSubmit) return differences;
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const problems = page.getByRole('dialog', { name: 'Please fill in the following fields:' });
  const sent = page.getByText(successToast);
  await problems.or(sent).first().waitFor();
  const isSent = await sent.isVisible();
  const missingLines = isSent ? [] : await problems.locator('li[data-kind="missing"]').all();
  const missing: Record<string, string> = {};
  for (const line of missingLines) missing[(await line.getAttribute('data-path')) ?? ''] = (await line.innerText()).trim();
  if (expected.submit?.allowed !== undefined && expected.submit.allowed !== isSent) {
    differences.push(`submit.allowed: the page ${isSent ? 'sent' : 'refused'} the request`);
  }
  if (expected.missing) {
    const shown = Object.keys(missing).sort();
    if (!isSameJson(shown, [...expected.missing].sort())) differences.push(`missing: shows ${JSON.stringify(shown)}, expected ${JSON.stringify(expected.missing)}`);
  }
  for (const fieldPath of expected.missingIncludes ?? []) if (!(fieldPath in missing)) differences.push(`missingIncludes: ${fieldPath} not listed`);
  for (const fieldPath of expected.missingExcludes ?? []) if (fieldPath in missing) differences.push(`missingExcludes: ${fieldPath} listed`);
  for (const [fieldPath, label] of Object.entries(expected.labels ?? {})) {
    if (missing[fieldPath] !== label) differences.push(`labels.${fieldPath}: shows ${JSON.stringify(missing[fieldPath])}, expected ${JSON.stringify(label)}`);
  }
  if (isSent) {
    for (const [fieldPath, message] of Object.entries(expected.errors ?? {})) {
      if (message !== null) differences.push(`errors.${fieldPath}: the request was sent, expected "${message}"`);
    }
    return differences;
  }
  await problems.getByRole('button', { name: 'OK' }).click();
  await problems.waitFor({ state: 'detached' });
  const messages = await readShownMessages(dialog);
  for (const [fieldPath, message] of Object.entries(expected.errors ?? {})) {
    if ((messages[fieldPath] ?? null) !== message) differences.push(`errors.${fieldPath}: shows ${JSON.stringify(messages[fieldPath] ?? null)}, expected ${JSON.stringify(message)}`);
  }
  return differences;
}

describe('engineering request modal', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  describe('golden orders replayed through the page (as summit: no locations, seeded prices)', () => {
    let page: Page;
    beforeAll(async () => {
      page = await openPage(browser);
      await signIn(page, server.baseUrl, 'summit');
    });
    afterAll(async () => {
      if (page) await closePage(page);
    });

    for (const file of replayedOrders) {
      it(file, async () => {
        const order = readGoldenOrder(path.join(goldenDir, file));
        expect(order.context?.locations ?? {}).toEqual({});
        await api(server, 'summit', 'DELETE', '/api/drafts/engineering');
        if (order.start) expect((await api(server, 'summit', 'PUT', '/api/drafts/engineering', { data: order.start })).status).toBe(204);
        await page.evaluate(() => localStorage.clear());
        const dialog = await openEngineeringModal(page, server.baseUrl);
        const differences = await replayGoldenOrder(page, dialog, order);
        if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
        await waitForDraftSettled(page, server, 'summit');
        expect(differences, order.title).toEqual([]);
      });
    }
  });
});
