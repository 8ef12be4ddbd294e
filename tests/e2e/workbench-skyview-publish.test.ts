/**
 * Issue 13, the whole round as product staff work it: temo.staff raises the pavilion's Skyview length limit
 * (force:skyviewLength, 180 -> 192 inches) in the rule editor; the live preview lets Skyview YES stand at 15 ft 6 in
 * where it was forced NO, and the proof panel fails the golden order that says it is forced; taking the new value as
 * expected fixes that order; save, publish with a note. A dealer's pavilion page then keeps Skyview YES at that length;
 * after a rollback from the history it is forced NO again.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { findSeriousViolations } from './support/axe';
import { expectText } from './support/browser';
import { configuratorRoutes } from './support/golden-replay';
import { useBrowserTest } from './support/harness';
import {
  openFormInDraft,
  openRule,
  replaceJson,
  ruleById,
  save,
  selectField,
  type PlainRule,
} from './support/workbench-editor';
import {
  isConfiguratorFieldDisabled,
  openConfigurator,
  readConfiguratorValue,
  setConfiguratorField,
  setFieldIn,
} from './sunroom-page';

const form = 'pavilion';
const limitRule = 'force:skyviewLength';
const goldenOrder = 'A length over 15 feet forces Skyview NO';
const publishedRules = (
  JSON.parse(readFileSync(path.resolve('definitions/pavilion/rules.json'), 'utf8')) as { rules: PlainRule[] }
).rules;

/** What a radio field of the preview shows: the value chosen, and whether it is forced (its choices disabled). */
async function previewChoice(
  preview: Locator,
  fieldPath: string,
): Promise<{ value: string | null; isForced: boolean }> {
  const box = preview.locator(`div[data-path="${fieldPath}"]`).first();
  const checked = box.locator('label:has(input:checked)');
  const value = (await checked.count()) > 0 ? await checked.getAttribute('data-value') : null;
  const inputs = box.locator('input[type="radio"]');
  let isForced = (await inputs.count()) > 0;
  for (let i = 0; i < (await inputs.count()); i++) if (await inputs.nth(i).isEnabled()) isForced = false;
  return { value, isForced };
}

/** On the dealer's page: a 15 ft 6 in studio pavilion, Skyview YES chosen when it can be; what Skyview shows then. */
async function dealerSkyviewAtFifteenSix(page: Page, baseUrl: string): Promise<{ value: unknown; isForced: boolean }> {
  await openConfigurator(page, baseUrl, configuratorRoutes.pavilion);
  await setConfiguratorField(page, 'roofstyle', 'STUDIO');
  await setConfiguratorField(page, 'lengthFeet', '15');
  await setConfiguratorField(page, 'lengthInches', '6');
  const isForced = await isConfiguratorFieldDisabled(page, 'selectedSkyviewChoice');
  if (!isForced) await setConfiguratorField(page, 'selectedSkyviewChoice', 'Skyview YES');
  return { value: await readConfiguratorValue(page, 'selectedSkyviewChoice'), isForced };
}

describe('a rule change from the workbench to the dealers and back', () => {
  const e2e = useBrowserTest();

  // The whole round, staff and dealer, in one story: about 40 s on a quiet machine, so more than the usual 60 s budget.
  it('raises the Skyview limit, sees preview and golden order change, fixes the order, publishes, rolls back', async () => {
    await e2e.withSignedInPage('temo.staff', async (page) => {
      await openFormInDraft(e2e, page, 'temo.staff', form);
      const preview = page.getByRole('region', { name: 'Preview of the draft: Pavilion' });
      const proof = page.getByTestId('draft-proof');
      await expectText(proof.getByTestId('proof-summary'), '56 of 56 golden orders pass', 30_000);

      // The preview as the published rules have it: 15 ft 6 in forces Skyview NO.
      await setFieldIn(page, preview, 'roofstyle', 'STUDIO');
      await setFieldIn(page, preview, 'lengthFeet', '15');
      await setFieldIn(page, preview, 'lengthInches', '6');
      await expect
        .poll(() => previewChoice(preview, 'selectedSkyviewChoice'))
        .toEqual({ value: 'Skyview NO', isForced: true });

      // The limit raised in the rule editor's JSON.
      await selectField(page, form, 'selectedSkyviewChoice');
      await openRule(page, limitRule);
      const rule = ruleById(publishedRules, limitRule);
      await replaceJson(page, limitRule, JSON.stringify(rule, null, 2).replace(/\b180\b/, '192'));

      // The preview keeps what was typed and now lets Skyview YES stand; the golden order that says otherwise fails.
      expect(await preview.locator('input[data-path="lengthInches"], #root_lengthInches').first().inputValue()).toBe(
        '6',
      );
      await expect.poll(async () => (await previewChoice(preview, 'selectedSkyviewChoice')).isForced).toBe(false);
      await setFieldIn(page, preview, 'selectedSkyviewChoice', 'Skyview YES');
      await expect
        .poll(() => previewChoice(preview, 'selectedSkyviewChoice'))
        .toEqual({ value: 'Skyview YES', isForced: false });
      await expectText(proof.getByTestId('proof-summary'), '55 of 56 golden orders pass', 30_000);
      const failure = proof.getByTestId('proof-failing-order');
      await failure.getByRole('button', { name: goldenOrder }).click();
      const difference = failure.getByTestId('proof-difference');
      expect(await difference.getByTestId('proof-expected').innerText()).toBe('"Skyview NO"');
      expect(await difference.getByTestId('proof-actual').innerText()).toBe('"Skyview YES"');
      expect(await findSeriousViolations(page)).toEqual([]);

      // Fix the golden order, save, publish.
      await difference.getByRole('button', { name: 'Take the new value as expected' }).click();
      await expectText(proof.getByTestId('proof-summary'), '56 of 56 golden orders pass', 30_000);
      await save(page);
      await page.getByRole('tab', { name: 'Publish' }).click();
      await page.getByLabel('Note for the version (what and why)').fill('Skyview up to 16 ft (engineering approved)');
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await expectText(page.getByRole('alert'), 'Published as version 2', 30_000);
    });

    // A dealer's page follows the published version.
    await e2e.withSignedInPage('summit', async (page) => {
      expect(await dealerSkyviewAtFifteenSix(page, e2e.baseUrl)).toEqual({ value: 'Skyview YES', isForced: false });
    });

    // Roll back from the history; the dealer's page forces NO again.
    await e2e.withSignedInPage('temo.staff', async (page) => {
      await page.goto(e2e.url('/Staff/Definitions'));
      await expectText(page.getByTestId('version-2'), 'Published now');
      await page.getByTestId('version-1').getByRole('button', { name: 'Roll back to version 1' }).click();
      await page.getByLabel(/Why roll back/).fill('Engineering withdrew the 16 ft Skyview');
      await page.getByRole('dialog').getByRole('button', { name: 'Roll back to version 1' }).click();
      await expectText(page.getByTestId('version-3'), 'Published now', 30_000);
    });
    await e2e.withSignedInPage('summit', async (page) => {
      expect(await dealerSkyviewAtFifteenSix(page, e2e.baseUrl)).toEqual({ value: 'Skyview NO', isForced: true });
    });
  }, 120_000);
});
