/** "Start a new order" on a configurator: the form starts afresh, the old one is kept and comes back (issue 15). */
import { describe, expect, it } from 'vitest';
import { findSeriousViolations } from './support/axe';
import { expectText, readyDialog, waitForDialogShown } from './support/browser';
import { waitForDraftSettled } from './support/draft-reload';
import { configuratorRoutes } from './support/golden-replay';
import { useBrowserTest } from './support/harness';
import { openConfigurator, readConfiguratorValue, setConfiguratorField } from './sunroom-page';

const typed: [string, unknown][] = [
  ['trim', 'BLACK'],
  ['lengthFeet', '14'],
  ['widthFeet', '20'],
  ['personalInfo.lastName', 'Keepme'],
];

describe('start a new order', () => {
  const e2e = useBrowserTest();

  it('clears the pergola form, keeps the old answers on the server and restores them', async () => {
    await e2e.withSignedInPage('summit', async (page) => {
      await e2e.seedDraft(page, 'summit', 'pergola', null);
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.pergola);
      const fresh = new Map<string, unknown>();
      for (const [path] of typed) fresh.set(path, await readConfiguratorValue(page, path));
      for (const [path, value] of typed) await setConfiguratorField(page, path, value);
      await waitForDraftSettled(e2e, page, 'summit', 'pergola');

      const startNew = page.getByRole('button', { name: 'Start a new order' });
      await startNew.focus();
      await page.keyboard.press('Enter');
      await expectText(page.locator('#notistack-snackbar'), 'A new order is started.');
      for (const [path] of typed) expect(await readConfiguratorValue(page, path)).toEqual(fresh.get(path));

      // The old form no longer comes back on its own: a reload shows the new, empty one, saying nothing was continued.
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.pergola);
      expect(await readConfiguratorValue(page, 'personalInfo.lastName')).toEqual(fresh.get('personalInfo.lastName'));
      expect(await page.getByTestId('continued-draft').count()).toBe(0);

      const previous = page.getByRole('button', { name: 'Previous forms (1)' });
      await previous.focus();
      await page.keyboard.press('Enter');
      await waitForDialogShown(page);
      const dialog = readyDialog(page, 'Previous forms');
      await expectText(dialog.getByRole('listitem'), 'Keepme: ');
      expect(await findSeriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: /^Restore Keepme/ }).click();
      await dialog.waitFor({ state: 'hidden' });
      for (const [path, value] of typed) expect(String(await readConfiguratorValue(page, path))).toBe(String(value));

      // Restored is the form's draft again: a reload keeps it, and nothing typed was set aside in its place.
      await waitForDraftSettled(e2e, page, 'summit', 'pergola');
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.pergola);
      expect(await readConfiguratorValue(page, 'personalInfo.lastName')).toBe('Keepme');
      await expectText(page.getByTestId('continued-draft'), 'Continuing your unsent form, last changed');
      await page.getByRole('button', { name: 'Previous forms', exact: true }).waitFor();
    });
  });

  it('sets the form open now aside when an older one is restored over it, so neither is lost', async () => {
    await e2e.withSignedInPage('summit', async (page) => {
      await e2e.seedDraft(page, 'summit', 'pavilion', null);
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.pavilion);
      await setConfiguratorField(page, 'personalInfo.lastName', 'First');
      await page.getByRole('button', { name: 'Start a new order' }).click();
      await expectText(page.locator('#notistack-snackbar'), 'restore it from Previous forms');
      await setConfiguratorField(page, 'personalInfo.lastName', 'Second');

      await page.getByRole('button', { name: /^Previous forms/ }).click();
      const dialog = readyDialog(page, 'Previous forms');
      await dialog.getByRole('button', { name: /^Restore First/ }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await readConfiguratorValue(page, 'personalInfo.lastName')).toBe('First');

      await page.getByRole('button', { name: 'Previous forms (1)' }).click();
      await expectText(dialog.getByRole('listitem'), 'Second: ');
    });
  });

  it('works the same on the sunroom page, the answers a dealer typed last included', async () => {
    await e2e.withSignedInPage('lakeside', async (page) => {
      await e2e.seedDraft(page, 'lakeside', 'sunroom', null);
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.sunroom);
      const emptyStyle = await readConfiguratorValue(page, 'selectedRoomStyle');
      await setConfiguratorField(page, 'selectedRoomStyle', 'STUDIO');
      await setConfiguratorField(page, 'personalInfo.lastName', 'Sunny');
      // At once, before the server save has happened: what was typed is set aside all the same.
      await page.getByRole('button', { name: 'Start a new order' }).click();
      await expectText(page.locator('#notistack-snackbar'), 'restore it from Previous forms');
      expect(await readConfiguratorValue(page, 'selectedRoomStyle')).toEqual(emptyStyle);
      expect(await readConfiguratorValue(page, 'personalInfo.lastName')).toBeFalsy();

      await page.getByRole('button', { name: 'Previous forms (1)' }).click();
      const dialog = readyDialog(page, 'Previous forms');
      await dialog.getByRole('button', { name: /^Restore Sunny/ }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await readConfiguratorValue(page, 'selectedRoomStyle')).toBe('STUDIO');
      expect(await readConfiguratorValue(page, 'personalInfo.lastName')).toBe('Sunny');
    });
  });
});
