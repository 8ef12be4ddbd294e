/**
 * The one golden-replay runner of the browser tests: a golden order starts from its own draft, is replayed through
 * the real page the way a dealer works it (a configurator page, or the engineering modal), and every difference
 * between what the page shows and what the order expects is returned.
 */
import { expect, it } from 'vitest';
import { replayGoldenOrder } from '../configurator-replay';
import { openEngineeringModal, replayEngineeringOrder } from '../engineering-replay';
import { openConfigurator } from '../sunroom-page';
import { waitForDraftSettled } from './draft-reload';
import { readGolden, type GoldenOrder } from './golden-orders';
import type { SignedInTest } from './harness';

/** The page of each configurator form. */
export const configuratorRoutes = {
  sunroom: '/Ordering/SunRooms',
  screenroom: '/Ordering/ScreenRooms',
  impact: '/Ordering/Impact',
  pergola: '/Ordering/Pergolas',
  pavilion: '/Ordering/Pavilions',
} as const;

export type ConfiguratorForm = keyof typeof configuratorRoutes;

function isConfiguratorForm(form: string): form is ConfiguratorForm {
  return form in configuratorRoutes;
}

/** Replays `order` on the shared page as its user, from the order's start as the saved draft; returns the differences. */
export async function replayThroughPage(e2e: SignedInTest, order: GoldenOrder): Promise<string[]> {
  const { page, username } = e2e;
  if (!username) throw new Error('A golden order is replayed on a signed-in page');
  await e2e.seedDraft(page, username, order.form, order.start ?? null);
  if (isConfiguratorForm(order.form)) {
    await openConfigurator(page, e2e.baseUrl, configuratorRoutes[order.form]);
    return replayGoldenOrder(page, order);
  }
  if (order.form !== 'engineering') throw new Error(`No page replays ${order.form} orders`);
  const dialog = await openEngineeringModal(page, e2e.baseUrl);
  const differences = await replayEngineeringOrder(page, dialog, order);
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  // What the modal saves last must reach the server before the next order replaces the draft.
  await waitForDraftSettled(e2e, page, username, 'engineering');
  return differences;
}

/** The order with other expectations (to prove a wrong one is reported), or only some of its own. */
export function withExpectation(order: GoldenOrder, expectation: GoldenOrder['expect']): GoldenOrder {
  return { ...order, expect: expectation };
}

/** One test per golden order of tests/golden/<folder>/<file>: replayed through its page, it must show exactly what it expects. */
export function itReplaysGoldenOrders(
  e2e: SignedInTest,
  cases: readonly (readonly [folder: string, file: string])[],
  timeout = 120_000,
): void {
  it.each(cases)(
    '%s %s',
    async (folder, file) => {
      const order = readGolden(folder, file);
      // The shared page's dealer has no locations: an order written for locations would replay differently.
      expect(order.context?.locations ?? {}).toEqual({});
      expect(await replayThroughPage(e2e, order), order.title).toEqual([]);
    },
    timeout,
  );
}
