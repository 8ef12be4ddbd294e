/** The rule editor's browser tests: a draft opened on the Forms tab, the saved files read back from the API. */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectText } from './browser';
import type { BrowserTest } from './harness';

export interface PlainRule {
  kind: string;
  id?: string;
  [key: string]: unknown;
}

/** Opens a new draft as `username` on its Forms tab with `form` picked and its field tree shown; its id. */
export async function openFormInDraft(e2e: BrowserTest, page: Page, username: string, form: string): Promise<number> {
  const opened = await e2e.api(username, 'POST', '/api/definition-drafts', { note: `Rules of ${form}` });
  expect(opened.status).toBe(201);
  const draftId = ((await opened.json()) as { draft: { id: number } }).draft.id;
  await page.goto(e2e.url(`/Staff/Definitions/drafts/${draftId}?tab=forms`));
  await page
    .getByRole('navigation', { name: 'Forms of the draft' })
    .getByRole('button', { name: new RegExp(`^${form}`, 'i') })
    .click();
  await fieldTree(page, form).waitFor({ timeout: 30_000 });
  // The proof above the editor ends its first check with a report that moves what is below: a click waits for it.
  await expectText(page.getByTestId('proof-summary'), 'Checked in', 60_000);
  return draftId;
}

export const fieldTree = (page: Page, form: string): Locator =>
  page.getByRole('tree', { name: `Fields of ${form}, in page order` });

/** The tree item of a field by its path (its name is `Label (path)` and a rule count). */
export const fieldItem = (page: Page, form: string, path: string): Locator =>
  fieldTree(page, form).getByRole('treeitem', { name: new RegExp(`\\(${path.replace(/\./g, '\\.')}\\)(,|$)`) });

export async function selectField(page: Page, form: string, path: string): Promise<void> {
  await fieldItem(page, form, path).click();
  await expectText(page.locator('#field-panel-title').locator('..'), path);
}

export const ruleCard = (page: Page, id: string): Locator =>
  page.getByRole('article', { name: `Rule ${id}`, exact: true });

/** A button of a rule's card (`Edit`, `Duplicate`, `Delete`, `Move ... up`): its name is `<verb> rule <id>[ <rest>]`. */
export const ruleButton = (page: Page, id: string, verb: string, rest = ''): Locator =>
  ruleCard(page, id).getByRole('button', { name: `${verb} rule ${id}${rest}`, exact: true });

/** Opens a rule's editors (its JSON editor is shown first). */
export async function openRule(page: Page, id: string): Promise<Locator> {
  const card = ruleCard(page, id);
  await ruleButton(page, id, 'Edit').click();
  await jsonEditor(page, id).waitFor({ timeout: 30_000 });
  return card;
}

/** CodeMirror's content element of a rule's JSON editor. */
export const jsonEditor = (page: Page, id: string): Locator =>
  page.getByRole('textbox', { name: `JSON of rule ${id}`, exact: true });

/** Replaces the text of a rule's JSON editor as typed text would, then waits for it to be applied (a pause). */
export async function replaceJson(page: Page, id: string, text: string): Promise<void> {
  const editor = jsonEditor(page, id);
  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(text);
  await expectText(page.getByTestId('save-status'), 'unsaved changes');
}

export async function save(page: Page): Promise<void> {
  await page.getByRole('toolbar', { name: 'Draft edits' }).getByRole('button', { name: /^Save/ }).click();
  await expectText(page.getByTestId('save-status'), 'All changes saved', 60_000);
}

/** A file of the draft as saved (the API's answer), or null when the draft does not hold it. */
export async function draftFile(e2e: BrowserTest, draftId: number, path: string): Promise<string | null> {
  const answer = await e2e.getJson<{ content: string | null }>(
    'temo.product',
    `/api/definition-drafts/${draftId}/file?path=${encodeURIComponent(path)}`,
  );
  return answer.content;
}

/** Every file the draft holds under a folder, as saved. */
export async function draftFolder(e2e: BrowserTest, draftId: number, folder: string): Promise<Record<string, string>> {
  const answer = await e2e.getJson<{ files: { path: string; content: string }[] }>(
    'temo.product',
    `/api/definition-drafts/${draftId}/files?under=${encodeURIComponent(folder)}`,
  );
  return Object.fromEntries(answer.files.map((file) => [file.path, file.content]));
}

export async function savedRules(e2e: BrowserTest, draftId: number, form: string): Promise<PlainRule[]> {
  const content = await draftFile(e2e, draftId, `definitions/${form}/rules.json`);
  return (JSON.parse(content ?? '{}') as { rules: PlainRule[] }).rules;
}

export const ruleById = (rules: readonly PlainRule[], id: string): PlainRule => {
  const rule = rules.find((candidate) => candidate.id === id);
  if (!rule) throw new Error(`No rule ${id}`);
  return rule;
};

/** Presses Tab until `target` has the focus (at most `limit` times); fails naming what has it instead. */
export async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`Tab never reached ${target.toString()}; focus is on ${focused}`);
}

/** The accessible name or text of the focused element (aria-label first). */
export const focusedName = (page: Page): Promise<string> =>
  page.evaluate(
    () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '',
  );
