/** The pavilion configurator (/Ordering/Pavilions, spec 3 §2-8) in Chromium against the real server. */
import { describe, expect, it } from 'vitest';
import { describeExpectedPrice, readShownPrice } from './configurator-replay';
import { openSummary, successText } from './configurator-submit';
import { findSeriousViolations } from './support/axe';
import { expectText } from './support/browser';
import { readGolden } from './support/golden-orders';
import { configuratorRoutes } from './support/golden-replay';
import { useBrowserTest } from './support/harness';
import {
  openConfigurator,
  readConfiguratorValue,
  readMissingList,
  readSectionTitles,
  setConfiguratorField,
} from './sunroom-page';

/** An attached St Thomas pavilion, layout 1, 12 x 16 (golden order 046's choices), in the page's section order. */
const stThomasSteps: [string, unknown][] = [
  ['pavstyle', 'ST Thomas'],
  ['attachedOption', 'ATTACHED'],
  ['trim', 'Bronze'],
  ['biHex', 'DRIVE TOOL'],
  ['roofstyle', 'STUDIO'],
  ['selectedSkyviewChoice', 'Skyview NO'],
  ['selectedShingle', 'NO'],
  ['selectedCleatsOrBond', 'CLEATS'],
  ['selectedFanBeam', '0'],
  ['selectedPavilionLayoutOption', '1'],
  ['lengthFeet', '12'],
  ['lengthInches', '0'],
  ['widthFeet', '16'],
  ['widthInches', '0'],
  ['heightAtHouse.heightfeet', '9'],
  ['heightAtHouse.heightinches', '0'],
  ['frontHeight.frontfeet', '8'],
  ['frontHeight.frontinches', '0'],
  ['selectedRoofLoadChange', '20'],
  ['selectedWindLoadChange', '115'],
  ['selectedRoofDensity', '4 1/4" 0.032 2 pound'],
  ['personalInfo.lastName', 'Stthomas'],
  ['personalInfo.address', '12 Oak St'],
  ['personalInfo.city', 'Albany'],
  ['personalInfo.stateProvince', 'NY'],
  ['personalInfo.sender', 'Pat Dealer'],
  ['personalInfo.email', 'pat@example.com'],
  ['personalInfo.zip', '12207'],
  ['selectedPermitOption', 'NO'],
];

describe('pavilion configurator', () => {
  const e2e = useBrowserTest();

  it('summit configures an attached St Thomas pavilion: Panel-only sections go, the roof panel turns white, the price is the table price; it is ordered', async () => {
    await e2e.withSignedInPage('summit', async (page) => {
      await e2e.seedDraft(page, 'summit', 'pavilion', null);
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.pavilion);
      expect(await findSeriousViolations(page)).toEqual([]);
      const before = (await readMissingList(page)).length;
      for (const [path, value] of stThomasSteps) await setConfiguratorField(page, path, value);
      await expectText(page.getByRole('heading', { level: 3 }), 'Nothing is missing');
      expect(before).toBeGreaterThan(10);

      const titles = await readSectionTitles(page);
      expect(titles).toContain('Layout and Rails');
      expect(titles).not.toContain('Post Style and Height');
      expect(titles).not.toContain('Exterior Style');
      // A 0.032 roof forces the white panel (spec 2 §4.1, shared by the pavilion).
      expect(await readConfiguratorValue(page, 'selectedRoofPanelColorOption')).toBe('White Top, White Bottom');
      const golden = readGolden(
        'pavilion',
        '046-price-st-thomas-12-x-16-rounds-to-13-x-17-odd-sizes-2-pound-base.json',
      );
      expect(await readShownPrice(page)).toBe(describeExpectedPrice(golden.expect.price as number));
      expect(await findSeriousViolations(page)).toEqual([]);

      const summary = await openSummary(page, 'Send to TEMO');
      await expectText(summary.locator('dl > div'), 'ST Thomas');
      await summary.getByRole('button', { name: 'Yes' }).click();
      await expectText(page.getByTestId('submit-status'), successText, 30_000);
      const unprocessed = (await (await e2e.api('summit', 'GET', '/api/TxtThings/unprocessedFiles')).json()) as Record<
        string,
        { lastName: string }
      >;
      expect(Object.values(unprocessed).some((order) => order.lastName === 'Stthomas')).toBe(true);
      expect((await e2e.api('summit', 'GET', '/api/drafts/pavilion')).status).toBe(204);
    });
  }, 240_000);

  it('lakeside (sunrooms only) is refused a pavilion with the 997 text and its contact', async () => {
    const locations = await e2e.locationsOf('lakeside');
    const start = structuredClone(
      readGolden('pavilion', '001-complete-attached-temo-panel-pavilion-without-drawing-package-is-an-or.json').start ??
        {},
    );
    await e2e.withSignedInPage('lakeside', async (page) => {
      await e2e.seedDraft(page, 'lakeside', 'pavilion', { ...start, selectedLocation: Object.keys(locations)[0] });
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.pavilion);
      const summary = await openSummary(page, 'Send to TEMO');
      await summary.getByRole('button', { name: 'Yes' }).click();
      const status = page.getByTestId('submit-status');
      await expectText(status, 'You are only allowed to Order Sunrooms');
      expect(await status.innerText()).toMatch(/For more information contact: .+@/);
    });
  }, 120_000);
});
