/**
 * The pages `npm run bench:page` types into, each set up as a dealer would leave it, with the keys it types and the
 * control each key goes to. A page is opened signed in (the e2e sign-in flow) in a fresh browser context.
 */
import type { Page } from 'playwright-core';
import { closeModals, openConfigurator, openWallChoices, setConfiguratorField } from '../../tests/e2e/sunroom-page';

export interface BenchServer {
  baseUrl: string;
  tokenFor(username: string): Promise<string>;
}

export interface PreparedTyping {
  keys: string[];
  /** Before each key, e.g. focus the control it acts on (not measured). */
  beforeKey?: (index: number) => Promise<void>;
  /** What the page showed once set up (e.g. how many rows), printed with the figures. */
  note?: string;
}

export interface PageScenario {
  name: string;
  /** Signs in as this dealer first; none for an external page. */
  user?: string;
  /** The server to open it on (default: the bench's own; BENCH_BASELINE_WEB's for a baseline copy). */
  server?: BenchServer;
  prepare(page: Page, server: BenchServer): Promise<PreparedTyping>;
}

/** `count` keys repeating `cycle`. */
export function keysFrom(cycle: readonly string[], count: number): string[] {
  return Array.from({ length: count }, (_, index) => cycle[index % cycle.length]);
}

// Digits with Backspaces so the value stays short; 3 crosses under the door minimum, 80 over the 75 ft warning.
export const wallLengthCycle = [
  '1',
  '2',
  'Backspace',
  'Backspace',
  '3',
  'Backspace',
  '8',
  '0',
  'Backspace',
  'Backspace',
];

async function deleteDraft(page: Page, server: BenchServer, user: string, form: string): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  const token = await server.tokenFor(user);
  await fetch(`${server.baseUrl}/api/drafts/${form}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${token}` },
  });
}

/** A Vista View studio room against one house wall, as the keystroke bench has always set it up. */
async function openStudioSunroom(page: Page, server: BenchServer): Promise<void> {
  await deleteDraft(page, server, 'summit', 'sunroom');
  await openConfigurator(page, server.baseUrl, '/Ordering/SunRooms');
  for (const [path, value] of [
    ['selectedSunRoomType', 'Vista View'],
    ['selectedRoomStyle', 'STUDIO'],
    ['selectedAngled', 'No'],
    ['selectedPavilionLayoutOption', '1'],
  ] as const) {
    await setConfiguratorField(page, path, value);
  }
}

const formInputCount = (page: Page) => page.locator('form input:not([type="hidden"]), form [role="combobox"]').count();

export function pageScenarios(keyCount: number): PageScenario[] {
  return [
    {
      name: 'sunroom: wall length',
      user: 'summit',
      async prepare(page, server) {
        await openStudioSunroom(page, server);
        // A layout chooser left open would cover the Wall Choices button.
        await closeModals(page);
        const walls = await openWallChoices(page);
        await walls.locator('#root_wallLengthsFeet_0').focus();
        return { keys: keysFrom(wallLengthCycle, keyCount), note: `${await formInputCount(page)} inputs` };
      },
    },
    {
      name: 'sunroom: room style',
      user: 'summit',
      async prepare(page, server) {
        await openStudioSunroom(page, server);
        // Studio and Cathedral ask different roof questions: each arrow key changes the form's structure.
        const roomStyle = page.locator('div[data-path="selectedRoomStyle"]');
        const isChosen = (value: string) =>
          roomStyle.locator(`label[data-value="${value}"] input:checked`).waitFor({ state: 'attached' });
        await roomStyle.locator('label[data-value="STUDIO"] input').focus();
        const studio = await formInputCount(page);
        await page.keyboard.press('ArrowDown');
        await isChosen('CATHEDRAL');
        const cathedral = await formInputCount(page);
        await page.keyboard.press('ArrowUp');
        await isChosen('STUDIO');
        return {
          keys: keysFrom(['ArrowDown', 'ArrowUp'], keyCount),
          note: `${studio} inputs studio, ${cathedral} cathedral`,
        };
      },
    },
    {
      name: 'pergola: length',
      user: 'summit',
      async prepare(page, server) {
        await deleteDraft(page, server, 'summit', 'pergola');
        await openConfigurator(page, server.baseUrl, '/Ordering/Pergolas');
        await page.locator('#root_lengthFeet').focus();
        return { keys: keysFrom(['1', '4', 'Backspace', 'Backspace', '2', '0', 'Backspace', 'Backspace'], keyCount) };
      },
    },
    {
      name: 'cart: quantity',
      user: 'summit',
      async prepare(page, server) {
        await deleteDraft(page, server, 'summit', 'spare-parts-cart');
        await page.goto(`${server.baseUrl}/Ordering/SpareParts`);
        await page.getByLabel('Search parts').fill('continuous hinge 80in bronze');
        await page.getByRole('button', { name: 'Details of CONTINUOUS HINGE 80IN BRONZE', exact: true }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Add to cart' }).click();
        await page.getByTestId('go-to-cart').click();
        const quantity = page.locator('#cart-line-0-quantity');
        await quantity.focus();
        await page.keyboard.press('End');
        return { keys: keysFrom(['2', 'Backspace', '7', 'Backspace', '0', 'Backspace'], keyCount) };
      },
    },
    {
      name: 'order history: filter',
      user: 'lakeside',
      async prepare(page, server) {
        await page.goto(`${server.baseUrl}/OrderHistory`);
        const loaded = await page.waitForFunction(
          () => {
            const text = document.querySelector('[data-testid="history-progress"]')?.textContent ?? '';
            const isShown = document.querySelector('[data-testid="history-grid"] .ag-row[row-index]') !== null;
            return /^Loaded [\d,]+ orders$/.test(text) && isShown ? text : false;
          },
          undefined,
          { timeout: 300_000, polling: 500 },
        );
        await page.getByRole('searchbox', { name: 'Search Job Name' }).focus();
        const letters = 'abcdefghijklmnopqrstuvwxyz';
        const keys = Array.from({ length: keyCount }, (_, i) => (i % 4 === 3 ? 'Backspace' : letters[(i * 7) % 26]));
        return { keys, note: String(await loaded.jsonValue()) };
      },
    },
  ];
}

/** An external page (the naive rjsf page): typed into its first wall length like ours. */
export function externalScenario(url: string, keyCount: number): PageScenario {
  return {
    name: 'naive rjsf page: wall length',
    async prepare(page) {
      await page.goto(url);
      const target = page.locator('#root_wallLengthFeet_0');
      await target.waitFor({ timeout: 120_000 });
      await target.focus();
      await page.keyboard.press('End');
      return { keys: keysFrom(wallLengthCycle, keyCount), note: `${await formInputCount(page)} inputs` };
    },
  };
}
