/**
 * Which scope keys an expression reads, found once at compile time: a derivation skips an expression whose
 * inputs are the same values (by identity) as when it last ran. Data is never changed in place, so an
 * unchanged key holds an unchanged value.
 */

/** Operators whose result depends only on their arguments (evaluated in the same scope). */
const PURE_OPERATORS = new Set([
  '+',
  '*',
  '/',
  '-',
  '%',
  'throw',
  'max',
  'min',
  'in',
  'if',
  '?:',
  '<',
  '<=',
  '>',
  '>=',
  '==',
  '===',
  '!=',
  '!==',
  'or',
  '??',
  'and',
  'substr',
  'length',
  'merge',
  '!',
  '!!',
  'not',
  'cat',
  'keys',
  'get',
  'eachKey',
  'try',
  'matches',
  'isEmpty',
  'emailList',
  'num',
  'fill',
  'entries',
  'floor',
  'round',
]);

/** Operators running their later arguments once per element, with the element as the scope (`../` reaches out). */
const ITERATORS = new Set(['map', 'filter', 'reduce', 'some', 'all', 'none', 'every', 'find', 'pipe']);

/** Thrown inside the walk when an expression's inputs cannot be known statically. */
const DYNAMIC = Symbol('dynamic');

/** The top-level scope key a var path starts with, e.g. `personalInfo.zip` -> `personalInfo`. */
function firstKey(path: string | number): string {
  const text = String(path);
  if (text.includes('\\')) throw DYNAMIC;
  const dot = text.indexOf('.');
  return dot < 0 ? text : text.slice(0, dot);
}

/**
 * The scope keys (top-level: `personalInfo`, `$context`, `$index`, a computed `$total`) the expression reads,
 * or null when they cannot be known statically (a var path built at run time, an unknown operator).
 */
export function listExpressionInputs(logic: unknown, conditions?: ReadonlyMap<string, unknown>): string[] | null {
  const keys = new Set<string>();
  try {
    collect(logic, keys, 0, conditions ?? new Map(), []);
  } catch (error) {
    if (error === DYNAMIC) return null;
    throw error;
  }
  return [...keys];
}

/**
 * A var path read from the scope. Inside iterator bodies (`depth` of them) plain paths name the element; json-logic-engine
 * climbs two levels per body (`../` the iteration, `../../` what the iterator was called in), so `../`×2·depth is the scope.
 * Fewer `../` name an element or iteration of an enclosing body; their keys are listed anyway (harmless); more is unknowable.
 */
function readPath(path: unknown, keys: Set<string>, depth: number): void {
  if (typeof path === 'number') {
    if (depth === 0) keys.add(String(path));
    return;
  }
  if (typeof path !== 'string') throw DYNAMIC;
  if (path.startsWith('../')) {
    let ups = 0;
    let rest = path;
    while (rest.startsWith('../')) {
      rest = rest.slice(3);
      ups++;
    }
    if (rest === '' || ups > Math.max(1, 2 * depth)) throw DYNAMIC;
    keys.add(firstKey(rest));
    return;
  }
  if (depth > 0) return;
  if (path === '') throw DYNAMIC;
  keys.add(firstKey(path));
}

/** The fixed first key of a path built by `cat` from a literal start holding a dot (`"walls." + $index`). */
function staticHead(path: unknown): string | undefined {
  if (path === null || typeof path !== 'object' || Array.isArray(path)) return undefined;
  const parts = (path as Record<string, unknown>).cat;
  if (Object.keys(path).length !== 1 || !Array.isArray(parts) || typeof parts[0] !== 'string') return undefined;
  const head = parts[0];
  const dot = head.indexOf('.');
  if (dot <= 0 || head.startsWith('../') || head.includes('\\')) return undefined;
  return head.slice(0, dot);
}

/** Named conditions ({"cond": name} reads what its body reads) and the names being followed (a cycle is unknowable). */
type Conditions = ReadonlyMap<string, unknown>;

/** Collect what `logic` reads, `depth` iterator bodies deep (0: in the scope itself). */
function collect(logic: unknown, keys: Set<string>, depth: number, conditions: Conditions, following: string[]): void {
  if (logic === null || typeof logic !== 'object') return;
  if (Array.isArray(logic)) {
    for (const item of logic) collect(item, keys, depth, conditions, following);
    return;
  }
  const entries = Object.keys(logic);
  if (entries.length !== 1) throw DYNAMIC;
  const operator = entries[0];
  const args = (logic as Record<string, unknown>)[operator];
  const list = Array.isArray(args) ? args : [args];
  switch (operator) {
    case 'preserve':
      return;
    case 'cond': {
      // A named condition (expanded at compile time, but tools may ask before that): what its body reads.
      const name = list[0];
      if (typeof name !== 'string' || !conditions.has(name) || following.includes(name)) throw DYNAMIC;
      collect(conditions.get(name), keys, depth, conditions, [...following, name]);
      return;
    }
    case 'var': {
      const built = staticHead(list[0]);
      if (built !== undefined && depth === 0) {
        // {"var": {"cat": ["OrderGlassParts.", {"var": "$index"}, ".glassShape"]}}: the first key is fixed.
        keys.add(built);
        collect(list, keys, depth, conditions, following);
        return;
      }
      readPath(list[0] ?? '', keys, depth);
      collect(list.slice(1), keys, depth, conditions, following);
      return;
    }
    case 'val':
    case 'exists': {
      const head = list[0];
      if (depth > 0 && Array.isArray(head)) {
        // {"val": [[2], "selectedAngled"]} in a body: level 2·depth is the scope, lower ones the element or iteration.
        const level = head.length === 1 ? head[0] : undefined;
        if (typeof level !== 'number' || !Number.isInteger(level) || level < 1 || level > 2 * depth) throw DYNAMIC;
        if (level === 2 * depth) {
          if (typeof list[1] !== 'string' && typeof list[1] !== 'number') throw DYNAMIC;
          keys.add(String(list[1]));
        }
        collect(list.slice(1), keys, depth, conditions, following);
        return;
      }
      if (Array.isArray(head) || (head !== null && typeof head === 'object')) throw DYNAMIC;
      if (depth > 0) {
        // val reads the element inside an iterator.
        collect(list.slice(1), keys, depth, conditions, following);
        return;
      }
      if (typeof head !== 'string' && typeof head !== 'number') throw DYNAMIC;
      keys.add(String(head));
      collect(list.slice(1), keys, depth, conditions, following);
      return;
    }
    case 'missing':
    case 'missing_some':
      throw DYNAMIC;
    case 'item': {
      if (typeof list[0] !== 'string' || depth > 0) throw DYNAMIC;
      keys.add(firstKey(list[0]));
      keys.add('$index');
      return;
    }
    case 'price':
      keys.add('$context');
      collect(list, keys, depth, conditions, following);
      return;
    case 'priceTable':
      keys.add('$data');
      collect(list, keys, depth, conditions, following);
      return;
    default:
      if (ITERATORS.has(operator)) {
        // The first argument (and reduce's start value) is read in the scope; the others once per element.
        list.forEach((arg, i) =>
          collect(arg, keys, i === 0 || (operator === 'reduce' && i === 2) ? depth : depth + 1, conditions, following),
        );
        return;
      }
      if (!PURE_OPERATORS.has(operator)) throw DYNAMIC;
      collect(list, keys, depth, conditions, following);
  }
}
