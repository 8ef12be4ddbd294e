/**
 * Issue 12: a dealer's page keeps working across a publish. summit opens the pergola page (definitions version N);
 * staff publish a rule (N+1) that refuses this order; the page's submit is re-checked under N+1 (409): the page says
 * the rules were updated and what changed, reloads the definition (the new rule's message shows) and keeps the typed
 * values; corrected, the order is sent and stored with N+1.
 */
import { describe, expect, it } from 'vitest';
import { openSummary, successText } from './configurator-submit';
import { openConfigurator, readConfiguratorValue, setConfiguratorField } from './sunroom-page';
import { expectText } from './support/browser';
import { readGolden } from './support/golden-orders';
import { configuratorRoutes } from './support/golden-replay';
import { useSignedInPage, type BrowserTest } from './support/harness';
import { pinnedVersionOf } from './support/server-state';

const rulesPath = 'definitions/pergola/rules.json';

/** Staff (temo.staff) publish a rule: orders for a customer named Zed are on hold. Answers the new version id. */
async function publishZedRule(e2e: BrowserTest): Promise<number> {
  const opened = (await (
    await e2e.api('temo.staff', 'POST', '/api/definition-drafts', { note: 'Zed on hold' })
  ).json()) as {
    draft: { id: number };
  };
  const id = opened.draft.id;
  const file = (await (
    await e2e.api('temo.staff', 'GET', `/api/definition-drafts/${id}/file?path=${encodeURIComponent(rulesPath)}`)
  ).json()) as {
    hash: string;
    content: string;
  };
  const rules = JSON.parse(file.content) as { rules: Record<string, unknown>[] };
  rules.rules.push({
    kind: 'validate',
    id: 'validate:lastNameZed',
    description: 'Test: customers named Zed are on hold.',
    path: 'personalInfo.lastName',
    test: { '!=': [{ var: '$value' }, 'Zed'] },
    message: 'Orders for Zed are on hold',
  });
  const put = await e2e.api('temo.staff', 'PUT', `/api/definition-drafts/${id}/file`, {
    path: rulesPath,
    content: `${JSON.stringify(rules, null, 2)}\n`,
    baseHash: file.hash,
  });
  expect(put.status).toBe(200);
  const published = await e2e.api('temo.staff', 'POST', `/api/definition-drafts/${id}/publish`, {});
  expect(published.status).toBe(200);
  return ((await published.json()) as { version: { id: number } }).version.id;
}

describe('a dealer page across a definitions publish', () => {
  const e2e = useSignedInPage('summit');

  it('a submit after a publish is re-checked: the page reloads the new rule, keeps the typed values, and then orders', async () => {
    const start = structuredClone(
      readGolden('pergola', '001-complete-operable-attached-pergola-without-drawing-package-is-an-order.json').start ??
        {},
    );
    (start.personalInfo as Record<string, unknown>).lastName = 'Zed';
    const { page } = e2e;
    await e2e.seedDraft(page, 'summit', 'pergola', start);
    const loaded = page.waitForResponse((response) => response.url().includes('/api/definitions/pergola'));
    await openConfigurator(page, e2e.baseUrl, configuratorRoutes.pergola);
    const before = Number((await loaded).headers()['x-definitions-version']);
    expect(await readConfiguratorValue(page, 'personalInfo.lastName')).toBe('Zed');

    const published = await publishZedRule(e2e);
    expect(published).toBeGreaterThan(before);

    const posted = page.waitForResponse((response) => response.url().includes('/api/OrderingPergolas/SubmitData'));
    const reloaded = page.waitForResponse(
      (response) => response.url().includes('/api/definitions/pergola') && response.status() === 200,
    );
    const summary = await openSummary(page, 'Send to TEMO');
    await summary.getByRole('button', { name: 'Yes' }).click();
    const answer = await posted;
    expect(answer.status()).toBe(409);
    expect(answer.request().headers()['x-definitions-version']).toBe(String(before));
    expect((await reloaded).headers()['x-definitions-version']).toBe(String(published));
    await expectText(page.getByTestId('submit-status'), 'The product rules were updated while you were working');
    await expectText(page.getByTestId('submit-status'), 'Orders for Zed are on hold');
    // The reloaded definition's rule shows at the field, and what was typed is still there.
    await expectText(page.locator('form'), 'Orders for Zed are on hold');
    expect(await readConfiguratorValue(page, 'personalInfo.lastName')).toBe('Zed');
    expect(await readConfiguratorValue(page, 'trim')).toBe('WHITE');

    await setConfiguratorField(page, 'personalInfo.lastName', 'Rivera');
    const sent = page.waitForResponse((response) => response.url().includes('/api/OrderingPergolas/SubmitData'));
    const again = await openSummary(page, 'Send to TEMO');
    await again.getByRole('button', { name: 'Yes' }).click();
    const stored = await sent;
    expect(stored.status()).toBe(201);
    expect(stored.request().headers()['x-definitions-version']).toBe(String(published));
    await expectText(page.getByTestId('submit-status'), successText);
    const { fileName } = (await stored.json()) as { fileName: string };
    expect(await pinnedVersionOf(e2e.server, fileName)).toBe(published);
  }, 120_000);
});
