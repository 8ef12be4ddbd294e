/** Issue 15, page widths (page-widths-cases.ts): the order pages, the contacts and the welcome page as summit, forms narrowed without reloading, and the signed-out pages. */
import { describe, expect, it } from 'vitest';
import { useBrowserTest } from './support/harness';
import { measureWidthProblems, resizeTo } from './support/page-widths';
import {
  dealerOtherPages,
  ellipsisExceptions,
  itListsNoStaleKnownProblem,
  itMeasuresEach,
  newWidthsRun,
  open,
  signedOutPages,
} from './page-widths-cases';

describe('the order pages and the signed-out pages at 1280, 700 and 400 px: no sideways scroll, no cut text, grids with rows, axe clean', () => {
  const e2e = useBrowserTest();
  const run = newWidthsRun();

  describe('as summit (a dealer)', () => {
    const dealer = e2e.useSharedPage({ signedInAs: 'summit' });
    itMeasuresEach(dealerOtherPages, dealer, run);
    // Sections out of view skip their layout (content-visibility) and remember their size: narrowing the window
    // after scrolling through a form must still leave nothing wider than the window, in every section.
    it.each(['/Ordering/SunRooms', '/Ordering/Pergolas'])(
      '%s scrolled through at 1280 px, then narrowed to 700 and 400 px without reloading',
      async (route) => {
        const { page } = dealer;
        await resizeTo(page, 1280);
        await open(page, e2e.baseUrl, { path: route });
        await page.evaluate(async () => {
          for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          }
          window.scrollTo(0, 0);
        });
        const found: string[] = [];
        for (const width of [700, 400]) {
          await resizeTo(page, width);
          const wide = await page.evaluate(() => document.documentElement.scrollWidth);
          if (wide > width) found.push(`${width}: the page is ${wide} px wide`);
          for (const problem of await measureWidthProblems(page, ellipsisExceptions))
            found.push(`${width} ${problem.kind}: ${problem.detail}`);
        }
        expect(found).toEqual([]);
      },
      120_000,
    );
  });

  describe('signed out', () => {
    const visitor = e2e.useSharedPage();
    itMeasuresEach(signedOutPages, visitor, run);
  });

  itListsNoStaleKnownProblem(run);
});
