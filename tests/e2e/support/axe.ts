import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';

export interface AxeScope {
  /** Only this part of the page (e.g. '[role="dialog"]'). */
  include?: string;
  /** Parts left out (e.g. toasts whose colours belong to the app's providers, not to the page under test). */
  exclude?: string[];
}

/** Serious and critical axe violations on the page as it is now, one readable line each. */
export async function findSeriousViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  // A colour caught mid-transition (a button just enabled) is not the colour a user reads: let transitions end first.
  // Only those on screen: one inside a section skipped by content-visibility never runs, so never finishes.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity) // not a spinner
        .filter((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          return !target || target.checkVisibility({ contentVisibilityAuto: true });
        })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // axe.run in the page itself (legacy mode): the app has no frames, and the default runPartial/finishRun opens a
  // blank page for every call (~1 s). Only violations are gathered node by node: the only results read here.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (scope.include) builder = builder.include(scope.include);
  for (const selector of scope.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`).join(', ')}`,
    );
}
