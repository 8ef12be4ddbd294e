/** Shared by the pergola, pavilion and price e2e tests: API calls as a dealer, drafts, axe, golden orders by name. */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import type { startTestServer } from '../support/test-server';
import { readGoldenOrder, type GoldenOrder } from './engineering-replay';
import { expectText, waitForDialogShown } from './support/browser';

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

export const patioCoverRoutes = { pergola: '/Ordering/Pergolas', pavilion: '/Ordering/Pavilions' } as const;
export const successText = 'SUCCESS! Your file has been sent. Thank you for ordering from the manufacturer!';

const goldenRoot = path.resolve(import.meta.dirname, '../golden');

/** A golden order of tests/golden/<form>/ by file name. */
export function readGolden(form: string, file: string): GoldenOrder {
  return readGoldenOrder(path.join(goldenRoot, form, file));
}

export async function api(server: TestServer, username: string, method: string, url: string, body?: unknown): Promise<Response> {
  const token = await server.tokenFor(username);
  return fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Starts the page from `data` (or from nothing): the server's draft replaced, this browser's copy forgotten. */
export async function seedDraft(server: TestServer, page: Page, username: string, form: string, data: Record<string, unknown> | null): Promise<void> {
  await page.evaluate(() => localStorage.clear()).catch(() => undefined);
  await api(server, username, 'DELETE', `/api/drafts/${form}`);
  if (data) {
    const saved = await api(server, username, 'PUT', `/api/drafts/${form}`, { data });
    if (saved.status !== 204) throw new Error(`The ${form} draft was not saved: ${saved.status}`);
  }
}

export async function findSeriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Presses the submit button and waits for the summary (Are you sure you want to submit?). */
export async function openSummary(page: Page, buttonName: string) {
  await page.getByRole('button', { name: buttonName }).click();
  const summary = page.getByRole('dialog', { name: 'Are you sure you want to submit?' });
  await summary.waitFor();
  await expectText(summary, 'These are your selections:');
  // axe reads colours mid fade-in as low contrast: wait until the dialog is fully shown.
  await waitForDialogShown(page);
  return summary;
}
