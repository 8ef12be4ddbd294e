/**
 * The one draft-reload flow of the browser tests: what a dealer typed survives a reload (the browser's copy), and a
 * new browser signed in as the same user gets it back (the server's copy). Serves every form that keeps a draft.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { isDeepStrictEqual } from 'node:util';
import { closeModals, openConfigurator, readConfiguratorValue, setConfiguratorField } from '../sunroom-page';
import { closePage } from './browser';
import type { BrowserTest } from './harness';

/** How the flow works one form's page; `S` is where its fields are (the page, or the modal that holds them). */
export interface DraftForm<S> {
  /** The draft's form id (/api/drafts/<form>). */
  form: string;
  /** Opens the form and waits until its draft (if any) is restored. */
  open(page: Page): Promise<S>;
  set(page: Page, fields: S, path: string, value: unknown): Promise<void>;
  read(page: Page, fields: S, path: string): Promise<unknown>;
  /** What a dealer does before reloading mid-form (e.g. close the Wall Choices modal); nothing when absent. */
  beforeReload?(page: Page, fields: S): Promise<void>;
  /** Puts the form down the way a dealer leaves it (modals closed, Cancel), so the draft holds what was typed. */
  leave(page: Page, fields: S): Promise<void>;
}

/** A configurator page (sunroom family, pergola, pavilion): fields in the page and its Wall Choices modal. */
export function configuratorDraftForm(e2e: BrowserTest, form: string, route: string): DraftForm<Page> {
  return {
    form,
    async open(page) {
      await openConfigurator(page, e2e.baseUrl, route);
      return page;
    },
    set: (page, _fields, path, value) => setConfiguratorField(page, path, value),
    read: (page, _fields, path) => readConfiguratorValue(page, path),
    beforeReload: (page) => closeModals(page),
    leave: (page) => closeModals(page),
  };
}

/** Waits until the server's draft is what the page last kept in this browser (or gone), so nothing the page sends lands later. */
export async function waitForDraftSettled(e2e: BrowserTest, page: Page, username: string, form: string): Promise<void> {
  // The page keeps its copy when idle: an idle callback asked for now runs after the one keeping the last key.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
  const local = await page.evaluate((key) => localStorage.getItem(key), `dealer-portal.draft.${form}:${username}`);
  const expected = local ? (JSON.parse(local) as { data: unknown }).data : null;
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await e2e.api(username, 'GET', `/api/drafts/${form}`);
    const saved = response.status === 200 ? ((await response.json()) as { data: unknown }).data : null;
    if (expected === null ? response.status === 204 || saved !== null : isDeepStrictEqual(saved, expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The ${form} draft of ${username} never reached the server`);
}

async function expectShown<S>(
  page: Page,
  draftForm: DraftForm<S>,
  fields: S,
  values: readonly (readonly [string, unknown])[],
): Promise<void> {
  for (const [path, value] of values) {
    const shown = await draftForm.read(page, fields, path);
    // A checkbox must come back checked, not as the text "true"; other values as the page shows them.
    if (typeof value === 'boolean') expect(shown, path).toBe(value);
    else expect(String(shown), path).toBe(String(value));
  }
}

/**
 * From an empty draft, types `typed` on `page` (signed in as `username`), reloads mid-form and expects every value
 * back (the browser's copy), then expects them in a new browser once the server holds the draft (the server's copy). `restored` adds values the form derives (a quantity).
 */
export async function expectDraftSurvivesReload<S>(
  e2e: BrowserTest,
  page: Page,
  username: string,
  draftForm: DraftForm<S>,
  typed: readonly (readonly [string, unknown])[],
  derived: readonly (readonly [string, unknown])[] = [],
): Promise<void> {
  await e2e.seedDraft(page, username, draftForm.form, null);
  const fields = await draftForm.open(page);
  for (const [path, value] of typed) await draftForm.set(page, fields, path, value);
  // Reloaded mid-form: what the page kept so far must come back.
  await draftForm.beforeReload?.(page, fields);
  await page.reload();
  const restored = await draftForm.open(page);
  await expectShown(page, draftForm, restored, [...typed, ...derived]);
  await draftForm.leave(page, restored);
  await waitForDraftSettled(e2e, page, username, draftForm.form);

  // A new browser has no local copy: what it shows comes from the server.
  const fresh = await e2e.signedInPage(username);
  try {
    await expectShown(fresh, draftForm, await draftForm.open(fresh), [...typed, ...derived]);
  } finally {
    await closePage(fresh);
  }
}
