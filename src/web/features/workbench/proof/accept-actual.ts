/**
 * "Take the new value as expected": rewrite a golden order's expectations so they hold what the engine now does, after
 * an intended change of the rules. Each difference names its expectation as check:orders does (`expect.data.<key>`,
 * `expect.submit.payload.<key>`, `expect.missing`, ...); the keys after the prefix are written as one key, as the
 * order holds them (`expect.data["heightAtHouse.heightfeet"]`).
 */
import type { GoldenDifference } from '../../../../definition-tree';

type Json = Record<string, unknown>;

/** JSON has no undefined: an absent value is expected as null (the comparison treats absent, null and "" alike). */
const asJson = (value: unknown): unknown => (value === undefined ? null : value);

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Whether a path is hidden in a list of hidden paths (a hidden parent hides its children), as the comparison says. */
const isHiddenIn = (hidden: unknown[], path: unknown) =>
  hidden.some((h) => typeof h === 'string' && typeof path === 'string' && (path === h || path.startsWith(`${h}.`)));

function objectAt(parent: Json, key: string): Json {
  const child = parent[key];
  if (child !== null && typeof child === 'object' && !Array.isArray(child)) return child as Json;
  const created: Json = {};
  parent[key] = created;
  return created;
}

/** Keyed expectations: the prefix, then one key as the order writes it. */
const keyedExpectations: [prefix: string, at: (expect: Json) => Json][] = [
  ['expect.submit.payload.', (expect) => objectAt(objectAt(expect, 'submit'), 'payload')],
  ['expect.data.', (expect) => objectAt(expect, 'data')],
  ['expect.labels.', (expect) => objectAt(expect, 'labels')],
  ['expect.errors.', (expect) => objectAt(expect, 'errors')],
  ['expect.options.', (expect) => objectAt(expect, 'options')],
];

/**
 * One expectation rewritten to what the engine does now. Lists checked as subsets keep what they said and only drop
 * (or, for `missingIncludes`, keep) what no longer holds: taking the whole current list would check far more than the
 * order meant to.
 */
function acceptOne(expect: Json, difference: GoldenDifference): void {
  const { key, expected, actual } = difference;
  for (const [prefix, at] of keyedExpectations) {
    if (key.startsWith(prefix)) {
      at(expect)[key.slice(prefix.length)] = asJson(actual);
      return;
    }
  }
  switch (key) {
    case 'expect.submit.allowed':
    case 'expect.submit.isOrdered':
      objectAt(expect, 'submit')[key.slice('expect.submit.'.length)] = asJson(actual);
      return;
    case 'expect.price':
    case 'expect.missing':
    case 'expect.notices':
      expect[key.slice('expect.'.length)] = asJson(actual);
      return;
    case 'expect.missingIncludes':
      expect.missingIncludes = asList(expected).filter((path) => asList(actual).includes(path));
      return;
    case 'expect.missingExcludes':
      expect.missingExcludes = asList(expected).filter((path) => !asList(actual).includes(path));
      return;
    case 'expect.hidden':
      expect.hidden = asList(expected).filter((path) => isHiddenIn(asList(actual), path));
      return;
    case 'expect.shown':
      expect.shown = asList(expected).filter((path) => !isHiddenIn(asList(actual), path));
      return;
    default:
      throw new Error(`cannot take the new value of ${key}`);
  }
}

/** The order's text with each difference taken as expected, formatted as golden orders are kept (2 spaces, newline). */
export function acceptDifferences(orderText: string, differences: readonly GoldenDifference[]): string {
  const order = JSON.parse(orderText) as Json;
  const expect = objectAt(order, 'expect');
  for (const difference of differences) acceptOne(expect, difference);
  return `${JSON.stringify(order, null, 2)}\n`;
}

/** Whether the panel can rewrite this expectation (every key findDifferences names). */
export function canAccept(difference: GoldenDifference): boolean {
  try {
    acceptOne({}, difference);
    return true;
  } catch {
    return false;
  }
}
