import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { StoredOrder } from '../../src/contracts/index';
import type { Locator, Page } from 'playwright-core';
import {
  fixtureSunroom,
  request,
  submitSunroomUrl,
  waitForDrawings,
  writeFixtureDefinitions,
} from '../api/sunroom-submit-support';
import { findSeriousViolations } from './support/axe';
import { expectText, waitForDialogShown } from './support/browser';
import { useSignedInPage } from './support/harness';

async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function dragWithMouse(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

async function attribute(locator: Locator, name: string): Promise<number> {
  return Number(await locator.getAttribute(name));
}

describe('drawing overlay (from an unprocessed order)', () => {
  let definitionsDir: string | undefined;
  let fileName: string;
  let imageNames: string[];

  const e2e = useSignedInPage('lakeside', {
    server: async () => ({ definitionsDir: (definitionsDir = await writeFixtureDefinitions()) }),
    async setUp({ server }) {
      const token = await server.tokenFor('lakeside');
      // A sent sunroom order (no preview): unprocessed, with drawings made by the server's job.
      const sent = await request(server.baseUrl, 'POST', submitSunroomUrl(true), token, {
        SunroomsData: fixtureSunroom({ selectedPermitOption: 'NO' }),
      });
      expect(sent.status, sent.text).toBe(201);
      fileName = (sent.body as StoredOrder).fileName;
      const drawings = await waitForDrawings(server.baseUrl, token, fileName, 60_000);
      expect(drawings.status).toBe(200);
      imageNames = (drawings.body as Array<{ fileName: string }>).map((image) => image.fileName);
    },
  });
  afterAll(async () => {
    if (definitionsDir) await rm(definitionsDir, { recursive: true, force: true });
  });

  /** Waits for the debounced Furniture PUT that holds `rotation`, so a reload sees it. */
  function furnitureSaved(rotation: number): Promise<unknown> {
    return e2e.page.waitForResponse(
      (response) =>
        response.url().includes('/api/ExampleImages/Furniture') &&
        response.request().method() === 'PUT' &&
        (response.request().postData() ?? '').includes(`"rotation":${rotation}`),
    );
  }

  async function openOverlay(): Promise<void> {
    await e2e.page.goto(`${e2e.baseUrl}/CurrentOrders`);
    await e2e.page.getByRole('tab', { name: 'Unprocessed', exact: true }).click();
    await e2e.page.getByRole('button', { name: `View drawings of ${fileName}` }).click();
    await waitForDialogShown(e2e.page);
    await e2e.page.getByRole('list', { name: 'Drawing pages' }).waitFor({ timeout: 15_000 });
  }

  async function openPlanPage(): Promise<Locator> {
    const planIndex = imageNames.findIndex((name) => /plan/i.test(name));
    await e2e.page.getByRole('button', { name: new RegExp(`^Open page ${planIndex + 1}:`) }).click();
    const layer = e2e.page.getByTestId('furniture-layer');
    await layer.waitFor();
    return layer;
  }

  it('shows a thumbnail per drawing page', async () => {
    await openOverlay();
    const thumbnails = e2e.page.getByRole('list', { name: 'Drawing pages' }).getByRole('button');
    expect(await thumbnails.count()).toBe(imageNames.length);
    expect(imageNames.length).toBeGreaterThan(1);
    expect(
      await e2e.page
        .getByRole('list', { name: 'Drawing pages' })
        .locator('img')
        .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
    ).toBe(true);
  });

  it('opens the full viewer at the clicked page and pages with Previous and Next', async () => {
    await e2e.page.getByRole('button', { name: /^Open page 2:/ }).click();
    await expectText(e2e.page.getByTestId('drawing-page-number'), `Page 2 of ${imageNames.length}`);
    await e2e.page.getByRole('button', { name: 'Previous' }).click();
    await expectText(e2e.page.getByTestId('drawing-page-number'), `Page 1 of ${imageNames.length}`);
    expect(await e2e.page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await e2e.page.getByRole('button', { name: 'Next' }).click();
    await e2e.page.getByRole('button', { name: 'Next' }).click();
    await expectText(e2e.page.getByTestId('drawing-page-number'), `Page 3 of ${imageNames.length}`);
    await e2e.page.getByRole('button', { name: 'All pages' }).click();
    await e2e.page.getByRole('list', { name: 'Drawing pages' }).waitFor();
  });

  it('has no serious or critical accessibility violation on a plan page', async () => {
    await openPlanPage();
    expect(await findSeriousViolations(e2e.page)).toEqual([]);
  });

  it('offers the 13 pieces of furniture on the plan page only', async () => {
    expect(await e2e.page.getByRole('list', { name: 'Furniture palette' }).getByRole('button').count()).toBe(13);
    const elevation = imageNames.findIndex((name) => !/plan/i.test(name));
    await e2e.page.getByRole('button', { name: 'All pages' }).click();
    await e2e.page.getByRole('button', { name: new RegExp(`^Open page ${elevation + 1}:`) }).click();
    await e2e.page.getByTestId('drawing-page-number').waitFor();
    expect(await e2e.page.getByRole('list', { name: 'Furniture palette' }).count()).toBe(0);
    await e2e.page.getByRole('button', { name: 'All pages' }).click();
  });

  it('places a sofa by dragging it from the palette, moves it by dragging, rotates it by button, hold and arrow keys', async () => {
    const layer = await openPlanPage();
    const layerBox = (await layer.boundingBox())!;
    const drop = { x: layerBox.x + layerBox.width * 0.4, y: layerBox.y + layerBox.height * 0.4 };
    await dragWithMouse(e2e.page, await centreOf(e2e.page.getByRole('button', { name: 'Add Sofa' })), drop);
    const sofa = e2e.page.getByTestId('placed-furniture').and(e2e.page.locator('[data-kind="sofa"]'));
    await sofa.waitFor();
    const scale = (await layer.evaluate((svg) => (svg as SVGSVGElement).viewBox.baseVal.width)) / layerBox.width;
    expect(Math.abs((await attribute(sofa, 'data-x')) - (drop.x - layerBox.x) * scale)).toBeLessThanOrEqual(2);

    const before = { x: await attribute(sofa, 'data-x'), y: await attribute(sofa, 'data-y') };
    const start = await centreOf(sofa);
    await dragWithMouse(e2e.page, start, { x: start.x + 60, y: start.y + 30 });
    expect(Math.abs((await attribute(sofa, 'data-x')) - (before.x + 60 * scale))).toBeLessThanOrEqual(2);
    expect(Math.abs((await attribute(sofa, 'data-y')) - (before.y + 30 * scale))).toBeLessThanOrEqual(2);

    await e2e.page.getByRole('button', { name: 'Rotate Right' }).click();
    expect(await attribute(sofa, 'data-rotation')).toBe(15);
    await e2e.page.getByRole('button', { name: 'Rotate Left' }).click();
    await e2e.page.getByRole('button', { name: 'Rotate Left' }).click();
    expect(await attribute(sofa, 'data-rotation')).toBe(345);

    // Held down, the button keeps turning, 15° every 100 ms.
    const rotateRight = await centreOf(e2e.page.getByRole('button', { name: 'Rotate Right' }));
    await e2e.page.mouse.move(rotateRight.x, rotateRight.y);
    await e2e.page.mouse.down();
    await e2e.page.waitForFunction(
      () => Number(document.querySelector('[data-kind="sofa"]')?.getAttribute('data-rotation')) === 30,
      undefined,
      { timeout: 5_000 },
    );
    await e2e.page.mouse.up();
    const afterHold = await attribute(sofa, 'data-rotation');
    expect(afterHold).toBeGreaterThanOrEqual(30);

    await sofa.focus();
    await e2e.page.keyboard.press('ArrowRight');
    expect(await attribute(sofa, 'data-rotation')).toBe((afterHold + 15) % 360);
    await e2e.page.keyboard.press('ArrowLeft');
    await e2e.page.keyboard.press('ArrowLeft');
    expect(await attribute(sofa, 'data-rotation')).toBe((afterHold + 345) % 360);
  });

  it('deletes a piece dropped on the delete area', async () => {
    await e2e.page.getByRole('button', { name: 'Add Plant' }).click();
    const plant = e2e.page.getByTestId('placed-furniture').and(e2e.page.locator('[data-kind="plant"]'));
    await plant.waitFor();
    await dragWithMouse(e2e.page, await centreOf(plant), await centreOf(e2e.page.getByTestId('furniture-delete-area')));
    await plant.waitFor({ state: 'detached' });
    expect(await e2e.page.getByTestId('placed-furniture').count()).toBe(1);
  });

  it('keeps the furniture after a reload', async () => {
    const sofa = e2e.page.getByTestId('placed-furniture').and(e2e.page.locator('[data-kind="sofa"]'));
    const saved = furnitureSaved(((await attribute(sofa, 'data-rotation')) + 15) % 360);
    await sofa.focus();
    await e2e.page.keyboard.press('ArrowRight');
    await saved;
    const placed = {
      x: await attribute(sofa, 'data-x'),
      y: await attribute(sofa, 'data-y'),
      rotation: await attribute(sofa, 'data-rotation'),
    };

    await e2e.page.reload();
    await openOverlay();
    await openPlanPage();
    const restored = e2e.page.getByTestId('placed-furniture');
    await restored.first().waitFor();
    expect(await restored.count()).toBe(1);
    expect(await restored.getAttribute('data-kind')).toBe('sofa');
    expect({
      x: await attribute(restored, 'data-x'),
      y: await attribute(restored, 'data-y'),
      rotation: await attribute(restored, 'data-rotation'),
    }).toEqual(placed);
  });

  it('adds pieces with the keyboard alone: the new piece has the focus, arrows turn it, Shift+arrows move it, none stacks', async () => {
    const placed = e2e.page.getByTestId('placed-furniture');
    const before = await placed.count();
    // Enter on a palette button adds the piece; the arrow keys act on it at once, no click in between.
    await e2e.page.getByRole('button', { name: 'Add Coffee Table' }).focus();
    await e2e.page.keyboard.press('Enter');
    const table = placed.and(e2e.page.locator('[data-kind="coffeeTable"]'));
    await table.waitFor();
    await e2e.page.waitForFunction(() => document.activeElement?.getAttribute('data-kind') === 'coffeeTable');
    await expectText(e2e.page.getByText(/^Selected: Coffee Table, 0°/), 'Arrow keys rotate it');
    await e2e.page.keyboard.press('ArrowRight');
    expect(await attribute(table, 'data-rotation')).toBe(15);
    const start = { x: await attribute(table, 'data-x'), y: await attribute(table, 'data-y') };
    await e2e.page.keyboard.press('Shift+ArrowRight');
    await e2e.page.keyboard.press('Shift+ArrowRight');
    await e2e.page.keyboard.press('Shift+ArrowDown');
    const moved = { x: await attribute(table, 'data-x'), y: await attribute(table, 'data-y') };
    expect(moved.x).toBeGreaterThan(start.x);
    expect(moved.y).toBeGreaterThan(start.y);
    expect(await attribute(table, 'data-rotation')).toBe(15); // moving does not turn it

    // Two more pieces by keyboard: each lands clear of the others.
    for (const name of ['Add End Table', 'Add Plant']) {
      await e2e.page.getByRole('button', { name }).focus();
      await e2e.page.keyboard.press('Enter');
    }
    await e2e.page.waitForFunction(() => document.activeElement?.getAttribute('data-kind') === 'plant');
    expect(await placed.count()).toBe(before + 3);
    const boxes = await placed.evaluateAll((pieces) =>
      pieces.map((piece) => piece.getBoundingClientRect().toJSON() as DOMRect),
    );
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1))
        expect(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top).toBe(true);

    // Delete removes the focused piece; the others stay.
    await e2e.page.keyboard.press('Delete');
    await e2e.page.locator('[data-kind="plant"]').waitFor({ state: 'detached' });
    for (const kind of ['endTable', 'coffeeTable']) {
      await e2e.page.locator(`[data-kind="${kind}"]`).focus();
      await e2e.page.keyboard.press('Delete');
      await e2e.page.locator(`[data-kind="${kind}"]`).waitFor({ state: 'detached' });
    }
    expect(await placed.count()).toBe(before);
  });

  it('closes and returns to the order list', async () => {
    await e2e.page.getByRole('button', { name: 'Close drawings' }).click();
    await e2e.page.getByRole('dialog').waitFor({ state: 'detached' });
    await expectText(e2e.page.getByRole('heading', { level: 2 }), 'UNPROCESSED ORDERS');
  });
});
