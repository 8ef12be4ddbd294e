/** The engineering request modal in Chromium: golden orders replayed, locations, prices, drafts, submit and failure. */
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { startTestServer } from '../support/test-server';
import { findSeriousViolations } from './support/axe';
import { closePage, expectText, signInWithToken, waitForDialogShown } from './support/browser';
import { expectDraftSurvivesReload, waitForDraftSettled } from './support/draft-reload';
import { readGolden } from './support/golden-orders';
import { itReplaysGoldenOrders, replayThroughPage, withExpectation } from './support/golden-replay';
import { useBrowserTest } from './support/harness';
import {
  engineeringDraftForm,
  engineeringSuccessToast,
  idOf,
  openEngineeringModal,
  readShownMessages,
  readShownValue,
  setField,
  typeEngineeringSteps,
} from './engineering-replay';

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
].map((file) => ['engineering', file] as const);

const failureToast = 'Error submitting order. Please try again.';

/** Waits until the element and its ancestors are fully opaque (MUI dialogs fade in). */
async function waitForFadeIn(locator: Locator): Promise<void> {
  const handle = await locator.elementHandle();
  await locator.page().waitForFunction((element) => {
    for (let node: Element | null = element; node; node = node.parentElement)
      if (getComputedStyle(node).opacity !== '1') return false;
    return true;
  }, handle);
}

/** Serious axe violations inside the open dialogs. */
const dialogViolations = (page: Parameters<typeof findSeriousViolations>[0]) =>
  findSeriousViolations(page, { include: '[role="dialog"]' });

describe('engineering request modal', () => {
  const e2e = useBrowserTest();

  describe('golden orders replayed through the page (as summit: no locations, seeded prices)', () => {
    const summit = e2e.useSharedPage({ signedInAs: 'summit' });

    itReplaysGoldenOrders(summit, replayedOrders, 60_000);

    it('reports a deliberately wrong expectation, so a passing replay means the page agrees', async () => {
      const order = readGolden('engineering', '33-total-two-documents.json');
      const wrong = withExpectation(order, {
        price: 999,
        data: { signedSealedPrice: 50 },
        errors: { 'personalInfo.email': 'Invalid email' },
      });
      expect(await replayThroughPage(summit, wrong)).toEqual([
        'data.signedSealedPrice: shows "49", expected 50',
        'price: shows "198", expected 999',
        'errors.personalInfo.email: the request was sent, expected "Invalid email"',
      ]);
    });
  });

  describe('as lakeside (three locations)', () => {
    const lakeside = e2e.useSharedPage({ signedInAs: 'lakeside' });

    /** Types a complete request the way a dealer does (the location is one of lakeside's). */
    async function fillCompleteRequest(dialog: Locator): Promise<void> {
      await typeEngineeringSteps(lakeside.page, dialog, [
        { set: { userFileName: 'LAKE01', buildingCodes: 'IRC', yearForCodes: '2024', windSpeed: '140' } },
        { blur: 'windSpeed' },
        {
          set: { sealType: 'electronic', renderingChecked: true, shippingMethod: 'Mail Only', mailMethod: 'NEXT DAY' },
        },
        {
          set: {
            'personalInfo.sender': 'Pat Lakeside',
            'personalInfo.email': 'pat@lakeside.example',
            'personalInfo.address': '12 Shore Dr',
            'personalInfo.zip': '53703',
          },
        },
        { set: { selectedLocation: '2', 'additionalInfo.Line1': 'Gate code 1234' } },
      ]);
    }

    it('opens from Order Engineering with the location list, live mail prices and the mail note; no serious axe violation', async () => {
      const { page } = lakeside;
      await lakeside.seedDraft(page, 'lakeside', 'engineering', null);
      const dialog = await openEngineeringModal(page, lakeside.baseUrl);
      await waitForDialogShown(page);
      expect(await dialogViolations(page)).toEqual([]);
      await setField(page, dialog, 'shippingMethod', 'Email & Mail');
      await expectText(dialog.locator('[data-path="mailMethod"] label'), 'Next Day Air ($65.00)');
      await expectText(dialog.getByTestId('mail-note'), 'Place orders by 10:00 AM Monday to Friday');
      await dialog.locator('[data-path="selectedLocation"]').getByRole('combobox').click();
      const locations = await page.getByRole('listbox').getByRole('option').allInnerTexts();
      expect(locations).toEqual([
        'None',
        'Lakeside Sunrooms - Madison',
        'Lakeside Sunrooms - Milwaukee',
        'Lakeside Sunrooms - Green Bay',
      ]);
      await page.keyboard.press('Escape');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      const problems = page.getByRole('dialog', { name: 'Please fill in the following fields:' });
      await problems.waitFor();
      await waitForFadeIn(problems);
      expect(await dialogViolations(page)).toEqual([]);
      expect(await problems.locator('li[data-kind="missing"]').count()).toBeGreaterThan(5);
      await page.keyboard.press('Enter');
      await problems.waitFor({ state: 'detached' });
      // Messages are live after the first submit: fixing a field removes its message at once.
      expect((await readShownMessages(dialog))['userFileName']).toBe('File Name is required');
      await setField(page, dialog, 'userFileName', 'X1');
      expect((await readShownMessages(dialog))['userFileName']).toBeUndefined();
      expect(await dialog.locator('[data-path="personalInfo.email"][data-problem="true"]').count()).toBe(1);
      expect(await dialogViolations(page)).toEqual([]);
      await page.screenshot({ path: '/tmp/engineering-modal.png', fullPage: false });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await waitForDraftSettled(lakeside, page, 'lakeside', 'engineering');
    });

    it('the zip fills city and state, the total follows the choices, and the stepper holds to repeat', async () => {
      const { page } = lakeside;
      await lakeside.seedDraft(page, 'lakeside', 'engineering', null);
      const dialog = await openEngineeringModal(page, lakeside.baseUrl);
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
      await page.waitForFunction(
        (id) => Number((document.getElementById(id) as HTMLInputElement).value) >= 110,
        idOf('windSpeed'),
      );
      await page.mouse.up();
      const held = Number(await readShownValue(dialog, 'windSpeed'));
      expect(held).toBeGreaterThanOrEqual(110);
      expect(held % 5).toBe(0);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await waitForDraftSettled(lakeside, page, 'lakeside', 'engineering');
    });

    it('a reload mid-form restores every typed value (draft), and a new browser gets the server copy', async () => {
      await expectDraftSurvivesReload(
        lakeside,
        lakeside.page,
        'lakeside',
        engineeringDraftForm(lakeside),
        [
          ['userFileName', 'DRAFT1'],
          ['sealType', 'wet'],
          ['calculationLetterChecked', true],
          ['personalInfo.address', '9 Reload Way'],
        ],
        [['calculationLetterQty', '1']],
      );
    });

    it('a complete request is sent: the button hides, the success toast shows, the draft is cleared and the order is listed', async () => {
      const { page } = lakeside;
      await lakeside.seedDraft(page, 'lakeside', 'engineering', null);
      const before = await lakeside.getJson<Record<string, unknown>>('lakeside', '/api/TxtThings/initialOrders');
      const dialog = await openEngineeringModal(page, lakeside.baseUrl);
      await fillCompleteRequest(dialog);
      const posted = page.waitForRequest((request) => request.url().endsWith('/api/OrderingEngineering/SubmitData'));
      await dialog.getByRole('button', { name: 'Submit' }).click();
      const body = (await posted).postDataJSON() as Record<string, unknown>;
      expect(body).toMatchObject({
        userFileName: 'LAKE01',
        renderingQty: 1,
        mailMethod: 'NEXT DAY',
        mailMethodPrice: 65,
        engineeringTotal: 1015,
        selectedLocation: '2',
      });
      expect(body).not.toHaveProperty('renderingChecked');
      await expectText(page.locator('#notistack-snackbar'), engineeringSuccessToast);
      await dialog.waitFor({ state: 'detached' });
      const after = await lakeside.getJson<Record<string, { sentBy?: string }>>(
        'lakeside',
        '/api/TxtThings/initialOrders',
      );
      const added = Object.keys(after).filter((fileName) => !(fileName in before));
      expect(added).toHaveLength(1);
      await waitForDraftSettled(lakeside, page, 'lakeside', 'engineering');
      expect((await lakeside.api('lakeside', 'GET', '/api/drafts/engineering')).status).toBe(204);
      const reopened = await openEngineeringModal(page, lakeside.baseUrl);
      expect(await readShownValue(reopened, 'userFileName')).toBe('');
      await reopened.getByRole('button', { name: 'Cancel' }).click();
      await reopened.waitFor({ state: 'detached' });
    });
  });

  it('a failed submit (server gone) restores the button and keeps every typed value', async () => {
    // Its own server, which the test stops mid-form.
    const ownServer = await startTestServer();
    const page = await e2e.openPage();
    try {
      await signInWithToken(page, ownServer.baseUrl, await ownServer.tokenFor('lakeside'));
      const dialog = await openEngineeringModal(page, ownServer.baseUrl);
      await typeEngineeringSteps(page, dialog, [
        { set: { userFileName: 'FAIL01', buildingCodes: 'IBC', yearForCodes: '2021', windSpeed: '150' } },
        { blur: 'windSpeed' },
        { set: { sealType: 'wet', attestationLetterChecked: true, shippingMethod: 'Email Only' } },
        {
          set: {
            'personalInfo.sender': 'Pat Lakeside',
            'personalInfo.email': 'pat@lakeside.example',
            'personalInfo.address': '12 Shore Dr',
            'personalInfo.zip': '53703',
          },
        },
        { set: { selectedLocation: '1' } },
      ]);
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
