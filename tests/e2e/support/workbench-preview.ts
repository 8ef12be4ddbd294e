/** The workbench's live preview in browser tests: open a form of a draft, reach the preview and its panels. */
import type { Locator, Page } from 'playwright-core';
import type { BrowserTest } from './harness';

/** Opens a new draft as `username`; answers its id. */
export async function openDraft(e2e: BrowserTest, username: string, note: string): Promise<number> {
  const opened = await e2e.api(username, 'POST', '/api/definition-drafts', { note });
  if (opened.status !== 200 && opened.status !== 201) throw new Error(`POST /api/definition-drafts: ${opened.status}`);
  return ((await opened.json()) as { draft: { id: number } }).draft.id;
}

/** The draft page's Forms tab with `formLabel` (e.g. "Pavilion") picked; answers the preview region once it and the proof above it show. */
export async function openPreview(page: Page, url: string, formLabel: string): Promise<Locator> {
  await page.goto(url);
  await page.getByRole('navigation', { name: 'Forms of the draft' }).getByRole('button', { name: formLabel }).click();
  const preview = page.getByRole('region', { name: `Preview of the draft: ${formLabel}` });
  await preview.locator('form').waitFor({ timeout: 30_000 });
  // The proof panel above loads its own chunk and checks the golden orders; until then the preview can move down
  // under a click (a CI run under load clicked Start recording as it moved and nothing started).
  await page.getByTestId('proof-summary').getByText('Checked in').waitFor({ timeout: 30_000 });
  return preview;
}

/** The preview's text input for a data path (its own, or the first of the field's box that names no other path). */
export function previewInput(preview: Locator, path: string): Locator {
  return preview.locator(`:is(input[data-path="${path}"], div[data-path="${path}"] input:not([data-path]))`).first();
}
