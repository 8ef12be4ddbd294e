/**
 * Issue 15: the sunroom page filled to its walls at 1280, 700 and 400 px. page-widths.test.ts opens each configurator
 * empty, so it never reaches the Wall Choices modal, a wall-code picker, the drawing overlay or its furniture editor:
 * here a 3-wall room with a swing door and a patio door, an Existing Roof room and a screen room (Door Location) are
 * measured with each of them open (no sideways page scroll, no text cut inside its box, axe clean).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findSeriousViolations } from './support/axe';
import { waitForDialogShown } from './support/browser';
import { configuratorRoutes } from './support/golden-replay';
import { useBrowserTest } from './support/harness';
import { measureWidthProblems, resizeTo, settle } from './support/page-widths';
import { completeDraft, drawingPackage } from './sunroom-draft';
import { closeModals, openConfigurator, openWallChoices, setConfiguratorField } from './sunroom-page';

const widths = [1280, 700, 400] as const;

/** Every problem of what is open now at each width, as "width kind: detail" lines (empty when none). */
async function problemsAtEachWidth(page: Page, name: string, prepare: () => Promise<void>): Promise<string[]> {
  const found: string[] = [];
  for (const width of widths) {
    await resizeTo(page, width);
    await prepare();
    await settle(page);
    // For the closing note: PAGE_WIDTHS_SCREENSHOTS=<dir> keeps a picture of each width, as page-widths does.
    const screenshots = process.env.PAGE_WIDTHS_SCREENSHOTS;
    if (screenshots) await page.screenshot({ path: path.join(screenshots, `sunroom-${name}-${width}.png`) });
    const problems = await measureWidthProblems(page, []);
    for (const line of await findSeriousViolations(page)) problems.push({ kind: 'axe', detail: line });
    found.push(...problems.map((problem) => `${width} ${problem.kind}: ${problem.detail}`));
  }
  return found;
}

/**
 * Buttons and texts of `container` that stick out of it sideways: a button wider than its column is not cut inside its
 * own box, it runs over its neighbour ("Rotate Right" over the plan), which measureWidthProblems does not see.
 */
async function stickingOut(page: Page, container: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const box = document.querySelector(selector);
    if (!box) return [`${selector} is not shown`];
    const bounds = box.getBoundingClientRect();
    return Array.from(box.querySelectorAll('button, label, p, h3'))
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return rect.width > 0 && (rect.right > bounds.right + 1 || rect.left < bounds.left - 1);
      })
      .map((element) => `"${(element.textContent ?? '').trim()}" runs out of ${selector}`);
  }, container);
}

describe('the sunroom filled to its walls at 1280, 700 and 400 px', () => {
  const e2e = useBrowserTest();

  it('Wall Choices with a swing door and an empty patio door, and a wall-code picker, fit every width', async () => {
    const draft = completeDraft(await e2e.locationsOf('lakeside'));
    expect((await e2e.api('lakeside', 'PUT', '/api/drafts/sunroom', { data: draft })).status).toBe(204);
    await e2e.withSignedInPage('lakeside', async (page) => {
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.sunroom);
      // The right projection gets a patio door whose orientation is still to choose: its label is shown whole, unshrunk.
      await setConfiguratorField(page, 'doorOption.2', 'Yes');
      await setConfiguratorField(page, 'doorWidth.2', "6' Patio Door");
      const walls = await openWallChoices(page);
      expect(await walls.locator('div[data-path="selectedPatioDoorOrientation.2"]').count()).toBe(1);
      expect(await walls.locator('div[data-path="selectedSwingDoorOrientation.0"]').count()).toBe(1);

      const inWalls = await problemsAtEachWidth(page, 'wall-choices', async () => {
        await openWallChoices(page);
        await waitForDialogShown(page);
      });
      expect(inWalls).toEqual([]);

      // The left projection's wall-code picker (its pictures and the recommended note) over the modal.
      await walls.locator('section[data-wall="0"]').getByRole('button', { name: 'View Drawings' }).click();
      const picker = page.getByRole('dialog', { name: /^Wall Code:/ });
      await picker.waitFor();
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('[role="dialog"] img[alt^="Wall drawing"]')).every(
          (image) => image.complete,
        ),
      );
      const inPicker = await problemsAtEachWidth(page, 'wall-code-picker', () => picker.waitFor());
      expect(inPicker).toEqual([]);
      await closeModals(page);
    });
  }, 180_000);

  it('Existing Roof: the walls by side with their cavities fit every width', async () => {
    // A complete Existing Roof order (golden order 053), with a second left wall still to fill (its card in red).
    const golden = JSON.parse(
      readFileSync(
        'tests/golden/sunroom/053-existing-roof-3-walls-a-complete-order-left-door-right-and-front-all-g.json',
        'utf8',
      ),
    ) as { start: Record<string, unknown> };
    const data = { ...golden.start, cavitiesERL: '2' };
    expect((await e2e.api('lakeside', 'PUT', '/api/drafts/sunroom', { data })).status).toBe(204);
    await e2e.withSignedInPage('lakeside', async (page) => {
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.sunroom);
      const walls = await openWallChoices(page);
      expect(await walls.locator('section[data-wall]').count()).toBe(4);
      const found = await problemsAtEachWidth(page, 'existing-roof-walls', async () => {
        await openWallChoices(page);
        await waitForDialogShown(page);
      });
      expect(found).toEqual([]);
      await closeModals(page);
    });
  }, 180_000);

  it('a screen room: its walls with Door Location fit every width', async () => {
    // A complete Value View screen room (golden order 001) with a door on the left projection: Door Location is asked.
    const golden = JSON.parse(
      readFileSync(
        'tests/golden/screenroom/001-complete-order-without-drawing-package-is-allowed-and-ordered-at-once-.json',
        'utf8',
      ),
    ) as { start: Record<string, unknown> };
    expect((await e2e.api('lakeside', 'PUT', '/api/drafts/screenroom', { data: golden.start })).status).toBe(204);
    await e2e.withSignedInPage('lakeside', async (page) => {
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.screenroom);
      const walls = await openWallChoices(page);
      expect(await walls.locator('div[data-path="selectedLocations.0"]').count()).toBe(1);
      const found = await problemsAtEachWidth(page, 'screenroom-walls', async () => {
        await openWallChoices(page);
        await waitForDialogShown(page);
      });
      expect(found).toEqual([]);
      await closeModals(page);
    });
  }, 180_000);

  it('the drawing overlay with furniture on the plan fits every width', async () => {
    const draft = completeDraft(await e2e.locationsOf('lakeside'), drawingPackage);
    (draft.personalInfo as Record<string, unknown>).lastName = 'Widths';
    expect((await e2e.api('lakeside', 'PUT', '/api/drafts/sunroom', { data: draft })).status).toBe(204);
    await e2e.withSignedInPage('lakeside', async (page) => {
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.sunroom);
      await page.getByRole('button', { name: 'View Initial Drawing Package' }).click();
      const summary = page.getByRole('dialog', { name: 'Are you sure you want to submit?' });
      await summary.getByRole('button', { name: 'Yes' }).click();
      const overlay = page.getByRole('dialog', { name: /^Drawings for / });
      await overlay.waitFor({ timeout: 20_000 });
      // The drawings are made by a server job; the overlay polls until they are there.
      await overlay.getByRole('button', { name: /^Open page 1:/ }).waitFor({ timeout: 90_000 });
      await overlay
        .getByRole('button', { name: /^Open page \d+: .*plan/i })
        .first()
        .click();
      await page.getByTestId('furniture-layer').waitFor();
      // Two pieces, the last selected: the rotate buttons are enabled and the status names it.
      await page.getByRole('button', { name: 'Add Sofa' }).click();
      await page.getByRole('button', { name: 'Add Spa' }).click();
      expect(await page.getByTestId('placed-furniture').count()).toBe(2);

      const found = await problemsAtEachWidth(page, 'furniture', async () => {
        await page.getByTestId('furniture-layer').waitFor();
        await page.getByRole('button', { name: 'Rotate Right' }).waitFor();
      });
      for (const width of widths) {
        await resizeTo(page, width);
        found.push(
          ...(await stickingOut(page, 'section[aria-labelledby="furniture-palette-heading"]')).map(
            (line) => `${width} ${line}`,
          ),
        );
      }
      expect(found).toEqual([]);
    });
  }, 240_000);
});
