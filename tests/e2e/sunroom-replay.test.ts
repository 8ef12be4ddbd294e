/** Golden orders of tests/golden/{sunroom,screenroom,impact} replayed through the real configurator page. */
import { describe, expect, it } from 'vitest';
import { readGolden } from './support/golden-orders';
import { itReplaysGoldenOrders, replayThroughPage, withExpectation } from './support/golden-replay';
import { useSignedInPage } from './support/harness';

/** Orders for a dealer without locations (summit): personal info, drawing package, layouts, walls, doors, codes, steppers, toasts. */
const replayed = [
  ['sunroom', '001-complete-order-without-drawing-package-is-allowed-and-ordered-at-once-.json'],
  ['sunroom', '003-empty-form-lists-the-always-required-fields-with-their-labels.json'],
  ['sunroom', '015-invalid-email-is-listed-among-the-missing-fields-as-invalid-email.json'],
  ['sunroom', '018-state-prov-keeps-letters-only-at-most-3.json'],
  ['sunroom', '020-canadian-postal-code-is-upper-cased-and-spaced-3-3.json'],
  ['sunroom', '031-foundation-existingwood-asks-grade-height-feet-and-inches.json'],
  ['sunroom', '040-knee-wall-no-clears-feet-and-inches.json'],
  ['sunroom', '061-breeze-way-yes-zeroes-the-front-wall-arrays.json'],
  ['sunroom', '070-cathedral-sets-cleats-or-bond-to-bond-tape.json'],
  ['sunroom', '079-wind-load-stepper-113-becomes-115-on-blur.json'],
  ['sunroom', '097-frame-colour-copies-to-fascia-trim-and-both-kick-panels.json'],
  ['sunroom', '099-vertical-channel-other-gives-the-toast-asking-for-a-sketch.json'],
  ['sunroom', '125-room-wall-shorter-than-the-door-minimum-forces-door-no-and-clears-the-.json'],
  ['sunroom', '128-room-wall-a-3-door-asks-swing-orientation-door-hardware-and-ss-hinges.json'],
  ['sunroom', '132-room-wall-choosing-a-wall-code-stores-its-image.json'],
  ['sunroom', '276-vista-view-asks-no-screen-room-question-and-posts-none.json'],
  ['sunroom', '277-walls-ask-no-door-location-and-a-patio-orientation-only-for-a-patio-door.json'],
  ['screenroom', '001-complete-order-without-drawing-package-is-allowed-and-ordered-at-once-.json'],
  ['screenroom', '225-vinyl-view-requires-vinyl-color.json'],
  ['screenroom', '242-value-view-asks-no-transom-glass-rows-bays-or-patio-orientation.json'],
  ['impact', '001-complete-order-without-drawing-package-is-allowed-and-ordered-at-once-.json'],
  ['impact', '097-frame-colour-copies-to-fascia-trim-and-both-kick-panels.json'],
  ['impact', '230-impact-asks-no-screen-room-question-door-location-or-patio-orientation.json'],
] as const;

describe('golden orders replayed through the configurator page (as summit: no locations)', () => {
  const e2e = useSignedInPage('summit');

  itReplaysGoldenOrders(e2e, replayed);

  it('reports a deliberately wrong expectation, so a passing replay means the page agrees', async () => {
    const order = readGolden('sunroom', '070-cathedral-sets-cleats-or-bond-to-bond-tape.json');
    const differences = await replayThroughPage(
      e2e,
      withExpectation(order, { data: { selectedCleatsOrBond: 'CLEATS' }, missing: ['nothing.at.all'] }),
    );
    expect(differences.some((line) => line.startsWith('data.selectedCleatsOrBond'))).toBe(true);
    expect(differences.some((line) => line.startsWith('missing:'))).toBe(true);
  }, 120_000);
});
