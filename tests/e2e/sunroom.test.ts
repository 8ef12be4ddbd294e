/** The sunroom configurator (/Ordering/SunRooms) in Chromium against the real server. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectPreviewOrderedFromOverlay, expectRefusedAndKept, successText } from './configurator-submit';
import { findSeriousViolations } from './support/axe';
import { expectText, readyDialog, waitForDialogShown } from './support/browser';
import { configuratorDraftForm, expectDraftSurvivesReload } from './support/draft-reload';
import { configuratorRoutes } from './support/golden-replay';
import { useBrowserTest } from './support/harness';
import { completeDraft, drawingPackage, vistaViewStudio } from './sunroom-draft';
import {
  closeModals,
  openConfigurator,
  openWallChoices,
  readConfiguratorValue,
  readMissingList,
  setConfiguratorField,
} from './sunroom-page';

/** Presses the submit button and answers Yes in the summary (checking the summary with axe when asked). */
async function submitThroughSummary(page: Page, buttonName: string, { checkAxe = false } = {}): Promise<void> {
  await page.getByRole('button', { name: buttonName }).click();
  const summary = page.getByRole('dialog', { name: 'Are you sure you want to submit?' });
  await summary.waitFor();
  await expectText(summary, 'These are your selections:');
  if (checkAxe) {
    await waitForDialogShown(page);
    expect(await summary.locator('[data-path="selectedSunRoomType"]').innerText()).toContain('Vista View');
    expect(await summary.locator('[data-path="selectedShingle"]').count()).toBe(1);
    expect(await summary.locator('[data-path="personalInfo.firstName"]').count()).toBe(0);
    await expectText(summary.getByTestId('attachments-note'), '@');
    expect(await findSeriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  }
  await summary.getByRole('button', { name: 'Yes' }).click();
}

describe('sunroom configurator', () => {
  const e2e = useBrowserTest();

  /** The sunroom page with a 3-wall Vista View of `style`, then `more` answers in order. */
  async function openVistaView(page: Page, style: string, more: [string, unknown][] = []): Promise<void> {
    await openConfigurator(page, e2e.baseUrl, configuratorRoutes.sunroom);
    for (const [path, value] of [
      ['selectedSunRoomType', 'Vista View'],
      ['selectedRoomStyle', style],
      ['selectedPavilionLayoutOption', '1'],
      ...more,
    ] as [string, unknown][])
      await setConfiguratorField(page, path, value);
  }

  it('a lakeside dealer configures a 3-wall Vista View studio with a door, watches the missing list empty, and sends it', async () => {
    await e2e.api('lakeside', 'DELETE', '/api/drafts/sunroom');
    const location = Object.keys(await e2e.locationsOf('lakeside'))[0];
    await e2e.withSignedInPage('lakeside', async (page) => {
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.sunroom);
      expect(await findSeriousViolations(page)).toEqual([]);
      const counts: number[] = [(await readMissingList(page)).length];
      const steps = vistaViewStudio(location);
      for (const [index, [path, value]] of steps.entries()) {
        await setConfiguratorField(page, path, value);
        if (index === 3) {
          // The Wall Choices button is red while its walls are incomplete.
          expect(
            await page.getByRole('button', { name: 'Wall Choices', exact: true }).getAttribute('data-complete'),
          ).toBe('false');
        }
        if (index % 10 === 9) counts.push((await readMissingList(page)).length);
      }
      await setConfiguratorField(page, 'personalInfo.zip', '16501');
      await expectText(page.getByRole('heading', { level: 3 }), 'Nothing is missing');
      counts.push((await readMissingList(page)).length);
      expect(counts.at(-1)).toBe(0);
      expect(counts[0]).toBeGreaterThan(20);
      expect([...counts].sort((a, b) => b - a)).toEqual(counts);

      // The wall modal: green now, each wall's summary card without red cells, axe-clean.
      expect(await page.getByRole('button', { name: 'Wall Choices', exact: true }).getAttribute('data-complete')).toBe(
        'true',
      );
      const walls = await openWallChoices(page);
      await waitForDialogShown(page);
      expect(await walls.locator('td[data-missing="true"]').count()).toBe(0);
      expect(
        await walls
          .locator('img[alt="Chosen wall drawing CSD-12"]')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);
      expect(await findSeriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
      await closeModals(page);

      await submitThroughSummary(page, 'Send to TEMO', { checkAxe: true });
      await expectText(page.getByTestId('submit-status'), successText);
      expect(await page.getByTestId('submit-order').count()).toBe(0);
      const unprocessed = (await (
        await e2e.api('lakeside', 'GET', '/api/TxtThings/unprocessedFiles')
      ).json()) as Record<string, { lastName: string }>;
      expect(Object.values(unprocessed).some((order) => order.lastName === 'Smith')).toBe(true);
      expect((await e2e.api('lakeside', 'GET', '/api/drafts/sunroom')).status).toBe(204);
    });
  }, 240_000);

  it('a short wall turns its door to No only once the length has stood for 500 ms; each held door says why; no screen-room question shows', async () => {
    await e2e.api('summit', 'DELETE', '/api/drafts/sunroom');
    await e2e.withSignedInPage('summit', async (page) => {
      await openVistaView(page, 'CATHEDRAL', [
        ['wallLengthsFeet.0', '12'],
        ['doorOption.0', 'Yes'],
      ]);
      const walls = await openWallChoices(page);
      const feet = walls.locator('#root_wallLengthsFeet_0');
      await feet.fill('2');
      expect(await feet.getAttribute('data-pending')).toBe('true');
      await walls.locator('#root_wallLengthsFeet_0[data-pending]').waitFor({ state: 'detached' });
      expect(await readConfiguratorValue(page, 'doorOption.0')).toBe('No');
      // The disabled Door says why, in the definition's words, tied to the buttons (aria-describedby).
      await expectText(
        walls.locator('[data-wall="0"]').getByTestId('door-note'),
        'A door needs a wall of at least 4 ft.',
      );
      await expectText(
        walls.locator('[data-wall="1"]').getByTestId('door-note'),
        'Door Not Allowed On Cathedral Front Wall',
      );
      const door = walls.locator('#root_doorOption_1');
      expect(await door.getAttribute('aria-describedby')).toBe('root_doorOption_1__note');
      expect(await walls.locator('[data-wall="2"]').getByTestId('door-note').count()).toBe(0);
      // A Vista View asks no screen-room question (spec 2 §2.2) and the page has one Walls and Doors heading.
      await closeModals(page);
      for (const path of [
        'screenRoom',
        'vinylOption',
        'chairRailWidthFeet',
        'bottomKPWidthFeet',
        'screenDoorWidth',
        'glassRows',
        'bays',
      ])
        expect(await page.locator(`form [data-path="${path}"]`).count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Walls and Doors' }).count()).toBe(1);
    });
  }, 120_000);

  it('a wall length shows what the form keeps: letters typed are dropped, inches over 11.999 are clamped, the label follows', async () => {
    await e2e.api('summit', 'DELETE', '/api/drafts/sunroom');
    await e2e.withSignedInPage('summit', async (page) => {
      await openVistaView(page, 'STUDIO');
      const walls = await openWallChoices(page);
      const feet = walls.locator('#root_wallLengthsFeet_0');
      const feetLabel = walls.locator('#root_wallLengthsFeet_0-label');
      expect(await feetLabel.getAttribute('data-shrink')).toBe('false');
      await feet.click();
      expect(await feetLabel.getAttribute('data-shrink')).toBe('true');
      await page.keyboard.type('1x2');
      expect(await feet.inputValue()).toBe('12');
      const inches = walls.locator('#root_wallLengthsInches_0');
      await inches.click();
      await page.keyboard.type('15');
      expect(await inches.inputValue()).toBe('11.999');
      expect(await feetLabel.getAttribute('data-shrink')).toBe('true');
      // Emptied and left: the label goes back into the field.
      await feet.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Backspace');
      // Emptied while the dealer is still in it: the label stays above.
      expect(await feetLabel.getAttribute('data-shrink')).toBe('true');
      await inches.click();
      expect(await feet.inputValue()).toBe('');
      expect(await feetLabel.getAttribute('data-shrink')).toBe('false');
      // Over 75 ft warns; typing 80, 8, 80 again while the warning is up does not stack an identical second one.
      await feet.click();
      await page.keyboard.type('80');
      const warning = page.locator('#notistack-snackbar', { hasText: 'greater than 75 feet' });
      await warning.first().waitFor();
      await page.keyboard.press('Backspace');
      await page.keyboard.type('0');
      expect(await feet.inputValue()).toBe('80');
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await warning.count()).toBe(1);
    });
  }, 120_000);

  it('a room height is held while typed and reaches the form once the dealer pauses: letters dropped, inches clamped on leaving', async () => {
    await e2e.api('summit', 'DELETE', '/api/drafts/sunroom');
    await e2e.withSignedInPage('summit', async (page) => {
      await openVistaView(page, 'STUDIO');
      const feet = page.locator('#root_heightAtHouse_heightfeet');
      const isListed = async () => (await readMissingList(page)).includes('heightAtHouse.heightfeet');
      expect(await isListed()).toBe(true);
      await feet.click();
      expect(await page.locator('#root_heightAtHouse_heightfeet-label').getAttribute('data-shrink')).toBe('true');
      await page.keyboard.type('9x');
      // Held: the input keeps what was typed, marked pending, and the form has not judged it yet.
      expect(await feet.inputValue()).toBe('9x');
      expect(await feet.getAttribute('data-pending')).toBe('true');
      expect(await isListed()).toBe(true);
      // After the pause the form has it, as it keeps it (digits only), while the dealer is still in the field.
      await page.locator('#root_heightAtHouse_heightfeet[data-pending]').waitFor({ state: 'detached' });
      expect(await feet.inputValue()).toBe('9');
      expect(await feet.evaluate((input) => input === document.activeElement)).toBe(true);
      await expect.poll(isListed).toBe(false);
      // Inches typed and left at once: applied on leaving, then clamped to 11.
      const inches = page.locator('#root_heightAtHouse_heightinches');
      await inches.click();
      await page.keyboard.type('15');
      await feet.click();
      expect(await inches.inputValue()).toBe('11');
      expect(await inches.getAttribute('data-pending')).toBe(null);
    });
  }, 120_000);

  it('the layout chooser, wall-code picker and roof span chart work by keyboard with no serious axe violation', async () => {
    await e2e.api('summit', 'DELETE', '/api/drafts/sunroom');
    await e2e.withSignedInPage('summit', async (page) => {
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.sunroom);
      await page.locator('form div[data-path="selectedSunRoomType"] label[data-value="Vista View"]').click();
      // Choosing a type opens the Structure Layout chooser; one wall between three house walls is NOT RECOMMENDED.
      const layouts = readyDialog(page, 'Structure Layout');
      await layouts.waitFor();
      await waitForDialogShown(page);
      await expectText(layouts.getByRole('button', { name: /^1 Wall \(between/ }), 'NOT RECOMMENDED');
      expect(await findSeriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
      // Spec 2 §2.2: one wall, two walls or breezeway, three walls; '1' (the common room) carries no warning.
      expect(await layouts.getByRole('button', { name: /^3 Walls \(against/ }).innerText()).not.toContain(
        'NOT RECOMMENDED',
      );
      await layouts.getByRole('button', { name: /^1 Wall \(between/ }).focus();
      await page.keyboard.press('Enter');
      await layouts.waitFor({ state: 'detached' });
      await setConfiguratorField(page, 'selectedRoomStyle', 'STUDIO');
      await setConfiguratorField(page, 'wallLengthsFeet.0', '10');
      await setConfiguratorField(page, 'wallLengthsInches.0', '0');
      const walls = await openWallChoices(page);
      // Layout 3 (one wall) forces that wall's door to No.
      expect(await readConfiguratorValue(page, 'doorOption.0')).toBe('No');
      await walls.getByRole('button', { name: 'View Drawings' }).click();
      const picker = page.getByRole('dialog', { name: /^Wall Code: Front/ });
      await picker.waitFor();
      await waitForDialogShown(page);
      await expectText(picker, 'RECOMMENDED IS ALL GLASS');
      expect(
        await picker
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      ).toBe(true);
      expect(await findSeriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
      await picker.getByRole('radio').first().focus();
      await page.keyboard.press('Space');
      await picker.getByRole('button', { name: 'Done' }).click();
      expect(await readConfiguratorValue(page, 'selectedCodes.0')).toMatch(/^CFF10|^CF-10/);
      await closeModals(page);
      await page.getByRole('button', { name: 'Roof Span Chart' }).click();
      const chart = readyDialog(page, 'Roof Span Chart');
      await waitForDialogShown(page);
      // The three 4 1/4" roofs at loads 10-40, then the Solarium 3" roof at 10-70 (spec 2 §9): 8 rows each with headers.
      const tables = chart.getByRole('table');
      expect(await tables.count()).toBe(2);
      expect(await tables.nth(0).getByRole('row').count()).toBe(8);
      expect(await tables.nth(1).getByRole('row').count()).toBe(8);
      expect(await tables.nth(0).getByRole('row').nth(1).getByRole('cell').allInnerTexts()).toEqual([
        '10',
        '18\'-0"',
        '17\'-0"',
        '20\'-0"',
      ]);
      expect(await findSeriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
    });
  }, 120_000);

  it('an angled room: choosing one of the 10 angled layouts goes on to its walls, named as the layout draws them', async () => {
    await e2e.api('summit', 'DELETE', '/api/drafts/sunroom');
    await e2e.withSignedInPage('summit', async (page) => {
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.sunroom);
      for (const [path, value] of [
        ['selectedSunRoomType', 'Vista View'],
        ['selectedRoomStyle', 'STUDIO'],
        ['selectedAngled', 'Yes'],
      ] as [string, unknown][]) {
        await setConfiguratorField(page, path, value);
      }
      await page.getByRole('button', { name: /^Angled Layout/ }).click();
      const chooser = readyDialog(page, 'Angled Layout');
      await chooser.waitFor(); // its chunk may still be on the way
      expect(await chooser.getByRole('button', { name: /^Angled Layout \d+$/ }).count()).toBe(10);
      await chooser.getByRole('button', { name: 'Angled Layout 1', exact: true }).click();
      const walls = readyDialog(page, 'Wall Choices');
      await walls.waitFor();
      expect(await walls.locator('section[data-wall] h3').allTextContents()).toEqual([
        'Left Angle',
        'Front',
        'Right Angle',
      ]);
    });
  }, 120_000);

  it('a reload mid-form restores every value (browser copy), and a new browser gets the server copy', async () => {
    const typed: [string, unknown][] = [
      ['selectedSunRoomType', 'Premier View'],
      ['selectedRoomStyle', 'STUDIO'],
      ['selectedPavilionLayoutOption', '2'],
      ['personalInfo.lastName', 'Reload'],
      ['personalInfo.email', 'r@example.com'],
      ['lengthFeet', '11'],
      ['heightAtHouse.heightfeet', '9'],
      ['wallLengthsFeet.0', '10'],
      ['wallLengthsInches.0', '6'],
      ['doorOption.0', 'No'],
    ];
    await e2e.withSignedInPage('lakeside', (page) =>
      expectDraftSurvivesReload(
        e2e,
        page,
        'lakeside',
        configuratorDraftForm(e2e, 'sunroom', configuratorRoutes.sunroom),
        typed,
      ),
    );
  }, 180_000);

  describe.each([
    ['harbor', 'You are currently on hold. Please contact', /Credit Manager|@/],
    ['temo.employee', 'You are currently logged on as a TEMO Employee. TEMO Employees cannot order.', null],
    ['summit', 'You are only allowed to Order Patio Covers and Pergolas', /For more information contact: .+@/],
  ] as const)('%s', (username, text, contactPattern) => {
    it('sees the refusal text (and contact) after Yes, and keeps every value', async () => {
      const draft = completeDraft(await e2e.locationsOf(username));
      expect((await e2e.api(username, 'PUT', '/api/drafts/sunroom', { data: draft })).status).toBe(204);
      await e2e.withSignedInPage(username, async (page) => {
        await openConfigurator(page, e2e.baseUrl, configuratorRoutes.sunroom);
        await submitThroughSummary(page, 'Send to TEMO');
        await expectRefusedAndKept(e2e, page, username, 'sunroom', {
          text,
          contact: contactPattern,
          lastName: 'Smith',
        });
      });
    }, 120_000);
  });

  it('with the drawing package the post is a preview with drawings in the overlay; I am done making changes orders it', async () => {
    const locations = await e2e.locationsOf('lakeside');
    const draft = completeDraft(locations, drawingPackage);
    (draft.personalInfo as Record<string, unknown>).lastName = 'Preview';
    expect((await e2e.api('lakeside', 'PUT', '/api/drafts/sunroom', { data: draft })).status).toBe(204);
    await e2e.withSignedInPage('lakeside', async (page) => {
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.sunroom);
      await submitThroughSummary(page, 'View Initial Drawing Package');
      await expectPreviewOrderedFromOverlay(e2e, page, 'lakeside');
    });
  }, 180_000);
});
