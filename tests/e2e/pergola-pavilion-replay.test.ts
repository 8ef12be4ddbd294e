/** Golden orders of tests/golden/{pergola,pavilion} replayed through the real pages (the sunroom replay helper). */
import { describe, expect, it } from 'vitest';
import { readGolden } from './support/golden-orders';
import { itReplaysGoldenOrders, replayThroughPage, withExpectation } from './support/golden-replay';
import { useSignedInPage } from './support/harness';

/** Complete orders, Motor City, fixed gutters, post styles, free-standing resets, clamps on blur, Panel-only fields, skyview/shingle, layouts and rails. */
const replayed = [
  ['pergola', '001-complete-operable-attached-pergola-without-drawing-package-is-an-order.json'],
  ['pergola', '005-choosing-motor-city-clears-most-other-pergola-choices-and-hides-attach.json'],
  ['pergola', '013-pergola-fixed-sets-gutters-to-no-disabled-posted-and-drops-the-actuato.json'],
  ['pergola', '017-no-columns-or-beams-needed-also-clears-the-beam-which-is-then-not-requ.json'],
  ['pergola', '023-free-standing-clears-mount-soffit-depth-and-step-down-and-hides-them.json'],
  ['pergola', '036-loads-are-rounded-to-steps-of-5-and-kept-in-range-when-left.json'],
  ['pavilion', '001-complete-attached-temo-panel-pavilion-without-drawing-package-is-an-or.json'],
  ['pavilion', '004-a-non-temo-panel-style-clears-post-style-height-exterior-roof-style-be.json'],
  ['pavilion', '013-skyview-no-clears-the-led-choice.json'],
  ['pavilion', '014-a-length-under-7-feet-forces-skyview-no.json'],
  ['pavilion', '024-a-0-032-density-forces-and-disables-a-white-roof-panel-which-is-then-n.json'],
  ['pavilion', '027-attached-asks-the-layout-layout-2-asks-rail-side-and-rail-amount.json'],
  ['pavilion', '031-free-standing-clears-mount-step-down-layout-and-rail-fields-and-hides-.json'],
] as const;

describe('pergola and pavilion golden orders replayed through the pages (as summit: no locations)', () => {
  const e2e = useSignedInPage('summit');

  itReplaysGoldenOrders(e2e, replayed);

  it('reports a deliberately wrong expectation, so a passing replay means the page agrees', async () => {
    const order = readGolden('pavilion', '014-a-length-under-7-feet-forces-skyview-no.json');
    const differences = await replayThroughPage(
      e2e,
      withExpectation(order, { data: { selectedSkyviewChoice: 'Skyview YES' }, price: 1, missing: ['nothing.at.all'] }),
    );
    expect(differences.some((line) => line.startsWith('data.selectedSkyviewChoice'))).toBe(true);
    expect(differences.some((line) => line.startsWith('price:'))).toBe(true);
    expect(differences.some((line) => line.startsWith('missing:'))).toBe(true);
  }, 120_000);
});
