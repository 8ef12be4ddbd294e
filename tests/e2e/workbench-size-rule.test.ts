/**
 * The `size` rule kind in the rule editor, as temo.product on the sunroom: a wall group's size rule is listed at a wall
 * list as its shared piece writes it (read-only here), with its description and spec reference; a size rule added from
 * "Add a rule" is saved in the form's own rules.json as the meta-schema wants it, and its editor has the JSON tab only
 * (a size rule has no condition). Axe on the open cards.
 */
import { describe, expect, it } from 'vitest';
import { findSeriousViolations } from './support/axe';
import { expectText } from './support/browser';
import { useBrowserTest } from './support/harness';
import { openFormInDraft, openRule, ruleCard, save, savedRules, selectField } from './support/workbench-editor';

const form = 'sunroom';
// The room's wall group, as its shared piece (shared/wall-group) writes it: the editor shows a piece's rules unfilled.
const sizeRule = 'wall{{suffix}}:size';

describe('a size rule in the rule editor', () => {
  const e2e = useBrowserTest();

  it('is listed at a wall list, opens without a condition tab, and is added from the menu', () =>
    e2e.withSignedInPage('temo.product', async (page) => {
      const draftId = await openFormInDraft(e2e, page, 'temo.product', form);
      await selectField(page, form, 'doorOption');
      const card = ruleCard(page, sizeRule);
      await expectText(card, 'every list of the group holds at least');
      await expectText(card, 'Spec 2 §4.1');

      await expectText(card, 'Read-only here: rule 1 of definitions/shared/wall-group/rules.json');

      const before = (await savedRules(e2e, draftId, form)).length;
      await page.getByRole('button', { name: 'Add a rule' }).click();
      await page.getByRole('menuitem', { name: 'size', exact: true }).click();
      await save(page);
      const rules = await savedRules(e2e, draftId, form);
      expect(rules.length).toBe(before + 1);
      expect(rules.find((rule) => rule.kind === 'size')).toMatchObject({
        kind: 'size',
        id: 'size:doorOption',
        paths: ['doorOption'],
        atLeast: 1,
      });

      // Its editor: the JSON tab only, a size rule has no condition.
      const added = await openRule(page, 'size:doorOption');
      await expectText(added, 'acts on it');
      expect(await added.getByRole('tab', { name: 'JSON' }).count()).toBe(1);
      expect(await added.getByRole('tab', { name: 'Condition (when)' }).count()).toBe(0);
      expect(await findSeriousViolations(page, { include: 'article' })).toEqual([]);
    }));
});
