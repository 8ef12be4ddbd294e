/** Issue 11 in the real sunroom page: an answer hidden by a later choice stops acting and is not sent. */
import { describe, expect, it } from 'vitest';
import { expectText, readyDialog } from './support/browser';
import { readGolden } from './support/golden-orders';
import { configuratorRoutes } from './support/golden-replay';
import { useSignedInPage } from './support/harness';
import {
  chooseStructureLayout,
  closeModals,
  openConfigurator,
  readMissingList,
  setConfiguratorField,
  setFieldIn,
  waitForSettled,
} from './sunroom-page';

/** A complete Solarium draft (golden order 236) started as a Vista View with Angled not yet answered. */
function vistaViewDraft(): Record<string, unknown> {
  const order = readGolden(
    'sunroom',
    '236-solarium-complete-order-with-bays-and-glass-rows-the-front-wall-is-the.json',
  );
  const { selectedAngled: _angled, ...start } = order.start ?? {};
  return { ...start, selectedSunRoomType: 'Vista View' };
}

const angledKeys = [
  'selectedAngled',
  'selectedAngleOption',
  'leftAngleFeet',
  'leftAngleInches',
  'rightAngleFeet',
  'rightAngleInches',
];

describe('hidden answers in the sunroom page', () => {
  const e2e = useSignedInPage('summit');

  it('Vista View -> Angled Yes -> Solarium reopens the layout chooser and leaves nothing angled in the summary or the posted body', async () => {
    const { page } = e2e;
    await e2e.api('summit', 'DELETE', '/api/drafts/sunroom');
    expect((await e2e.api('summit', 'PUT', '/api/drafts/sunroom', { data: vistaViewDraft() })).status).toBe(204);
    await openConfigurator(page, e2e.baseUrl, configuratorRoutes.sunroom);

    await setConfiguratorField(page, 'selectedAngled', 'Yes');
    await setConfiguratorField(page, 'selectedAngleOption', '7');
    expect(await page.getByRole('button', { name: /^Structure Layout/ }).count()).toBe(0);

    // The type change itself, without closing what the page opens: the structure layout chooser comes back.
    await closeModals(page);
    await setFieldIn(page, page.locator('form'), 'selectedSunRoomType', 'Solarium');
    await waitForSettled(page);
    await readyDialog(page, 'Structure Layout').waitFor();
    await chooseStructureLayout(page, '1');
    expect(await page.getByRole('button', { name: /^Angled Layout/ }).count()).toBe(0);

    const steps: [string, unknown][] = [
      ['selectedRoomStyle', 'STUDIO'],
      ['heightAtHouse.heightfeet', '9'],
      ['heightAtHouse.heightinches', '0'],
      ['frontHeight.frontfeet', '8'],
      ['frontHeight.frontinches', '0'],
      ['bays', '4 BAY'],
      ['wallLengthsFeet.0', '12'],
      ['wallLengthsInches.0', '0'],
      ['wallLengthsFeet.2', '12'],
      ['wallLengthsInches.2', '0'],
      ['doorOption.0', 'No'],
      ['doorOption.2', 'No'],
      ['selectedCodes.0', 'CGW-12'],
      ['selectedCodes.2', 'CGW-12'],
    ];
    for (const [path, value] of steps) await setConfiguratorField(page, path, value);
    await closeModals(page);
    expect(await readMissingList(page)).toEqual([]);

    const posted = page.waitForRequest(
      (request) => request.method() === 'POST' && /sunroom/i.test(request.url()) && !request.url().includes('/drafts'),
    );
    await page.getByRole('button', { name: 'Send to TEMO' }).click();
    const summary = page.getByRole('dialog', { name: 'Are you sure you want to submit?' });
    await summary.waitFor();
    await expectText(summary, 'These are your selections:');
    for (const key of angledKeys)
      expect(await summary.locator(`[data-path="${key}"]`).count(), `summary line ${key}`).toBe(0);
    expect(await summary.locator('[data-path="selectedSunRoomType"]').innerText()).toContain('Solarium');
    await summary.getByRole('button', { name: 'Yes' }).click();
    const body = (await posted).postDataJSON() as Record<string, Record<string, unknown>>;
    const room = Object.values(body)[0];
    expect(room.selectedSunRoomType).toBe('Solarium');
    expect(room.selectedPavilionLayoutOption).toBe('1');
    for (const key of angledKeys) expect(room[key] ?? null, `posted ${key}`).toBeNull();
    expect((room.wallLengthsFeet as unknown[]).length).toBeLessThanOrEqual(3);
  }, 180_000);
});
