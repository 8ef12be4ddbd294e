/**
 * Issue 15: held choices say why, where the dealer looks. A field's `ui:options.noticeFrom` notice shows under it
 * (or in its place while the rules hide it), and Impact's Stainless Steel Hinges, held at Yes for a door, say why under
 * the disabled choice. The words are the definitions'.
 */
import { describe, expect, it } from 'vitest';
import { findSeriousViolations } from './support/axe';
import { expectText } from './support/browser';
import { configuratorRoutes } from './support/golden-replay';
import { useBrowserTest } from './support/harness';
import {
  closeModals,
  isConfiguratorFieldDisabled,
  openConfigurator,
  openWallChoices,
  readConfiguratorValue,
  setConfiguratorField,
} from './sunroom-page';

const e2e = useBrowserTest();

describe('notices and held choices on the sunroom pages', () => {
  it('Skyview says why it is not asked in its place, and why it is held at No under it', async () => {
    await e2e.api('summit', 'DELETE', '/api/drafts/sunroom');
    await e2e.withSignedInPage('summit', async (page) => {
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.sunroom);
      await setConfiguratorField(page, 'selectedSunRoomType', 'Vista View');
      await setConfiguratorField(page, 'selectedRoomStyle', 'CATHEDRAL');
      await closeModals(page);
      // Cathedral: Skyview is not asked; its notice stands where it would be.
      const notice = page.locator('[data-notice-for="selectedSkyviewChoice"]');
      await expectText(notice, 'Skyview Only Allowed With Studio');
      expect(await page.locator('div[data-path="selectedSkyviewChoice"]').count()).toBe(0);

      // Studio with a 16 ft projection: Skyview is asked but held at No, and the note under it says why.
      await setConfiguratorField(page, 'selectedRoomStyle', 'STUDIO');
      await setConfiguratorField(page, 'lengthFeet', '16');
      await closeModals(page);
      await page.locator('div[data-path="selectedSkyviewChoice"]').waitFor();
      await expectText(
        page.locator('div[data-path="selectedSkyviewChoice"] [data-notice-for]'),
        'Projection must be <= 15',
      );
      expect(await readConfiguratorValue(page, 'selectedSkyviewChoice')).toBe('Skyview NO');
      // The choice reads on its own: "No", not "Skyview NO".
      const labels = await page.locator('div[data-path="selectedSkyviewChoice"] label').allTextContents();
      expect(labels.map((label) => label.trim())).toEqual(expect.arrayContaining(['Yes', 'No']));

      // A 12 ft projection frees Skyview: the notice goes.
      await setConfiguratorField(page, 'lengthFeet', '12');
      await closeModals(page);
      await notice.waitFor({ state: 'detached' });
      expect(await findSeriousViolations(page)).toEqual([]);
    });
  }, 180_000);

  it("Impact's Stainless Steel Hinges, held at Yes for a door, say why under the disabled choice", async () => {
    await e2e.api('summit', 'DELETE', '/api/drafts/impact');
    await e2e.withSignedInPage('summit', async (page) => {
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.impact);
      for (const [path, value] of [
        ['selectedSunRoomType', 'Vista View'],
        ['selectedRoomStyle', 'STUDIO'],
        ['selectedAngled', 'No'],
        ['selectedPavilionLayoutOption', '1'],
        ['wallLengthsFeet.0', '12'],
        ['doorOption.0', 'Yes'],
      ] as [string, unknown][]) {
        await setConfiguratorField(page, path, value);
      }
      expect(await readConfiguratorValue(page, 'SSHinges.0')).toBe('YES');
      expect(await isConfiguratorFieldDisabled(page, 'SSHinges.0')).toBe(true);
      const walls = await openWallChoices(page);
      const hinges = walls.locator('#root_SSHinges_0');
      const noteId = await hinges.getAttribute('aria-describedby');
      expect(noteId).toBe('root_SSHinges_0__note');
      await expectText(walls.locator(`#${noteId}`), 'Impact doors always have stainless steel hinges.');
      // The toggle reads Yes / No, not the stored YES / NO.
      expect((await hinges.getByRole('button').allTextContents()).map((text) => text.trim())).toEqual(['Yes', 'No']);
      // A wall without a door holds nothing and says nothing.
      expect(await walls.locator('#root_SSHinges_1__note').count()).toBe(0);
      expect(await findSeriousViolations(page)).toEqual([]);
    });
  }, 180_000);
});
