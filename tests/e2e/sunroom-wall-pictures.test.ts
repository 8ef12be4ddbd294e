/**
 * Issue 15: a sunroom restored from a draft shows each wall's chosen drawing, and an Existing Roof wall is named once.
 * A draft kept without selectedImages (the rules store a picture only when a code is chosen on the page) showed no
 * picture on its walls; an Existing Roof wall's caption under its picture repeated its heading ("Left Wall 1" twice).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { configuratorRoutes } from './support/golden-replay';
import { useBrowserTest } from './support/harness';
import { completeDraft } from './sunroom-draft';
import { closeModals, openConfigurator, openWallChoices } from './sunroom-page';

/** The chosen drawing a wall card shows: its picture's address and whether the browser drew it (null when none). */
async function chosenDrawingOf(wall: Locator): Promise<{ src: string; isDrawn: boolean } | null> {
  const image = wall.locator('img[alt^="Chosen wall drawing"]');
  if ((await image.count()) === 0) return null;
  await image.evaluate((element: HTMLImageElement) => element.decode().catch(() => undefined));
  return image.evaluate((element: HTMLImageElement) => ({
    src: new URL(element.src).pathname,
    isDrawn: element.complete && element.naturalWidth > 0,
  }));
}

describe('the walls of a restored sunroom', () => {
  const e2e = useBrowserTest();

  it('show the chosen drawing of every wall when the draft kept no pictures', async () => {
    const draft = completeDraft(await e2e.locationsOf('lakeside'));
    // As a draft saved before the pictures were stored: the codes alone.
    const data = { ...draft, selectedImages: [null, null, null] };
    expect((await e2e.api('lakeside', 'PUT', '/api/drafts/sunroom', { data })).status).toBe(204);
    await e2e.withSignedInPage('lakeside', async (page) => {
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.sunroom);
      const walls = await openWallChoices(page);
      const codes = draft.selectedCodes as string[];
      for (const [index, code] of codes.entries()) {
        const wall = walls.locator(`section[data-wall="${index}"]`);
        expect(await chosenDrawingOf(wall), `wall ${index}`).toEqual({
          src: `/images/walls/Glass/${code}.svg`,
          isDrawn: true,
        });
      }
      // The room's own walls keep the spec's caption under the picture (spec 2 §2.3).
      expect(await walls.locator('section[data-wall="1"]').getByText('Front', { exact: true }).count()).toBe(2);
      await closeModals(page);
    });
  }, 120_000);

  it('Existing Roof: each wall is named once, with its chosen drawing', async () => {
    // A complete Existing Roof order (golden order 053): a wall on each side, codes chosen, no pictures stored.
    const golden = JSON.parse(
      readFileSync(
        'tests/golden/sunroom/053-existing-roof-3-walls-a-complete-order-left-door-right-and-front-all-g.json',
        'utf8',
      ),
    ) as { start: Record<string, unknown> };
    expect(golden.start.selectedImagesERL).toBeUndefined();
    expect((await e2e.api('lakeside', 'PUT', '/api/drafts/sunroom', { data: golden.start })).status).toBe(204);
    await e2e.withSignedInPage('lakeside', async (page) => {
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.sunroom);
      const walls = await openWallChoices(page);
      for (const [suffix, name] of [
        ['ERL', 'Left Wall 1'],
        ['ERF', 'Front Wall 1'],
        ['ERR', 'Right Wall 1'],
      ] as const) {
        const wall = walls.locator(`section[data-wall="${suffix}0"]`);
        expect(await wall.getByRole('heading', { name, exact: true }).count(), name).toBe(1);
        expect(await wall.getByText(name, { exact: true }).count(), name).toBe(1);
        const code = (golden.start[`selectedCodes${suffix}`] as string[])[0];
        expect(await chosenDrawingOf(wall), name).toEqual({ src: `/images/walls/Glass/${code}.svg`, isDrawn: true });
      }
      await closeModals(page);
    });
  }, 120_000);
});
