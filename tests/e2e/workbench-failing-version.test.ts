/**
 * Issue 43, point 4: a version stored before this build's checks (published by an earlier build) whose pergola rule
 * can go over the rule budget. After staff roll back from it, the workbench's history lists it as failing this build's
 * checks, names the rule, and offers no rollback to it; the good versions can still be rolled back to.
 */
import { describe, expect, it } from 'vitest';
import { findSeriousViolations } from './support/axe';
import { expectText } from './support/browser';
import { useBrowserTest } from './support/harness';
import { cubicRule, publishVersionWithRule } from '../support/stored-version';

describe('a stored version that fails this build’s checks, in the workbench', () => {
  let failing = 0;
  const e2e = useBrowserTest({
    setUp: async (test) => {
      failing = await publishVersionWithRule(test.server, 'pergola', cubicRule('length-cubed', 'lengthFeet'));
      const back = await test.api('temo.staff', 'POST', '/api/definition-versions/1/rollback', {
        note: 'back to the deployed version',
      });
      if (back.status !== 200) throw new Error(`rollback: ${back.status} ${await back.text()}`);
    },
  });

  it('is listed as failing, with the rule named, and cannot be rolled back to', async () => {
    await e2e.withSignedInPage('temo.staff', async (page) => {
      await page.goto(e2e.url('/Staff/Definitions'));
      const item = page.getByTestId(`version-${failing}`);
      await expectText(item, "Fails this build's checks");
      await expectText(item, 'length-cubed');
      const rollBack = item.getByRole('button', { name: `Roll back to version ${failing}` });
      expect(await rollBack.isDisabled()).toBe(true);
      // Its reason is read with the button (aria-describedby), not only shown beside it.
      const describedBy = await rollBack.getAttribute('aria-describedby');
      expect(await page.locator(`#${describedBy}`).innerText()).toContain('length-cubed');
      // The deployed version passes and can still be rolled back to (version 3, the rollback, is published now).
      expect(
        await page.getByTestId('version-1').getByRole('button', { name: 'Roll back to version 1' }).isEnabled(),
      ).toBe(true);
      expect(await findSeriousViolations(page)).toEqual([]);
    });
  });
});
