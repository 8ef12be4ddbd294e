/**
 * The proof panel's figure for `npm run bench:workbench`: a one-rule edit of the sunroom to its golden results shown,
 * through the real draft page (production build, real server, Debian Chromium headless, temo.product). Each run
 * applies a one-rule edit of definitions/sunroom/rules.json in the Forms tab's "Files as JSON" view and times, in the
 * page, from the Apply click to the frame painted after the proof's summary left "Checking…" (React's re-render of the
 * tree, the changed file posted to the worker, the sunroom compiled, every golden order replayed, the panel
 * rendered). The panel's own "Checked in" (files changed to answer) is printed beside it.
 */
import type { Page } from 'playwright-core';
import buildWebIfStale from '../../tests/e2e/global-setup';
import { closePage, launchBrowser, openPage, signIn } from '../../tests/e2e/support/browser';
import { applyJson, openFileAsJson } from '../../tests/e2e/support/workbench-proof';
import { startTestServer } from '../../tests/support/test-server';

export interface ProofFigure {
  label: string;
  ms: number[];
  note?: string;
}

const rulesPath = 'definitions/sunroom/rules.json';
/** A one-rule edit: the description of the sunroom's first rule, numbered so each run is new. */
const editRule = (text: string, i: number) =>
  text.replace('"Spec 2 §4.1: Value Series YES', `"Spec 2 §4.1 (proof ${i}): Value Series YES`);

declare global {
  interface Window {
    __proofShown?: Promise<{ ms: number; text: string }>;
  }
}

/** In the page: the time from a click on the button named `startOn` to the next golden results painted. */
function watchProof(startOn: string): void {
  window.__proofShown = new Promise((resolve) => {
    let started = 0;
    let sawChecking = false;
    const onClick = (event: MouseEvent) => {
      const button = (event.target as HTMLElement).closest('button, [role="button"]');
      if (button?.textContent?.trim() === startOn) started = performance.now();
    };
    document.addEventListener('click', onClick, { capture: true });
    const observer = new MutationObserver(() => {
      const text = document.querySelector('[data-testid="proof-summary"]')?.textContent ?? '';
      if (text.includes('Checking')) sawChecking = true;
      else if (sawChecking && started > 0 && text.includes('golden order')) {
        observer.disconnect();
        document.removeEventListener('click', onClick, { capture: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve({ ms: performance.now() - started, text })));
      }
    });
    // The whole page: opening another form replaces the panel.
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** watchProof in the page; tsx keeps function names with a __name helper the page does not have. */
const startWatching = (page: Page, startOn: string) =>
  page.evaluate(`var __name = (fn) => fn; (${watchProof.toString()})(${JSON.stringify(startOn)})`);

/** The result watchProof saw; fails rather than hangs when none comes in a minute. */
async function shownWithin(page: Page): Promise<{ ms: number; text: string }> {
  const shown = page.evaluate(() => window.__proofShown!);
  const timeout = new Promise<never>((_resolve, reject) =>
    setTimeout(() => reject(new Error('no golden results shown within 60 s')), 60_000).unref(),
  );
  return Promise.race([shown, timeout]).catch(async (error: Error) => {
    const summary = await page.evaluate(() => document.querySelector('[data-testid="proof-summary"]')?.textContent);
    throw new Error(`${error.message} (the summary says ${JSON.stringify(summary)})`);
  });
}

/** Runs the measure and answers the figures (median of `runs` edits; the cold open is one sample). */
export async function benchProofPanel(runs: number): Promise<ProofFigure[]> {
  await buildWebIfStale();
  const server = await startTestServer();
  const browser = await launchBrowser();
  try {
    const page = await openPage(browser);
    await signIn(page, server.baseUrl, 'temo.product');
    const headers = { Authorization: `Bearer ${await server.tokenFor('temo.product')}` };
    const opened = await fetch(`${server.baseUrl}/api/definition-drafts`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ note: 'bench: proof panel' }),
    });
    const draftId = ((await opened.json()) as { draft: { id: number } }).draft.id;
    const rules = (
      (await (
        await fetch(`${server.baseUrl}/api/definition-drafts/${draftId}/file?path=${encodeURIComponent(rulesPath)}`, {
          headers,
        })
      ).json()) as { content: string }
    ).content;
    if (editRule(rules, 0) === rules) throw new Error('the sunroom rule the bench edits is gone');

    await page.goto(`${server.baseUrl}/Staff/Definitions/drafts/${draftId}?tab=forms`);
    const sunroom = page
      .getByRole('navigation', { name: 'Forms of the draft' })
      .getByRole('button', { name: 'Sunroom' });
    await sunroom.waitFor();
    await startWatching(page, 'Sunroom');
    await sunroom.click();
    const cold = await shownWithin(page);
    if (!/(\d+) of \1 golden orders pass/.test(cold.text)) throw new Error(`the sunroom does not pass: ${cold.text}`);

    const field = await openFileAsJson(page, 'sunroom', 'rules.json');
    const shown: { ms: number; text: string }[] = [];
    for (let i = 0; i < runs + 1; i++) {
      await startWatching(page, 'Apply');
      await applyJson(page, field, editRule(rules, i + 1));
      const result = await shownWithin(page);
      if (i > 0) shown.push(result); // the first edit warms the page's code paths
    }
    await closePage(page);
    const checkedIn = shown.map((s) => /Checked in ([\d.]+ m?s)/.exec(s.text)?.[1] ?? '?');
    const orders = /of (\d+) golden orders/.exec(cold.text)?.[1] ?? '?';
    return [
      {
        label: `Proof panel, real page: sunroom opened to ${orders} golden results shown (cold)`,
        ms: [cold.ms],
        note: 'click on the form to the summary painted: files loaded, worker started, tree posted, compile and replay',
      },
      {
        label: 'Proof panel, real page: one-rule edit of the sunroom to golden results shown',
        ms: shown.map((s) => s.ms),
        note: `Apply click to the result painted; the panel's "Checked in": ${checkedIn.join(', ')}; goal under 1 s`,
      },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
