/**
 * How big a definition may be. Past these the engine (ajv, the expression compiler, the page) would run out of stack
 * or time, so the reader refuses the file at start-up and on a live edit, naming it, instead of crashing.
 * Today's largest: a 130 KB file, 30 levels of nesting, 389 rules in one form.
 */
export const definitionLimits = {
  /** Bytes per JSON file. */
  maxFileBytes: 2 * 1024 * 1024,
  /** Array/object nesting per file and in the merged bundle (includes can put an expression inside another). */
  maxDepth: 100,
  /** Rules in one form after its includes are merged. */
  maxRules: 5000,
} as const;

/** The JSON pointer of the first value nested deeper than `limit` (iterative, so any depth is safe), or undefined. */
export function findTooDeep(value: unknown, limit: number = definitionLimits.maxDepth): string | undefined {
  // Most values are fine: measured without building a pointer per node (a third of the time of a form's recompile).
  return isWithinDepth(value, 0, limit) ? undefined : findTooDeepPointer(value, limit);
}

/** Whether nothing in `node` lies `limit - depth` levels down; recursion stops at `limit` (100), so the stack is safe. */
function isWithinDepth(node: unknown, depth: number, limit: number): boolean {
  if (node === null || typeof node !== 'object') return true;
  if (depth >= limit) return false;
  const items = Array.isArray(node) ? node : Object.values(node);
  for (const item of items) if (!isWithinDepth(item, depth + 1, limit)) return false;
  return true;
}

function findTooDeepPointer(value: unknown, limit: number): string | undefined {
  const stack: [unknown, number, string][] = [[value, 0, '']];
  while (stack.length > 0) {
    const [node, depth, where] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= limit) return shortPointer(where);
    const entries = Array.isArray(node) ? node.map((item, i) => [String(i), item] as const) : Object.entries(node);
    for (const [key, item] of entries) stack.push([item, depth + 1, `${where}/${key}`]);
  }
  return undefined;
}

/** A pointer 100 levels deep is unreadable in a message: its first 8 steps and an ellipsis. */
function shortPointer(pointer: string): string {
  const steps = pointer.split('/').slice(1);
  return steps.length <= 8 ? pointer || '/' : `/${steps.slice(0, 8).join('/')}/…`;
}
