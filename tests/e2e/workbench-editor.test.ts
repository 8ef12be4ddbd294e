/**
 * Issue 13, the rule editor on the real draft page, as temo.product on the pavilion: the field tree; the rules acting
 * on a field with their description and spec reference; one condition edited in the visual builder and in the JSON
 * editor gives the same saved JSON; the Skyview length limit (force:skyviewLength, 180 -> 192 inches) changed in the
 * JSON editor; a field renamed everywhere (one undo step), a field's uses listed before it is deleted; rules added,
 * duplicated, deleted and moved; Undo/Redo by buttons and keys; a label, a choice list and a message as plain text;
 * field paths offered by the JSON editor's completion. Axe with a rule open and with the builder open; the whole
 * round by keyboard.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findSeriousViolations } from './support/axe';
import { expectText } from './support/browser';
import { useBrowserTest } from './support/harness';
import {
  draftFile,
  draftFolder,
  fieldItem,
  fieldTree,
  jsonEditor,
  openFormInDraft,
  openRule,
  replaceJson,
  ruleById,
  ruleButton,
  ruleCard,
  save,
  savedRules,
  selectField,
  tabTo,
  type PlainRule,
} from './support/workbench-editor';

const form = 'pavilion';
const rulesPath = 'definitions/pavilion/rules.json';
const publishedRules = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../', rulesPath), 'utf8')) as { rules: PlainRule[] }
).rules;
const status = (page: Page) => page.getByTestId('save-status');
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Draft edits' });
/** The rule's JSON as typed by someone: two-space JSON. */
const typed = (rule: unknown) => JSON.stringify(rule, null, 2);

describe('the rule editor of a form in a draft', () => {
  const e2e = useBrowserTest();

  it('lists the rules at a field, with axe; builder and JSON give the same JSON', () =>
    e2e.withSignedInPage('temo.product', async (page) => {
      const draftId = await openFormInDraft(e2e, page, 'temo.product', form);

      // The field's rules, each with its description and spec reference.
      await selectField(page, form, 'beamOption');
      const beam = ruleById(publishedRules, 'hide:beamOption');
      const card = ruleCard(page, 'hide:beamOption');
      await expectText(card, String(beam.description));
      await expectText(card, 'Spec 3 §4');
      await expectText(card, 'acts on it');
      await expectText(page.locator('section[aria-labelledby="field-panel-title"]'), 'Rules acting on Structural Beam');

      // Time to open a rule, printed for the report (not asserted): the first open loads CodeMirror's chunk.
      const opening: number[] = [];
      for (let round = 0; round < 3; round++) {
        const started = Date.now();
        await openRule(page, 'hide:beamOption');
        opening.push(Date.now() - started);
        await ruleButton(page, 'hide:beamOption', 'Edit').click();
        await jsonEditor(page, 'hide:beamOption').waitFor({ state: 'detached' });
      }
      console.info(
        `[rule editor] click Edit to the JSON editor shown: ${opening.join(', ')} ms (first loads the chunk)`,
      );

      // The condition in the visual builder: the compared value becomes "NO COLUMNS NEEDED".
      await openRule(page, 'hide:beamOption');
      expect(await findSeriousViolations(page, { include: 'main' })).toEqual([]);
      const builderStarted = Date.now();
      await card.getByRole('tab', { name: 'Condition (when)' }).click();
      const builder = card.getByRole('group', { name: 'Condition (when) of rule hide:beamOption' });
      await builder.getByRole('combobox', { name: 'Value' }).waitFor();
      console.info(
        `[rule editor] the builder tab shown (first time, its chunk loaded): ${Date.now() - builderStarted} ms`,
      );
      await builder.getByRole('combobox', { name: 'Value' }).click();
      expect(await findSeriousViolations(page, { include: 'main' })).toEqual([]);
      await page.getByRole('option', { name: 'NO COLUMNS NEEDED', exact: true }).click();
      await expectText(status(page), '1 file with unsaved changes');
      expect(await findSeriousViolations(page, { include: 'main' })).toEqual([]);
      await save(page);
      const fromBuilder = await draftFile(e2e, draftId, rulesPath);
      expect(ruleById(JSON.parse(fromBuilder!).rules as PlainRule[], 'hide:beamOption').when).toEqual({
        '==': [{ var: 'postStyle' }, 'NO COLUMNS NEEDED'],
      });

      // Back (Undo, saved), then the same change typed in the JSON editor: the saved file is the same, byte for byte.
      await toolbar(page).getByRole('button', { name: 'Undo' }).click();
      await save(page);
      expect(await draftFile(e2e, draftId, rulesPath)).not.toBe(fromBuilder);
      await card.getByRole('tab', { name: 'JSON' }).click();
      await replaceJson(
        page,
        'hide:beamOption',
        typed({ ...beam, when: { '==': [{ var: 'postStyle' }, 'NO COLUMNS NEEDED'] } }),
      );
      await save(page);
      expect(await draftFile(e2e, draftId, rulesPath)).toBe(fromBuilder);
      // The builder shows what the JSON editor wrote.
      await card.getByRole('tab', { name: 'Condition (when)' }).click();
      await expectText(builder.getByRole('combobox', { name: 'Value' }), 'NO COLUMNS NEEDED');
    }));

  it('changes the Skyview limit in JSON; a label, a choice list and a message as plain text; completion', () =>
    e2e.withSignedInPage('temo.product', async (page) => {
      const draftId = await openFormInDraft(e2e, page, 'temo.product', form);

      // The Skyview length limit: 180 inches (15 ft) becomes 192 (16 ft) in the JSON editor.
      await selectField(page, form, 'selectedSkyviewChoice');
      const skyview = ruleById(publishedRules, 'force:skyviewLength');
      await expectText(ruleCard(page, 'force:skyviewLength'), 'Spec 3 §4/§9');
      await openRule(page, 'force:skyviewLength');
      await replaceJson(page, 'force:skyviewLength', typed(skyview).replace(/\b180\b/, '192'));
      await save(page);
      const limit = ruleById(await savedRules(e2e, draftId, form), 'force:skyviewLength');
      expect(JSON.stringify(limit.when)).toContain(',192]');
      expect(JSON.stringify(limit.when)).not.toContain('180');
      // Its condition is more than the builder can show: it says so, and stays JSON.
      await ruleCard(page, 'force:skyviewLength').getByRole('tab', { name: 'Condition (when)' }).click();
      await expectText(ruleCard(page, 'force:skyviewLength'), 'The builder cannot edit this condition');

      // Plain text fields: a label, a choice list, a message.
      const label = page.getByLabel(/^Label \(/);
      await label.fill('Skyview Roof');
      await label.press('Enter');
      await selectField(page, form, 'trim');
      await page.getByLabel('Value 4', { exact: true }).fill('Black Matte');
      await page.getByLabel('Value 4', { exact: true }).press('Enter');
      await selectField(page, form, 'lengthFeet');
      await openRule(page, 'validate:lengthMin');
      const message = ruleCard(page, 'validate:lengthMin').getByLabel('Message at the field');
      await message.fill('The length is at least 4 feet');
      await message.press('Enter');
      await save(page);
      const rules = JSON.parse((await draftFile(e2e, draftId, rulesPath))!) as { rules: PlainRule[] };
      expect(ruleById(rules.rules, 'validate:lengthMin').message).toBe('The length is at least 4 feet');
      const schema = JSON.parse((await draftFile(e2e, draftId, 'definitions/pavilion/schema.json'))!) as {
        properties: { trim: { enum: string[] }; selectedSkyviewChoice: { title: string } };
      };
      // The pavilion's own field, with no label in its rules: the label is the schema's title.
      expect(schema.properties.selectedSkyviewChoice.title).toBe('Skyview Roof');
      expect(schema.properties.trim.enum).toEqual(['Sandstone', 'White', 'Bronze', 'Black Matte']);

      // Completion: in a `var`, the JSON editor offers the form's field paths.
      await jsonEditor(page, 'validate:lengthMin').click();
      await page.keyboard.press('Control+a');
      await page.keyboard.insertText('{"kind": "validate", "path": "lengthFeet", "test": ');
      // Typed: the editor closes the brace and the quote, the cursor stays inside the string.
      await page.keyboard.type('{"var": "');
      await page.keyboard.press('Control+Space');
      const offered = page.getByRole('listbox').filter({ has: page.getByRole('option') });
      await expectText(offered.getByRole('option'), 'widthFeet');
      await expectText(offered.getByRole('option'), 'selectedSkyviewChoice');
      await page.keyboard.press('Escape');
    }));

  it("renames a field everywhere as one step, lists a field's uses before deleting it, and edits the rule list with undo", () =>
    e2e.withSignedInPage('temo.product', async (page) => {
      const draftId = await openFormInDraft(e2e, page, 'temo.product', form);
      const before = {
        ...(await draftFolder(e2e, draftId, 'definitions/pavilion')),
        ...(await draftFolder(e2e, draftId, 'tests/golden/pavilion')),
      };
      const using = Object.keys(before).filter((file) => /\bselectedRailSideOption\b/.test(before[file]));
      expect(using.length).toBeGreaterThan(3);

      // Rename: the dialog names the files; one Undo takes every file back, Redo brings them all.
      await selectField(page, form, 'selectedRailSideOption');
      await page.getByRole('button', { name: 'Rename field' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('New field name').fill('railSide');
      await expectText(dialog.getByRole('list', { name: 'Files the rename changes' }), rulesPath);
      expect(await findSeriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
      await dialog.getByRole('button', { name: 'Rename' }).click();
      await expectText(status(page), `${using.length} files with unsaved changes`);
      await expect.poll(() => fieldItem(page, form, 'railSide').count()).toBe(1);
      await toolbar(page).getByRole('button', { name: 'Undo' }).click();
      await expectText(status(page), 'All changes saved');
      await expect.poll(() => fieldItem(page, form, 'selectedRailSideOption').count()).toBe(1);
      await toolbar(page).getByRole('button', { name: 'Redo' }).click();
      await expectText(status(page), `${using.length} files with unsaved changes`);
      await save(page);
      const after = {
        ...(await draftFolder(e2e, draftId, 'definitions/pavilion')),
        ...(await draftFolder(e2e, draftId, 'tests/golden/pavilion')),
      };
      for (const file of using) {
        expect([file, /\bselectedRailSideOption\b/.test(after[file])]).toEqual([file, false]);
        expect([file, after[file].includes('railSide')]).toEqual([file, true]);
      }

      // Delete: its uses are listed first; keeping it changes nothing.
      await selectField(page, form, 'selectedValueSeries');
      await page.getByRole('button', { name: 'Delete field' }).click();
      const uses = page.getByRole('dialog').getByRole('list', { name: 'Uses of selectedValueSeries' });
      await expectText(uses, rulesPath);
      await expectText(uses, 'rule show:valueSeries (path)');
      await expectText(uses, 'rule required:selectedValueSeries (path)');
      expect(await findSeriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
      await page.getByRole('dialog').getByRole('button', { name: 'Delete selectedValueSeries' }).click();
      await expectText(status(page), 'unsaved changes');
      await expect.poll(() => fieldItem(page, form, 'selectedValueSeries').count()).toBe(0);
      await page.locator('body').press('Control+z');
      await expectText(status(page), 'All changes saved');
      await expect.poll(() => fieldItem(page, form, 'selectedValueSeries').count()).toBe(1);

      // The rule list at Post Height: add, duplicate, delete, move; each saved file checked.
      await selectField(page, form, 'postHeight');
      const count = async () => (await savedRules(e2e, draftId, form)).length;
      const total = await count();
      await page.getByRole('button', { name: 'Add a rule' }).click();
      await page.getByRole('menuitem', { name: 'hide', exact: true }).click();
      await save(page);
      const added = await savedRules(e2e, draftId, form);
      expect(added.length).toBe(total + 1);
      const fresh = added.find((rule) => !publishedRules.some((old) => old.id === rule.id) && rule.kind === 'hide');
      expect(fresh).toMatchObject({ kind: 'hide', path: 'postHeight' });
      await ruleButton(page, 'hide:postHeight', 'Duplicate').click();
      await save(page);
      expect(await count()).toBe(total + 2);
      const copies = (await savedRules(e2e, draftId, form)).filter(
        (rule) =>
          rule.kind === 'hide' &&
          JSON.stringify(rule.when) === JSON.stringify(ruleById(publishedRules, 'hide:postHeight').when),
      );
      expect(copies.length).toBe(2);
      const copy = copies.find((rule) => rule.id !== 'hide:postHeight')!;
      await ruleButton(page, String(copy.id), 'Delete').click();
      await ruleButton(page, String(fresh!.id), 'Delete').click();
      await save(page);
      expect(await count()).toBe(total);
      const order = async () =>
        (await savedRules(e2e, draftId, form))
          .map((rule) => rule.id)
          .filter((id) => /^hide:(postHeight|beamOption)$/.test(String(id)));
      expect(await order()).toEqual(['hide:postHeight', 'hide:beamOption']);
      await ruleButton(page, 'hide:postHeight', 'Move', ' down').click();
      await save(page);
      expect(await order()).toEqual(['hide:beamOption', 'hide:postHeight']);

      // Undo and redo by key (outside a text field): the move is taken back and made again.
      await page.locator('body').press('Control+z');
      await save(page);
      expect(await order()).toEqual(['hide:postHeight', 'hide:beamOption']);
      await page.locator('body').press('Control+Shift+z');
      await save(page);
      expect(await order()).toEqual(['hide:beamOption', 'hide:postHeight']);
    }));

  it('is used by keyboard alone: the tree, a rule, its JSON and builder tabs, a change applied and saved', () =>
    e2e.withSignedInPage('temo.product', async (page) => {
      const draftId = await openFormInDraft(e2e, page, 'temo.product', form);
      await page.getByRole('button', { name: 'Fields and rules' }).focus();
      const tree = fieldTree(page, form);
      // The tree is one tab stop: the selected field (the first one until another is picked).
      await tabTo(page, tree.locator('[role="treeitem"][tabindex="0"]'));
      // Arrows move in the tree; type-ahead jumps to a label; Enter selects.
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowDown');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toMatch(/^Pavilion Style \(pavstyle\)/);
      await page.keyboard.press('End');
      await page.keyboard.press('Home');
      await page.keyboard.press('s');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toMatch(/^Structural Beam \(beamOption\)/);
      await page.keyboard.press('Enter');
      await expect.poll(() => fieldItem(page, form, 'beamOption').getAttribute('aria-selected')).toBe('true');

      // Open the rule, move from its JSON tab to its builder, change the value, save with Ctrl+S.
      const card = ruleCard(page, 'hide:beamOption');
      await tabTo(page, ruleButton(page, 'hide:beamOption', 'Edit'));
      await page.keyboard.press('Enter');
      await jsonEditor(page, 'hide:beamOption').waitFor();
      await tabTo(page, card.getByRole('tab', { name: 'JSON' }));
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => card.getByRole('tab', { name: 'Condition (when)' }).getAttribute('aria-selected'))
        .toBe('true');
      const value = card.getByRole('combobox', { name: 'Value' });
      await value.waitFor(); // the builder's chunk loads on the first open
      await tabTo(page, value);
      await page.keyboard.press('Enter');
      await page.getByRole('option', { name: 'NO COLUMNS NEEDED', exact: true }).waitFor();
      // The list opens on the chosen value (the last); the one above it is "NO COLUMNS NEEDED".
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await expectText(status(page), '1 file with unsaved changes');
      await page.keyboard.press('Control+s');
      await expectText(status(page), 'All changes saved', 60_000);
      expect(ruleById(await savedRules(e2e, draftId, form), 'hide:beamOption').when).toEqual({
        '==': [{ var: 'postStyle' }, 'NO COLUMNS NEEDED'],
      });
      // Back to the JSON tab by keyboard: it shows the builder's change.
      await tabTo(page, card.getByRole('tab', { name: 'Condition (when)' }));
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Enter');
      await expectText(jsonEditor(page, 'hide:beamOption'), '"NO COLUMNS NEEDED"');
    }));
});
