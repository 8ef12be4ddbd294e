/**
 * The rule budget: how much work one pass of a form's rules may do (a session's set, blur, load or context change,
 * the server's re-check, a golden order's step), counted, not timed, so the page, the server and the CLI stop at the
 * same point. Every expression evaluated costs its operator count; a loop (map, filter, reduce, some, all, none)
 * costs its body's operator count per item; an operator whose work grows with its input (fill, merge, in, matches,
 * max/min/+/* over a list) costs that input's size. A pass over its budget stops with RuleBudgetExceeded.
 */

/** Units one pass may spend. The heaviest pass of every golden order today spends under 1% of it (docs: budget). */
export const RULE_BUDGET = 1_000_000;

/** A pass that went over its budget; `slot` is the expression that was running (compile.ts maps it to its rule). */
export class RuleBudgetExceeded extends Error {
  slot: number | undefined;
  constructor(readonly limit: number) {
    super(`the rules needed more than ${limit.toLocaleString('en-US')} steps of work (the budget of one pass)`);
    this.name = 'RuleBudgetExceeded';
  }
}

interface Meter {
  used: number;
  limit: number;
}

/** Outside a pass nothing is counted against a limit (an unlimited meter, so charging needs no branch). */
const UNMETERED: Meter = { used: 0, limit: Infinity };
let meter: Meter = UNMETERED;

/** Counts `units` of work against the running pass; over its limit, the pass stops. */
export function charge(units: number): void {
  if ((meter.used += units) > meter.limit) exceed();
}

function exceed(): never {
  const limit = meter.limit;
  // Later charges of the same pass (a finally, a caller's clean-up) must not throw again.
  meter.limit = Infinity;
  throw new RuleBudgetExceeded(limit);
}

/** Runs one pass within `limit` units; a pass already running (a nested call) keeps counting against its own. */
export function withinBudget<T>(run: () => T, limit = RULE_BUDGET): T {
  if (meter !== UNMETERED) return run();
  const pass = { used: 0, limit };
  meter = pass;
  try {
    return run();
  } finally {
    if (pass.used > heaviest) heaviest = pass.used;
    UNMETERED.used = 0;
    meter = UNMETERED;
  }
}

let heaviest = 0;

/** The most any pass of this process has spent (check:orders reports it against the budget). */
export function heaviestPassSpent(): number {
  return heaviest;
}

/** The units the running pass has spent so far (0 outside a pass). */
export function spentInPass(): number {
  return meter === UNMETERED ? 0 : meter.used;
}

/** What an operator's input costs: a list's or text's length, one for anything else. */
export function sizeOf(value: unknown): number {
  if (Array.isArray(value) || typeof value === 'string') return value.length || 1;
  return 1;
}
