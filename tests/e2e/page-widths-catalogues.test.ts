/** Issue 15, page widths (page-widths-cases.ts): the catalogues, carts and custom glass, as summit. */
import { describe } from 'vitest';
import { useBrowserTest } from './support/harness';
import { dealerCataloguePages, itListsNoStaleKnownProblem, itMeasuresEach, newWidthsRun } from './page-widths-cases';

describe("a dealer's catalogues and carts at 1280, 700 and 400 px: no sideways scroll, no cut text, grids with rows, axe clean", () => {
  const e2e = useBrowserTest();
  const run = newWidthsRun();
  const dealer = e2e.useSharedPage({ signedInAs: 'summit' });
  itMeasuresEach(
    dealerCataloguePages,
    {
      get page() {
        return dealer.page;
      },
      get baseUrl() {
        return e2e.baseUrl;
      },
    },
    run,
  );
  itListsNoStaleKnownProblem(run);
});
