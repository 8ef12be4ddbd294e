/**
 * bench:workbench, the live preview: an edit of the sunroom's files to the preview updated, in the real draft page
 * (production build, test server, Debian Chromium). The edit is a one-rule change of definitions/sunroom/rules.json
 * applied through the Forms tab's "Files as JSON" view; timed from the Apply click (capture listener) to the commit
 * that shows the new definition (the preview's data-preview-revision attribute): rebuilding the draft's files,
 * recompiling the sunroom (DefinitionCompiler kept), a new session from the answers typed and React's commit.
 * Goal: under 100 ms.
 */
import type { Page } from 'playwright-core';
import buildWebIfStale from '../../tests/e2e/global-setup';
import { closePage, launchBrowser, openPage, signIn } from '../../tests/e2e/support/browser';
import { startTestServer } from '../../tests/support/test-server';

export interface PreviewFigure {
  label: string;
  ms: number[];
  note?: string;
}

/**
 * Arms the page: the next Apply click starts the clock, the next revision of the preview stops it. A string: tsx would
 * wrap named functions in a helper the page does not have.
 */
const armScript = `(() => {
  const preview = document.querySelector('[data-preview-revision]');
  window.__previewUpdate = new Promise((resolve) => {
    let started = 0;
    const onClick = (event) => {
      if (event.target.closest('button')?.textContent === 'Apply') started = performance.now();
    };
    document.addEventListener('click', onClick, { capture: true });
    new MutationObserver((records, observer) => {
      if (!started) return;
      observer.disconnect();
      document.removeEventListener('click', onClick, { capture: true });
      resolve(performance.now() - started);
    }).observe(preview, { attributes: true, attributeFilter: ['data-preview-revision'] });
  });
})()`;

function armMeasure(page: Page): Promise<void> {
  return page.evaluate(armScript);
}

export async function measurePreviewUpdate(runs: number): Promise<PreviewFigure[]> {
  await buildWebIfStale();
  const server = await startTestServer();
  const browser = await launchBrowser();
  try {
    const token = await server.tokenFor('temo.product');
    const opened = await fetch(`${server.baseUrl}/api/definition-drafts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'bench: preview' }),
    });
    const draftId = ((await opened.json()) as { draft: { id: number } }).draft.id;
    const page = await openPage(browser);
    try {
      await signIn(page, server.baseUrl, 'temo.product');
      await page.goto(`${server.baseUrl}/Staff/Definitions/drafts/${draftId}`);
      await page
        .getByRole('navigation', { name: 'Forms of the draft' })
        .getByRole('button', { name: 'Sunroom' })
        .click();
      const preview = page.getByRole('region', { name: 'Preview of the draft: Sunroom' });
      await preview.locator('form').waitFor({ timeout: 60_000 });
      // Something typed, kept across each edit.
      await preview
        .locator('input[data-path="personalInfo.lastName"], div[data-path="personalInfo.lastName"] input')
        .first()
        .fill('Rivera');
      await page.getByRole('button', { name: 'Files as JSON' }).click();
      const rulesItem = page.getByRole('listitem').filter({ hasText: 'rules.json' }).first();
      await rulesItem.getByRole('button', { name: 'Edit as JSON' }).click();
      const text = rulesItem.getByRole('textbox', { name: 'rules.json (JSON)' });
      const original = await text.inputValue();
      const ms: number[] = [];
      for (let i = 0; i < runs + 1; i++) {
        await text.fill(
          original.replace('"Spec 2 §4.1: Value Series YES', `"Spec 2 §4.1 (edit ${i}): Value Series YES`),
        );
        await armMeasure(page);
        await rulesItem.getByRole('button', { name: 'Apply' }).click();
        const took = (await page.evaluate('window.__previewUpdate')) as number;
        if (i > 0) ms.push(took); // the first edit warms the page's code paths
      }
      const kept = await preview
        .locator('input[data-path="personalInfo.lastName"], div[data-path="personalInfo.lastName"] input')
        .first()
        .inputValue();
      if (kept !== 'Rivera') throw new Error(`the preview lost what was typed: ${kept}`);
      return [
        {
          label: 'Chromium draft page: edit of sunroom/rules.json to the preview updated',
          ms,
          note: 'Apply click to the commit showing the new definition: draft files rebuilt, sunroom recompiled in the main thread, new session from the typed answers, React commit; the typed answer kept',
        },
      ];
    } finally {
      await closePage(page);
    }
  } finally {
    await browser.close();
    await server.close();
  }
}
