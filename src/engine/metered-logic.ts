/**
 * An expression rewritten so that what it costs is counted against the rule budget (budget.ts) as it runs: a loop's
 * list passes through `$each` (its length times the body's operator count), an input whose size makes the work passes
 * through `$size`. Literal lists are left alone: their size is in the expression's own operator count. The rewrite is
 * what json-logic-engine builds; every other reader (inputs, explain, the workbench) sees the expression as written.
 */

/** Loops: the list is the first argument, the rest is evaluated per item. */
const LOOPS = new Set(['map', 'filter', 'reduce', 'some', 'all', 'none', 'every']);
/** Operators whose work grows with the size of the arguments at these positions ('all': every argument). */
const SIZED: Record<string, 'all' | readonly number[]> = { merge: 'all', in: [1], matches: [0] };
/** Operators that spread one list argument (`{"max": {"var": "sizes"}}`). */
const SPREADING = new Set(['max', 'min', '+', '*', '-', '/', 'cat', 'merge']);

export interface MeteredLogic {
  logic: unknown;
  /** Operators in the expression as written: what one evaluation costs before its loops and inputs. */
  weight: number;
}

function isOperator(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 1;
}

/** Whether evaluating this costs nothing that grows: a literal, or a list of literals. */
function isLiteral(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(isLiteral);
  return !isOperator(value);
}

function countOperators(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + countOperators(item), 0);
  if (!isOperator(value)) return 0;
  const [operator, args] = Object.entries(value)[0];
  if (operator === 'var' || operator === 'preserve') return 1;
  return 1 + countOperators(args);
}

function rewrite(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewrite);
  if (!isOperator(value)) return value;
  const [operator, args] = Object.entries(value)[0];
  if (operator === 'var' || operator === 'preserve') return value;
  if (!Array.isArray(args)) {
    const inner = rewrite(args);
    return { [operator]: SPREADING.has(operator) && !isLiteral(args) ? { $size: [inner] } : inner };
  }
  const written = args.map(rewrite);
  if (LOOPS.has(operator) && written.length >= 2 && !isLiteral(args[0])) {
    const body = Math.max(1, countOperators(args.slice(1)));
    written[0] = { $each: [written[0], body] };
  }
  const positions = SIZED[operator];
  if (positions)
    for (let i = 0; i < written.length; i++)
      if ((positions === 'all' || positions.includes(i)) && !isLiteral(args[i])) written[i] = { $size: [written[i]] };
  return { [operator]: written };
}

/** The expression as json-logic-engine builds it, with its cost counted; `weight` is charged per evaluation. */
export function meterLogic(logic: unknown): MeteredLogic {
  return { logic: rewrite(logic), weight: Math.max(1, countOperators(logic)) };
}

/** Operators whose work grows with what they are given, even without a loop around them. */
const GROWING = new Set([...LOOPS, ...Object.keys(SIZED), 'fill']);

/** Whether what the expression costs can grow with an answer (a loop, a sized input, a fill, a spread list). */
export function costCanGrow(logic: unknown): boolean {
  if (Array.isArray(logic)) return logic.some(costCanGrow);
  if (!isOperator(logic)) return false;
  const [operator, args] = Object.entries(logic)[0];
  if (operator === 'var' || operator === 'preserve') return false;
  if (GROWING.has(operator)) return true;
  if (!Array.isArray(args) && SPREADING.has(operator) && !isLiteral(args)) return true;
  return costCanGrow(args);
}
