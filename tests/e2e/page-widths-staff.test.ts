/** Issue 15, page widths (page-widths-cases.ts): temo.staff's order desk and definitions workbench. */
import { describe } from 'vitest';
import { useBrowserTest } from './support/harness';
import { itListsNoStaleKnownProblem, itMeasuresEach, newWidthsRun, staffPages } from './page-widths-cases';

describe('staff pages at 1280, 700 and 400 px: no sideways scroll, no cut text, grids with rows, axe clean', () => {
  let draftId = 0;
  const e2e = useBrowserTest({
    async setUp(harness) {
      const opened = await harness.api('temo.staff', 'POST', '/api/definition-drafts', { note: 'Page widths' });
      draftId = ((await opened.json()) as { draft: { id: number } }).draft.id;
    },
  });
  const run = newWidthsRun();
  const staff = e2e.useSharedPage({ signedInAs: 'temo.staff' });
  itMeasuresEach(
    staffPages(() => draftId),
    staff,
    run,
    (portalPage) => portalPage.path.replace(/\/0\?/, '/:id?'),
  );
  itListsNoStaleKnownProblem(run);
});
