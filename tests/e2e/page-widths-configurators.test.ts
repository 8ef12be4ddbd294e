/** Issue 15, page widths (page-widths-cases.ts): the ordering home, the configurators and the engineering request, as summit. */
import { describe } from 'vitest';
import { useBrowserTest } from './support/harness';
import { dealerConfiguratorPages, itListsNoStaleKnownProblem, itMeasuresEach, newWidthsRun } from './page-widths-cases';

describe("a dealer's configurators at 1280, 700 and 400 px: no sideways scroll, no cut text, grids with rows, axe clean", () => {
  const e2e = useBrowserTest();
  const run = newWidthsRun();
  const dealer = e2e.useSharedPage({ signedInAs: 'summit' });
  itMeasuresEach(
    dealerConfiguratorPages,
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
