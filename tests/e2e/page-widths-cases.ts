import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findSeriousViolations } from './support/axe';
import { useBrowserTest } from './support/harness';
import {
  measureWidthProblems,
  resizeTo,
  settle,
  type EllipsisException,
  type WidthProblem,
} from './support/page-widths';

/**
 * Issue 15: every page a dealer (or staff) can reach, at a desktop, a tablet and a phone width. The pages and how each
 * is measured; the page-widths-*.test.ts files measure a share each, so both test workers take part.
 */
const widths = [1280, 700, 400] as const;

export interface PortalPage {
  /** The route as a dealer opens it. */
  path: string;
  /** How the test names it, when the route alone does not say (a dialog, the sign-in form). */
  name?: string;
  /** Something to do once it is open before measuring (a tab to choose); defaults to waiting for the h1. */
  prepare?: (page: Page) => Promise<void>;
  /** Problems this page can have beyond the common ones, measured at each width. */
  check?: (page: Page) => Promise<WidthProblem[]>;
}

/** Tabs that scroll sideways hide some of themselves: every tab must be in view without scrolling its row. */
async function tabsFitWithoutScrolling(page: Page): Promise<WidthProblem[]> {
  const details = await page.evaluate(() =>
    Array.from(document.querySelectorAll('[role="tablist"]')).flatMap((list) => {
      const scroller = list.closest('.MuiTabs-scroller') ?? list;
      const box = scroller.getBoundingClientRect();
      const name = list.getAttribute('aria-label') ?? 'tabs';
      const hidden = Array.from(list.querySelectorAll('[role="tab"]'))
        .filter((tab) => {
          const rect = tab.getBoundingClientRect();
          return rect.left < box.left - 1 || rect.right > box.right + 1 || rect.right > window.innerWidth;
        })
        .map((tab) => tab.textContent ?? '');
      const scrolls = scroller.scrollWidth > scroller.clientWidth + 1;
      return scrolls || hidden.length > 0 ? [`${name} scroll sideways; out of view: ${JSON.stringify(hidden)}`] : [];
    }),
  );
  return details.map((detail) => ({ kind: 'sideways-tabs' as const, detail }));
}

/** The nav's pages, each configurator and catalogue of the ordering home, the carts, the order pages, the welcome page. */
const dealerPages: PortalPage[] = [
  { path: '/login/callback' },
  { path: '/Ordering' },
  { path: '/Ordering/Impact' },
  { path: '/Ordering/SunRooms' },
  { path: '/Ordering/ScreenRooms' },
  { path: '/Ordering/Pavilions' },
  { path: '/Ordering/Pergolas' },
  { path: '/Ordering/Displays' },
  { path: '/Ordering/DisplayCart' },
  { path: '/Ordering/Marketing' },
  { path: '/Ordering/MarketingCart' },
  { path: '/Ordering/SpareParts' },
  { path: '/Ordering/Transoms' },
  { path: '/Ordering/Doors' },
  { path: '/Ordering/Sash' },
  { path: '/Ordering/SparePartsCart' },
  { path: '/Ordering/CustomTrapGlass' },
  { path: '/Ordering/CustomTrapGlassCart' },
  ...['Processed', 'Confirmed', 'Unprocessed', 'Initial Orders'].map((tab) => ({
    path: `/CurrentOrders#${tab}`,
    prepare: (page: Page) => page.getByRole('tab', { name: tab, exact: true }).click(),
    check: tabsFitWithoutScrolling,
  })),
  { path: '/OrderHistory', prepare: waitForHistoryLoaded },
  { path: '/ContactList' },
  {
    path: '/Ordering',
    name: 'the engineering request (Ordering, Order Engineering)',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Order Engineering' }).click();
      await page.getByRole('dialog').locator('input').first().waitFor();
    },
  },
  { path: '/Ordering/NoSuchProduct' },
  { path: '/no/such/page' },
];

/** What a visitor sees before signing in: the landing page and the sign-in form. */
export const signedOutPages: PortalPage[] = [
  { path: '/' },
  {
    path: '/',
    name: 'the sign-in form (Login To Portal)',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Login To Portal' }).click();
      await page.waitForURL((url) => url.pathname === '/auth/local/authorize');
      await page.getByLabel('Username').waitFor();
    },
  },
];

/** temo.staff's own pages: the order desk, the definitions overview and a draft (its Forms, Prices and Publish tabs). */
export const staffPages = (draftId: () => number): PortalPage[] => [
  {
    path: '/Staff/Orders',
    prepare: async (page) => {
      await page.getByTestId('order-desk-grid').locator('.ag-row').first().waitFor();
    },
  },
  { path: '/Staff/Definitions' },
  ...['forms', 'prices', 'publish'].map((tab) => ({
    get path() {
      return `/Staff/Definitions/drafts/${draftId()}?tab=${tab}`;
    },
  })),
];

/**
 * Elements that may ellipsize: each gives its whole text in a title (or tooltip), and each is named here with why.
 * Keep this list short: a dealer should read labels whole.
 */
export const ellipsisExceptions: EllipsisException[] = [
  {
    selector: 'article h3[id^="part-"][id$="-name"]',
    why: 'a catalogue card has a fixed height (spec 3 §9): a long part name stops at 3 lines, its title gives it whole',
  },
];

/**
 * Known problems: a problem this test finds that is owned and being fixed elsewhere, each saying whose and why (none
 * now). Remove an entry when its fix lands: the test fails on an entry that no longer matches, so the list cannot go
 * stale.
 */
interface KnownProblem {
  /** Matches the page's path. */
  path: RegExp;
  width?: number;
  kind: WidthProblem['kind'];
  /** Matches the problem's detail. */
  detail: RegExp;
  /** Whose part it is and why it is not fixed here. */
  why: string;
}
const knownProblems: KnownProblem[] = [];

async function waitForHistoryLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () => /^Loaded [\d,]+ orders$/.test(document.querySelector('[data-testid="history-progress"]')?.textContent ?? ''),
    undefined,
    { timeout: 60_000 },
  );
}

/** Opens the page at the window's current width and waits until it has drawn what it loads. */
export async function open(page: Page, baseUrl: string, portalPage: PortalPage): Promise<void> {
  await page.goto(`${baseUrl}${portalPage.path.replace(/#.*$/, '')}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await portalPage.prepare?.(page);
  // Grids finish loading (ag-grid's overlay) and spinners stop.
  await page.waitForFunction(
    () => document.querySelector('.ag-overlay-loading-center, .MuiCircularProgress-root') === null,
    undefined,
    {
      timeout: 30_000,
    },
  );
  await settle(page);
}

/** What one test file measured: the pages visited (a run filtered with -t measures only some), the known problems met. */
export interface WidthsRun {
  visitedPaths: string[];
  usedKnownProblems: Set<KnownProblem>;
}

export function newWidthsRun(): WidthsRun {
  return { visitedPaths: [], usedKnownProblems: new Set() };
}

/** Every problem at each width, as "width kind: detail" lines, less the known ones (and the known ones that matched). */
async function problemsOf(page: Page, baseUrl: string, portalPage: PortalPage, run: WidthsRun) {
  const used = run.usedKnownProblems;
  run.visitedPaths.push(portalPage.path);
  const found: string[] = [];
  for (const width of widths) {
    await resizeTo(page, width);
    await open(page, baseUrl, portalPage);
    const problems = await measureWidthProblems(page, ellipsisExceptions);
    problems.push(...((await portalPage.check?.(page)) ?? []));
    // For the closing note: PAGE_WIDTHS_SCREENSHOTS=<dir> keeps a picture of each page at each width.
    const screenshots = process.env.PAGE_WIDTHS_SCREENSHOTS;
    if (screenshots) {
      const name = `${(portalPage.name ?? portalPage.path).replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}-${width}.png`;
      // The window as the dealer sees it (a full-page capture resizes the window and catches grids mid-measure).
      await page.screenshot({ path: path.join(screenshots, name) });
    }
    for (const line of await findSeriousViolations(page)) problems.push({ kind: 'axe', detail: line });
    for (const problem of problems) {
      const known = knownProblems.find(
        (entry) =>
          entry.path.test(portalPage.path) &&
          (entry.width === undefined || entry.width === width) &&
          entry.kind === problem.kind &&
          entry.detail.test(problem.detail),
      );
      if (known) used.add(known);
      else found.push(`${width} ${problem.kind}: ${problem.detail}`);
    }
  }
  return found;
}

/** Known problems of the pages this file visited that no longer happen: the list must not go stale. */
export function itListsNoStaleKnownProblem(run: WidthsRun): void {
  it('lists no known problem that no longer happens', () => {
    const stale = knownProblems.filter(
      (entry) => run.visitedPaths.some((visited) => entry.path.test(visited)) && !run.usedKnownProblems.has(entry),
    );
    expect(stale.map((entry) => `${String(entry.path)} ${entry.kind} ${String(entry.detail)}`)).toEqual([]);
  });
}

/** One test per page, each at every width. */
export function itMeasuresEach(
  pages: PortalPage[],
  shared: { readonly page: Page; readonly baseUrl: string },
  run: WidthsRun,
  nameOf = (portalPage: PortalPage) => portalPage.name ?? portalPage.path,
): void {
  it.each(pages.map((portalPage) => [nameOf(portalPage), portalPage] as const))(
    '%s',
    async (_name, portalPage) => {
      expect(await problemsOf(shared.page, shared.baseUrl, portalPage, run)).toEqual([]);
    },
    120_000,
  );
}

const isConfigurator = (portalPage: PortalPage) =>
  /^\/Ordering(\/(Impact|SunRooms|ScreenRooms|Pavilions|Pergolas|NoSuchProduct))?$/.test(portalPage.path);

/** The dealer's pages in two shares: the ordering home and its configurators (and the engineering request) ... */
export const dealerConfiguratorPages = dealerPages.filter(isConfigurator);
/** ... the catalogues, carts and glass, and the order pages, the contacts and the welcome page. */
export const dealerCataloguePages = dealerPages.filter(
  (portalPage) => !isConfigurator(portalPage) && portalPage.path.startsWith('/Ordering/'),
);
export const dealerOtherPages = dealerPages.filter(
  (portalPage) => !isConfigurator(portalPage) && !portalPage.path.startsWith('/Ordering/'),
);

/** A file's share of pages, measured on one page signed in as `username`. */
export function describePageWidths(title: string, pages: PortalPage[], username: string): void {
  describe(`${title} at 1280, 700 and 400 px: no sideways scroll, no cut text, grids with rows, axe clean`, () => {
    const run = newWidthsRun();
    itMeasuresEach(pages, useBrowserTest().useSharedPage({ signedInAs: username }), run);
    itListsNoStaleKnownProblem(run);
  });
}
