/**
 * Issue 13, proof on every edit: as temo.product, the Forms tab's proof panel runs the pavilion's golden orders in a
 * Web Worker against the draft as the page holds it. Raising the Skyview length limit (force:skyviewLength, 180 ->
 * 192 inches) in the "Files as JSON" view, unsaved, fails the golden order of a 15 ft 1 in pavilion with expected and
 * actual side by side; taking the new value as expected rewrites that order (one undoable edit) and all pass again;
 * undo brings the failure back; a rule id used twice is a static problem. Coverage is shown; axe on the panel expanded; the failure is reached, expanded and
 * fixed by keyboard alone.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findSeriousViolations } from './support/axe';
import { expectText } from './support/browser';
import { useBrowserTest } from './support/harness';
import { applyJson, openFileAsJson, tabTo } from './support/workbench-proof';

const rulesPath = 'definitions/pavilion/rules.json';
const orderTitle = 'A length over 15 feet forces Skyview NO';

/** The pavilion's rules with the Skyview length limit (the only 180 of force:skyviewLength) at `inches`. */
function withSkyviewLimit(rules: string, inches: number): string {
  const start = rules.indexOf('"id": "force:skyviewLength"');
  const at = rules.indexOf('180', start);
  expect(start).toBeGreaterThan(0);
  expect(at).toBeGreaterThan(start);
  return `${rules.slice(0, at)}${inches}${rules.slice(at + 3)}`;
}

async function openPavilion(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('navigation', { name: 'Forms of the draft' }).getByRole('button', { name: 'Pavilion' }).click();
}

describe('proof on every edit', () => {
  const e2e = useBrowserTest();

  async function openDraft(): Promise<{ url: string; rules: string }> {
    const opened = await e2e.api('temo.product', 'POST', '/api/definition-drafts', { note: 'Longer Skyview' });
    const draftId = ((await opened.json()) as { draft: { id: number } }).draft.id;
    const file = await e2e.getJson<{ content: string }>(
      'temo.product',
      `/api/definition-drafts/${draftId}/file?path=${encodeURIComponent(rulesPath)}`,
    );
    return { url: e2e.url(`/Staff/Definitions/drafts/${draftId}?tab=forms`), rules: file.content };
  }

  it('fails a golden order on an unsaved rule change, fixes it by taking the new value, and undo brings it back', () =>
    e2e.withSignedInPage('temo.product', async (page) => {
      const { url, rules } = await openDraft();
      await openPavilion(page, url);
      const panel = page.getByTestId('draft-proof');
      const summary = panel.getByTestId('proof-summary');
      await expectText(summary, '56 of 56 golden orders pass', 30_000);
      await expectText(summary, '0 static problems');
      await expectText(panel.getByTestId('proof-coverage'), 'rules fired in at least one golden order');
      await expectText(page.getByTestId('proof-announcement'), '56 of 56 golden orders pass');

      const field = await openFileAsJson(page, 'pavilion', 'rules.json');
      await applyJson(page, field, withSkyviewLimit(rules, 192));
      await expectText(summary, '55 of 56 golden orders pass', 30_000);
      await expectText(page.getByTestId('save-status'), 'unsaved');
      const failure = panel.getByTestId('proof-failing-order');
      expect(await failure.count()).toBe(1);
      await expectText(failure, orderTitle);
      await expectText(failure, '015-a-length-over-15-feet-forces-skyview-no.json');
      await failure.getByRole('button', { name: orderTitle }).click();
      const row = failure.getByTestId('proof-difference');
      await expectText(row, 'data.selectedSkyviewChoice');
      expect(await row.getByTestId('proof-expected').innerText()).toBe('"Skyview NO"');
      expect(await row.getByTestId('proof-actual').innerText()).toBe('"Skyview YES"');
      await expectText(page.getByTestId('proof-announcement'), '55 of 56 golden orders pass');

      // Axe with every part of the panel open.
      // The counts follow the pavilion's definition as it grows; the never-fired list is what the line says.
      await expectText(panel.getByTestId('proof-coverage'), 'rules fired in at least one golden order');
      const [fired, defined] = /(\d+) of (\d+) rules fired/
        .exec(await panel.getByTestId('proof-coverage').innerText())!
        .slice(1)
        .map(Number);
      expect(fired).toBeLessThan(defined);
      await panel.getByRole('button', { name: `Show the ${defined - fired} rules never fired` }).click();
      await expectText(panel.getByTestId('proof-unfired'), 'required:deckWidthFeet');
      await expectText(panel.getByTestId('proof-unfired'), '(shared/drawing-package/rules.json)');
      expect(await findSeriousViolations(page, { include: '[data-testid="draft-proof"]' })).toEqual([]);

      await row.getByRole('button', { name: 'Take the new value as expected' }).click();
      await expectText(summary, '56 of 56 golden orders pass', 30_000);
      expect(await failure.count()).toBe(0);

      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      await expectText(summary, '55 of 56 golden orders pass', 30_000);
      await expectText(panel.getByTestId('proof-failing-order'), orderTitle);

      // A rule id used twice: the form does not compile, its problem is listed rather than every order as invalid.
      const twice = withSkyviewLimit(rules, 192).replace(
        '"id": "shingle:sets-skyview-no"',
        '"id": "force:skyviewLength"',
      );
      await applyJson(page, field, twice);
      await expectText(summary, 'Pavilion does not compile (1 static problem): its golden orders cannot run.', 30_000);
      expect(await panel.getByTestId('proof-failing-order').count()).toBe(0);
      await panel.getByRole('button', { name: 'Show the 1 static problem' }).click();
      await expectText(panel.getByTestId('proof-problems'), 'force:skyviewLength');
    }));

  it('reaches, expands and fixes a failing golden order by keyboard alone', () =>
    e2e.withSignedInPage('temo.product', async (page) => {
      const { url, rules } = await openDraft();
      await openPavilion(page, url);
      const panel = page.getByTestId('draft-proof');
      await expectText(panel.getByTestId('proof-summary'), '56 of 56 golden orders pass', 30_000);
      await applyJson(page, await openFileAsJson(page, 'pavilion', 'rules.json'), withSkyviewLimit(rules, 192));
      await expectText(panel.getByTestId('proof-summary'), '55 of 56 golden orders pass', 30_000);

      // From the form picker, by Tab only: the failure's title, Enter to expand, then its buttons.
      await page
        .getByRole('navigation', { name: 'Forms of the draft' })
        .getByRole('button', { name: 'Pavilion' })
        .focus();
      const failure = panel.getByTestId('proof-failing-order');
      const expand = failure.getByRole('button', { name: orderTitle });
      await tabTo(page, expand);
      await page.keyboard.press('Enter');
      expect(await expand.getAttribute('aria-expanded')).toBe('true');
      await tabTo(page, failure.getByRole('button', { name: 'Open step by step' }));
      await page.keyboard.press('Enter');
      await expectText(page.getByTestId('golden-order-stepper'), `Golden order step by step: ${orderTitle}`);
      const take = failure.getByRole('button', { name: 'Take the new value as expected' });
      await tabTo(page, take);
      await page.keyboard.press('Enter');
      await expectText(panel.getByTestId('proof-summary'), '56 of 56 golden orders pass', 30_000);
    }));
});
