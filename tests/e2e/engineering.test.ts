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
  const dialog = page.getByRole('dialog', { name: 'Order Engineering' });
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

/** Waits until the element and its ancestors are fully opaque (MUI dialogs fade in). */
async function waitForFadeIn(locator: Locator): Promise<void> {
  const handle = await locator.elementHandle();
  await locator.page().waitForFunction((element) => {
    for (let node: Element | null = element; node; node = node.parentElement) if (getComputedStyle(node).opacity !== '1') return false;
    return true;
  }, handle);
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

  it('reports a deliberately wrong expectation, so a passing replay means the page agrees', async () => {
    const page = await openPage(browser);
    try {
      await signIn(page, server.baseUrl, 'summit');
      const order = readGoldenOrder(path.join(goldenDir, '33-total-two-documents.json'));
      order.expect = { price: 999, data: { signedSealedPrice: 50 }, errors: { 'personalInfo.email': 'Invalid email' } };
      await api(server, 'summit', 'PUT', '/api/drafts/engineering', { data: order.start });
      const dialog = await openEngineeringModal(page, server.baseUrl);
      const differences = await replayGoldenOrder(page, dialog, order);
      expect(differences).toEqual([
        'data.signedSealedPrice: shows "49", expected 50',
        'price: shows "198", expected 999',
        'errors.personalInfo.email: the request was sent, expected "Invalid email"',
      ]);
    } finally {
      await closePage(page);
    }
  });

  describe('as lakeside (three locations)', () => {
    let page: Page;
    beforeAll(async () => {
      page = await openPage(browser);
      await signIn(page, server.baseUrl, 'lakeside');
    });
    afterAll(async () => {
      if (page) await closePage(page);
    });

    /** Types a complete request the way a dealer does (the location is one of lakeside's). */
    async function fillCompleteRequest(dialog: Locator): Promise<void> {
      await setField(page, dialog, 'userFileName', 'LAKE01');
      await setField(page, dialog, 'buildingCodes', 'IRC');
      await setField(page, dialog, 'yearForCodes', '2024');
      await setField(page, dialog, 'windSpeed', '140');
      await blurField(page, 'windSpeed');
      await setField(page, dialog, 'sealType', 'electronic');
      await setField(page, dialog, 'renderingChecked', true);
      await setField(page, dialog, 'shippingMethod', 'Mail Only');
      await setField(page, dialog, 'mailMethod', 'NEXT DAY');
      await setField(page, dialog, 'personalInfo.sender', 'Pat Lakeside');
      await setField(page, dialog, 'personalInfo.email', 'pat@lakeside.example');
      await setField(page, dialog, 'personalInfo.address', '12 Shore Dr');
      await setField(page, dialog, 'personalInfo.zip', '53703');
      await setField(page, dialog, 'selectedLocation', '2');
      await setField(page, dialog, 'additionalInfo.Line1', 'Gate code 1234');
    }

    it('opens from Order Engineering with the location list, live mail prices and the mail note; no serious axe violation', async () => {
      await api(server, 'lakeside', 'DELETE', '/api/drafts/engineering');
      const dialog = await openEngineeringModal(page, server.baseUrl);
      await waitForDialogShown(page);
      expect(await findSeriousViolations(page)).toEqual([]);
      await setField(page, dialog, 'shippingMethod', 'Email & Mail');
      await expectText(dialog.locator('[data-path="mailMethod"] label'), 'Next Day Air ($65.00)');
      await expectText(dialog.getByTestId('mail-note'), 'Place orders by 10:00 AM Monday to Friday');
      await dialog.locator('[data-path="selectedLocation"]').getByRole('combobox').click();
      const locations = await page.getByRole('listbox').getByRole('option').allInnerTexts();
      expect(locations).toEqual(['None', 'Lakeside Sunrooms - Madison', 'Lakeside Sunrooms - Milwaukee', 'Lakeside Sunrooms - Green Bay']);
      await page.keyboard.press('Escape');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      const problems = page.getByRole('dialog', { name: 'Please fill in the following fields:' });
      await problems.waitFor();
      await waitForFadeIn(problems);
      expect(await findSeriousViolations(page)).toEqual([]);
      expect(await problems.locator('li[data-kind="missing"]').count()).toBeGreaterThan(5);
      await page.keyboard.press('Enter');
      await problems.waitFor({ state: 'detached' });
      // Messages are live after the first submit: fixing a field removes its message at once.
      expect((await readShownMessages(dialog))['userFileName']).toBe('File Name is required');
      await setField(page, dialog, 'userFileName', 'X1');
      expect((await readShownMessages(dialog))['userFileName']).toBeUndefined();
      expect(await dialog.locator('[data-path="personalInfo.email"][data-problem="true"]').count()).toBe(1);
      expect(await findSeriousViolations(page)).toEqual([]);
      await page.screenshot({ path: '/tmp/engineering-modal.png', fullPage: false });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await waitForDraftSettled(page, server, 'lakeside');
    });

    it('the zip fills city and state, the total follows the choices, and the stepper holds to repeat', async () => {
      await api(server, 'lakeside', 'DELETE', '/api/drafts/engineering');
      await page.evaluate(() => localStorage.clear());
      const dialog = await openEngineeringModal(page, server.baseUrl);
      await setField(page, dialog, 'personalInfo.zip', '53703');
      expect(await readShownValue(dialog, 'personalInfo.city')).toBe('Madison');
      expect(await readShownValue(dialog, 'personalInfo.stateProvince')).toBe('WI');
      await setField(page, dialog, 'personalInfo.zip', '00000');
      expect(await readShownValue(dialog, 'personalInfo.city')).toBe('');
      expect(await readShownValue(dialog, 'personalInfo.stateProvince')).toBe('');
      await setField(page, dialog, 'signedSealedChecked', true);
      await setField(page, dialog, 'renderingChecked', true);
      await setField(page, dialog, 'shippingMethod', 'Mail Only');
      await setField(page, dialog, 'mailMethod', 'GROUND');
      expect(await readShownValue(dialog, 'engineeringTotal')).toBe(String(49 + 950 + 15));
      await expectText(dialog.locator('[data-path="engineeringTotal"]'), '$1,014.00');
      // Keyboard: the + button steps once per press, and the engine clamps to 90-200 in steps of 5.
      await dialog.getByRole('button', { name: 'Increase Wind Speed' }).focus();
      await page.keyboard.press('Enter');
      expect(await readShownValue(dialog, 'windSpeed')).toBe('90');
      await page.keyboard.press('Enter');
      expect(await readShownValue(dialog, 'windSpeed')).toBe('95');
      // Held down, it repeats until released.
      const plus = dialog.getByRole('button', { name: 'Increase Wind Speed' });
      await plus.hover();
      await page.mouse.down();
      await page.waitForFunction((id) => Number((document.getElementById(id) as HTMLInputElement).value) >= 110, idOf('windSpeed'));
      await page.mouse.up();
      const held = Number(await readShownValue(dialog, 'windSpeed'));
      expect(held).toBeGreaterThanOrEqual(110);
      expect(held % 5).toBe(0);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await waitForDraftSettled(page, server, 'lakeside');
    });

    it('a reload mid-form restores every typed value (draft)', async () => {
      await api(server, 'lakeside', 'DELETE', '/api/drafts/engineering');
      await page.evaluate(() => localStorage.clear());
      const dialog = await openEngineeringModal(page, server.baseUrl);
      await setField(page, dialog, 'userFileName', 'DRAFT1');
      await setField(page, dialog, 'sealType', 'wet');
      await setField(page, dialog, 'calculationLetterChecked', true);
      await setField(page, dialog, 'personalInfo.address', '9 Reload Way');
      await page.reload();
      const reopened = await openEngineeringModal(page, server.baseUrl);
      expect(await readShownValue(reopened, 'userFileName')).toBe('DRAFT1');
      expect(await readShownValue(reopened, 'sealType')).toBe('wet');
      expect(await readShownValue(reopened, 'calculationLetterChecked')).toBe(true);
      expect(await readShownValue(reopened, 'calculationLetterQty')).toBe('1');
      expect(await readShownValue(reopened, 'personalInfo.address')).toBe('9 Reload Way');
      await reopened.getByRole('button', { name: 'Cancel' }).click();
      await reopened.waitFor({ state: 'detached' });
      await waitForDraftSettled(page, server, 'lakeside');
      // In a new browser (no local copy) the server's draft is restored.
      const other = await openPage(browser);
      try {
        await signIn(other, server.baseUrl, 'lakeside');
        const elsewhere = await openEngineeringModal(other, server.baseUrl);
        expect(await readShownValue(elsewhere, 'userFileName')).toBe('DRAFT1');
        expect(await readShownValue(elsewhere, 'personalInfo.address')).toBe('9 Reload Way');
      } finally {
        await closePage(other);
      }
    });

    it('a complete request is sent: the button hides, the success toast shows, the draft is cleared and the order is listed', async () => {
      await api(server, 'lakeside', 'DELETE', '/api/drafts/engineering');
      await page.evaluate(() => localStorage.clear());
      const before = (await (await api(server, 'lakeside', 'GET', '/api/TxtThings/initialOrders')).json()) as Record<string, unknown>;
      const dialog = await openEngineeringModal(page, server.baseUrl);
      await fillCompleteRequest(dialog);
      const posted = page.waitForRequest((request) => request.url().endsWith('/api/OrderingEngineering/SubmitData'));
      await dialog.getByRole('button', { name: 'Submit' }).click();
      const body = (await posted).postDataJSON() as Record<string, unknown>;
      expect(body).toMatchObject({ userFileName: 'LAKE01', renderingQty: 1, mailMethod: 'NEXT DAY', mailMethodPrice: 65, engineeringTotal: 1015, selectedLocation: '2' });
      expect(body).not.toHaveProperty('renderingChecked');
      await expectText(page.locator('#notistack-snackbar'), successToast);
      await dialog.waitFor({ state: 'detached' });
      const after = (await (await api(server, 'lakeside', 'GET', '/api/TxtThings/initialOrders')).json()) as Record<string, { sentBy?: string }>;
      const added = Object.keys(after).filter((fileName) => !(fileName in before));
      expect(added).toHaveLength(1);
      await waitForDraftSettled(page, server, 'lakeside');
      expect((await api(server, 'lakeside', 'GET', '/api/drafts/engineering')).status).toBe(404);
      const reopened = await openEngineeringModal(page, server.baseUrl);
      expect(await readShownValue(reopened, 'userFileName')).toBe('');
      await reopened.getByRole('button', { name: 'Cancel' }).click();
      await reopened.waitFor({ state: 'detached' });
    });
  });

  it('a failed submit (server gone) restores the button and keeps every typed value', async () => {
    const ownServer = await startTestServer();
    const page = await openPage(browser);
    try {
      await signIn(page, ownServer.baseUrl, 'lakeside');
      const dialog = await openEngineeringModal(page, ownServer.baseUrl);
      await setField(page, dialog, 'userFileName', 'FAIL01');
      await setField(page, dialog, 'buildingCodes', 'IBC');
      await setField(page, dialog, 'yearForCodes', '2021');
      await setField(page, dialog, 'windSpeed', '150');
      await blurField(page, 'windSpeed');
      await setField(page, dialog, 'sealType', 'wet');
      await setField(page, dialog, 'attestationLetterChecked', true);
      await setField(page, dialog, 'shippingMethod', 'Email Only');
      await setField(page, dialog, 'personalInfo.sender', 'Pat Lakeside');
      await setField(page, dialog, 'personalInfo.email', 'pat@lakeside.example');
      await setField(page, dialog, 'personalInfo.address', '12 Shore Dr');
      await setField(page, dialog, 'personalInfo.zip', '53703');
      await setField(page, dialog, 'selectedLocation', '1');
      await ownServer.close();
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expectText(page.locator('#notistack-snackbar'), failureToast);
      await dialog.getByRole('button', { name: 'Submit' }).waitFor();
      expect(await readShownValue(dialog, 'userFileName')).toBe('FAIL01');
      expect(await readShownValue(dialog, 'windSpeed')).toBe('150');
      expect(await readShownValue(dialog, 'attestationLetterQty')).toBe('1');
      expect(await readShownValue(dialog, 'personalInfo.city')).toBe('Madison');
      expect(await readShownValue(dialog, 'selectedLocation')).toBe('1');
    } finally {
      await closePage(page);
      await ownServer.close().catch(() => undefined);
    }
  });
});
