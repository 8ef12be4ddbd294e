/**
 * Issue 13, the workbench's live preview (temo.product): the draft's pavilion shown with the dealers' own page; a
 * length typed in it stays while the draft changes (a label edited as JSON) and while a broken edit is refused (the
 * last good preview kept, the reason said above it); the "why" panel names the rule hiding a field; a golden order
 * recorded from the preview is saved into the draft, published, exported by the CLI and passes check:orders; a golden
 * order opened step by step. Axe on the preview, the why panel and the record dialog.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBackend, runDefinitionsCommand, type CliIo } from '../../scripts/definitions';
import { findSeriousViolations } from './support/axe';
import { expectText, waitForDialogShown } from './support/browser';
import { useBrowserTest } from './support/harness';
import { openDraft, openPreview, previewInput } from './support/workbench-preview';

const run = promisify(execFile);

describe('the live preview of a draft', () => {
  const e2e = useBrowserTest();
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'wb-preview-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(
    'keeps what was typed across edits of the draft, keeps the last good preview of a broken one, and says why a field is hidden',
    () =>
      e2e.withSignedInPage('temo.product', async (page) => {
        const draftId = await openDraft(e2e, 'temo.product', 'Preview');
        const preview = await openPreview(page, e2e.url(`/Staff/Definitions/drafts/${draftId}`), 'Pavilion');
        await expectText(preview, 'Length Feet');
        await previewInput(preview, 'lengthFeet').fill('12');

        // Edit the length's label through the files as JSON: the preview follows, the 12 stays.
        await page.getByRole('button', { name: 'Files as JSON' }).click();
        // Scoped to the form's file list: other lists on the page (checks, problems) can name schema.json too.
        const schemaItem = page
          .getByRole('list', { name: 'Files of pavilion' })
          .getByRole('listitem')
          .filter({ hasText: 'schema.json' })
          .first();
        await schemaItem.getByRole('button', { name: 'Edit as JSON' }).click();
        const text = schemaItem.getByRole('textbox', { name: 'schema.json (JSON)' });
        const schema = await text.inputValue();
        await text.fill(schema.replace('"title": "Length Feet"', '"title": "Pavilion Length Feet"'));
        await schemaItem.getByRole('button', { name: 'Apply' }).click();
        await expectText(preview, 'Pavilion Length Feet');
        expect(await previewInput(preview, 'lengthFeet').inputValue()).toBe('12');

        // A broken edit: the last good preview stays, the reason is said above it.
        await text.fill(schema.replace('"type": "integer", "title": "Length Feet"', '"type": "integr", "title": "X"'));
        await schemaItem.getByRole('button', { name: 'Apply' }).click();
        await expectText(page.getByTestId('preview-compile-errors'), 'the preview shows the last version that did');
        await expectText(preview, 'Pavilion Length Feet');
        expect(await previewInput(preview, 'lengthFeet').inputValue()).toBe('12');
        await page.keyboard.press('Control+z');
        await page.getByTestId('preview-compile-errors').waitFor({ state: 'detached' });
        await previewInput(preview, 'lengthFeet').fill('13');
        expect(await previewInput(preview, 'lengthFeet').inputValue()).toBe('13');

        // Why: the step-down is hidden while the pavilion is not attached (by keyboard: the searchable list).
        const why = page.getByRole('region', { name: 'Why is a field as it is?' });
        await why.getByRole('combobox', { name: 'Field to explain' }).fill('Step Down Feet');
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        const explanation = why.getByTestId('why-explanation');
        await expectText(explanation, 'Hidden now by hide:stepDown');
        const rule = explanation.locator('[data-rule-id="hide:stepDown"]');
        await expectText(rule, 'step-down belongs to attached pavilions');
        await rule.getByText('fired', { exact: true }).waitFor();
        await expectText(rule, 'attachedOption');

        // Pick a field in the preview with the mouse: the length, read by the Skyview limit.
        await why.getByRole('button', { name: 'Pick a field' }).click();
        await previewInput(preview, 'lengthFeet').click();
        await expectText(explanation, 'Length Feet (lengthFeet): 13');
        await explanation.locator('[data-rule-id="force:skyviewLength"]').waitFor();
        expect(await previewInput(preview, 'lengthFeet').inputValue()).toBe('13');

        expect(await findSeriousViolations(page, { include: '[data-testid="draft-preview"]' })).toEqual([]);
        expect(await findSeriousViolations(page, { include: 'section[aria-labelledby="why-panel-heading"]' })).toEqual(
          [],
        );
      }),
    180_000,
  );

  it(
    'records a golden order that passes check:orders after definitions export',
    () =>
      e2e.withSignedInPage('temo.product', async (page) => {
        const draftId = await openDraft(e2e, 'temo.product', 'Recorded pavilion');
        const preview = await openPreview(page, e2e.url(`/Staff/Definitions/drafts/${draftId}`), 'Pavilion');
        await page.getByRole('button', { name: 'Start recording' }).click();
        // Typed once recording has started (its Stop button shows): an edit before it is not a step.
        await page.getByRole('button', { name: 'Stop recording' }).waitFor();
        await previewInput(preview, 'lengthFeet').fill('20');
        await previewInput(preview, 'lengthFeet').press('Tab');
        await previewInput(preview, 'widthFeet').fill('3');
        await previewInput(preview, 'widthFeet').press('Tab');
        await expectText(page.getByTestId('recording-status'), 'Recording:');
        await page.getByRole('button', { name: 'Stop recording' }).click();
        await waitForDialogShown(page);
        const dialog = page.getByRole('dialog', { name: 'Save the recording as a golden order' });
        await expectText(dialog.getByTestId('expectation-data'), '"lengthFeet":20');
        await expectText(dialog.getByTestId('expectation-missing'), 'pavstyle');
        expect(await findSeriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expectText(dialog, 'Give the golden order a title');
        await dialog.getByRole('textbox', { name: 'Title' }).fill('A 20 by 3 pavilion is too narrow');
        await dialog.getByRole('checkbox', { name: /Messages/ }).check();
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expectText(
          page.getByTestId('recording-status'),
          'Saved as tests/golden/pavilion/057-a-20-by-3-pavilion-is-too-narrow.json',
        );
        await page.keyboard.press('Control+s');
        await expectText(page.getByTestId('save-status'), 'All changes saved', 30_000);
        await expectText(page.getByTestId('draft-checks'), 'Checks pass', 60_000);

        const published = await e2e.api('temo.staff', 'POST', `/api/definition-drafts/${draftId}/publish`, {
          note: 'a recorded golden order',
        });
        expect(published.status).toBe(200);
        const version = ((await published.json()) as { version: { id: number } }).version.id;
        const io: CliIo = { out: () => {}, err: (line) => console.error(line) };
        const backend = apiBackend(e2e.baseUrl, await e2e.server.tokenFor('temo.product'));
        expect(await runDefinitionsCommand(backend, ['export', String(version), dir], io)).toBe(0);
        const saved = path.join(dir, 'tests/golden/pavilion/057-a-20-by-3-pavilion-is-too-narrow.json');
        const order = JSON.parse(await readFile(saved, 'utf8')) as {
          steps: unknown[];
          expect: Record<string, unknown>;
        };
        expect(order.steps).toContainEqual({ set: { lengthFeet: '20' } });
        expect(order.steps).toContainEqual({ set: { widthFeet: '3' } });
        expect(order.expect.errors).toEqual({ widthFeet: 'Width must be at least 4 feet' });
        expect((await readdir(path.join(dir, 'tests/golden/pavilion'))).length).toBe(57);

        // npm run check:orders on the export, from the export's folder (its definitions, its golden orders).
        const checked = await run(
          'npm',
          ['run', '--prefix', process.cwd(), 'check:orders', '--', path.join(dir, 'tests/golden/pavilion')],
          {
            cwd: process.cwd(),
          },
        );
        expect(checked.stdout).toContain('PASS');
        expect(checked.stdout).toMatch(/57 passed, 0 failed/);
      }),
    240_000,
  );

  it(
    'opens a golden order step by step',
    () =>
      e2e.withSignedInPage('temo.product', async (page) => {
        const draftId = await openDraft(e2e, 'temo.product', 'Stepping');
        const preview = await openPreview(page, e2e.url(`/Staff/Definitions/drafts/${draftId}`), 'Pavilion');
        await previewInput(preview, 'lengthFeet').fill('9');
        const picker = page.getByRole('combobox', { name: 'Open a golden order step by step' });
        await picker.fill('012-skyview');
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        const stepper = page.getByTestId('golden-order-stepper');
        await expectText(stepper, 'At the start');
        const steps = stepper.getByRole('list', { name: 'Steps' }).getByRole('listitem');
        const count = await steps.count();
        expect(count).toBeGreaterThan(0);
        await stepper.getByRole('button', { name: 'Next' }).click();
        await expectText(stepper, `After step 1 of ${count}`);
        await expectText(stepper.locator('li[aria-current="step"]'), 'Set ');
        await stepper.getByRole('button', { name: 'Previous' }).click();
        await expectText(stepper, 'At the start');
        await stepper.getByRole('combobox', { name: 'Go to step' }).click();
        await page.getByRole('option', { name: /the end/ }).click();
        const table = stepper.getByRole('table', { name: 'Expected and actual at the end' });
        await table.waitFor();
        expect(await table.locator('tr[data-met="false"]').count()).toBe(0);
        expect(await table.locator('tr[data-met="true"]').count()).toBeGreaterThan(0);
        expect(await findSeriousViolations(page, { include: '[data-testid="golden-order-stepper"]' })).toEqual([]);
        await stepper.getByRole('button', { name: 'Close' }).click();
        await stepper.waitFor({ state: 'detached' });
        // What was typed before the order was opened comes back.
        await expect.poll(() => previewInput(preview, 'lengthFeet').inputValue()).toBe('9');
      }),
    180_000,
  );
});
