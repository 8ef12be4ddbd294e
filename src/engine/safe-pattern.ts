/**
 * The one gate every regular expression of a definition passes before it runs (issue 43): the pattern is parsed into a
 * small tree and refused when a backtracking engine (the browser's, Node's) could spend exponential or high polynomial
 * time on it — backreferences, lookarounds, a repeated group that itself repeats or branches, repeats that compete for
 * the same characters — with a reason product staff can act on. What passes costs at most about n² steps on a text of
 * n characters, and texts longer than MAX_PATTERN_INPUT are never scanned. No Node API: the page runs it too.
 */

/** Longest text a pattern is run on (the server's default cap of a string field): a longer one does not match. */
export const MAX_PATTERN_INPUT = 2000;

/** Repeats allowing more characters than this count as unbounded (`\d{0,500}` costs what `\d*` costs). */
const LARGE = 100;
/** Most backtracking steps a pattern may take on a MAX_PATTERN_INPUT text, by the estimate below (~50 ms). */
const STEP_LIMIT = 10 * MAX_PATTERN_INPUT * MAX_PATTERN_INPUT;

/** ASCII as four 32-bit words, then 1 when some character above 127 may belong: an over-estimate is the safe side. */
type CharSet = number[];

const EMPTY: CharSet = [0, 0, 0, 0, 0];
const ANY: CharSet = [-1, -1, -1, -1, 1];
const union = (a: CharSet, b: CharSet): CharSet => a.map((word, i) => word | b[i]);
const intersects = (a: CharSet, b: CharSet): boolean => a.some((word, i) => (word & b[i]) !== 0);
const complement = (a: CharSet): CharSet => [~a[0], ~a[1], ~a[2], ~a[3], 1];

function rangeSet(low: number, high: number): CharSet {
  const set = [0, 0, 0, 0, high > 127 ? 1 : 0];
  for (let c = low; c <= Math.min(high, 127); c++) set[c >> 5] |= 1 << (c & 31);
  return set;
}
const has = (set: CharSet, c: number): boolean => (set[c >> 5] & (1 << (c & 31))) !== 0;

const DIGITS = rangeSet(48, 57);
const WORD = union(union(DIGITS, rangeSet(65, 90)), union(rangeSet(97, 122), rangeSet(95, 95)));
const SPACE: CharSet = union(union(rangeSet(9, 13), rangeSet(32, 32)), [0, 0, 0, 0, 1]);
const LINE_ENDS = union(rangeSet(10, 10), rangeSet(13, 13));

/** With the i flag: both cases of every letter, and maybe some non-ASCII ones (K folds to the Kelvin sign). */
function foldCase(set: CharSet): CharSet {
  const folded = [...set];
  for (let c = 65; c <= 90; c++) {
    if (has(set, c) || has(set, c + 32)) {
      folded[c >> 5] |= 1 << (c & 31);
      folded[(c + 32) >> 5] |= 1 << ((c + 32) & 31);
      folded[4] = 1;
    }
  }
  return folded;
}

type Node =
  | { kind: 'chars'; set: CharSet; start: number; end: number }
  | { kind: 'assert'; atStart: boolean; start: number; end: number }
  | { kind: 'seq'; items: Node[]; start: number; end: number }
  | { kind: 'alt'; branches: Node[]; start: number; end: number }
  | { kind: 'group'; body: Node; start: number; end: number }
  | { kind: 'rep'; body: Node; min: number; max: number; start: number; end: number };

/** A pattern the gate turns down, with the reason. */
class Refusal {
  constructor(readonly reason: string) {}
}

/** A recursive-descent reader of JavaScript's pattern syntax (the subset the gate accepts; the rest is refused). */
function parse(source: string, flags: string): Node {
  const unicode = flags.includes('u');
  const caseless = flags.includes('i');
  const dotAll = flags.includes('s');
  let pos = 0;
  const refuse = (reason: string): never => {
    throw new Refusal(reason);
  };
  const fragment = (start: number) => source.slice(start, pos);
  const chars = (set: CharSet, start: number): Node => ({
    kind: 'chars',
    set: caseless ? foldCase(set) : set,
    start,
    end: pos,
  });

  function codeAt(): number {
    const code = (unicode ? source.codePointAt(pos) : source.charCodeAt(pos)) ?? 0;
    pos += code > 0xffff ? 2 : 1;
    return code;
  }

  function hex(length: number): number {
    const digits = source.slice(pos, pos + length);
    if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length !== length) refuse(`"\\${source[pos - 1]}" needs hex digits`);
    pos += length;
    return parseInt(digits, 16);
  }

  /** After a backslash: a set (\d, \w, ...), a single character code, or an assertion (\b, \B). */
  function escape(inClass: boolean): CharSet | number | 'boundary' {
    const start = pos - 1;
    const c = source[pos++];
    if (c === undefined) return refuse('it ends with a lone backslash');
    switch (c) {
      case 'd':
        return DIGITS;
      case 'D':
        return complement(DIGITS);
      case 'w':
        return caseless && unicode ? union(WORD, [0, 0, 0, 0, 1]) : WORD;
      case 'W':
        return complement(WORD);
      case 's':
        return SPACE;
      case 'S':
        return complement(SPACE);
      case 'b':
        return inClass ? 8 : 'boundary';
      case 'B':
        return inClass ? 66 : 'boundary';
      case 't':
        return 9;
      case 'n':
        return 10;
      case 'v':
        return 11;
      case 'f':
        return 12;
      case 'r':
        return 13;
      case 'c':
        if (/[A-Za-z]/.test(source[pos] ?? '')) return source.charCodeAt(pos++) % 32;
        return refuse(`"${source.slice(start, pos + 1)}" is not a control character the check reads`);
      case 'x':
        return hex(2);
      case 'u':
        if (unicode && source[pos] === '{') {
          const close = source.indexOf('}', pos);
          const code = parseInt(source.slice(pos + 1, close), 16);
          pos = close + 1;
          return code;
        }
        return hex(4);
      case 'p':
      case 'P':
        if (!unicode) return c.charCodeAt(0);
        pos = source.indexOf('}', pos) + 1;
        return ANY;
      case 'k':
        return refuse(
          `"\\k<…>" refers back to what a group matched (a backreference): that can take exponential time; repeat the group's pattern instead`,
        );
      case '0':
        if (/[0-9]/.test(source[pos] ?? '')) return refuse('octal escapes are not supported: write "\\x.." instead');
        return 0;
      default:
        if (/[1-9]/.test(c))
          return inClass
            ? refuse('octal escapes are not supported: write "\\x.." instead')
            : refuse(
                `"\\${c}" refers back to what a group matched (a backreference): that can take exponential time; repeat the group's pattern instead`,
              );
        pos = start + 1;
        return codeAt();
    }
  }

  function classAtom(): CharSet | number {
    if (source[pos] === '\\') {
      pos++;
      const found = escape(true);
      return found === 'boundary' ? refuse('unexpected assertion in a character class') : found;
    }
    return codeAt();
  }

  function characterClass(start: number): Node {
    const negated = source[pos] === '^';
    if (negated) pos++;
    let set = EMPTY;
    while (source[pos] !== ']') {
      if (pos >= source.length) refuse('a character class is not closed');
      const low = classAtom();
      if (source[pos] === '-' && source[pos + 1] !== ']' && pos + 1 < source.length) {
        pos++;
        const high = classAtom();
        if (typeof low === 'number' && typeof high === 'number') set = union(set, rangeSet(low, high));
        else
          set = union(
            union(set, typeof low === 'number' ? rangeSet(low, low) : low),
            union(rangeSet(45, 45), typeof high === 'number' ? rangeSet(high, high) : high),
          );
      } else set = union(set, typeof low === 'number' ? rangeSet(low, low) : low);
    }
    pos++;
    if (caseless) set = foldCase(set);
    return chars(negated ? complement(set) : set, start);
  }

  function quantifier(): { min: number; max: number } | undefined {
    const c = source[pos];
    let bounds: { min: number; max: number } | undefined;
    if (c === '*') bounds = { min: 0, max: Infinity };
    else if (c === '+') bounds = { min: 1, max: Infinity };
    else if (c === '?') bounds = { min: 0, max: 1 };
    if (bounds) pos++;
    else if (c === '{') {
      const braces = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(pos));
      if (!braces) return undefined; // a literal "{" outside the u flag
      pos += braces[0].length;
      const min = Number(braces[1]);
      bounds = { min, max: braces[2] === undefined ? min : braces[3] === '' ? Infinity : Number(braces[3]) };
    } else return undefined;
    if (source[pos] === '?') pos++; // lazy: the same worst case
    return bounds;
  }

  function term(): Node {
    const start = pos;
    const c = source[pos++];
    if (c === '^' || c === '$') return { kind: 'assert', atStart: c === '^', start, end: pos };
    if (c === '.') return chars(dotAll ? ANY : complement(LINE_ENDS), start);
    if (c === '[') return characterClass(start);
    if (c === '\\') {
      const found = escape(false);
      if (found === 'boundary') return { kind: 'assert', atStart: false, start, end: pos };
      return chars(typeof found === 'number' ? rangeSet(found, found) : found, start);
    }
    if (c === '(') {
      if (source[pos] === '?') {
        const kind = source.slice(pos, pos + 3);
        if (/^\?<?[=!]/.test(kind))
          refuse(
            `"${source.slice(start, start + (kind[1] === '<' ? 4 : 3))}…)" looks ahead or behind (a lookaround): the check cannot bound its cost; write the condition another way (a second rule, or a test)`,
          );
        if (kind.startsWith('?:')) pos += 2;
        else if (kind.startsWith('?<')) pos = source.indexOf('>', pos) + 1;
        else refuse(`"(${kind}" is syntax the check does not read`);
      }
      const body = alternation();
      if (source[pos] !== ')') refuse('a group is not closed');
      pos++;
      return { kind: 'group', body, start, end: pos };
    }
    pos = start;
    const code = codeAt();
    return chars(rangeSet(code, code), start);
  }

  function sequence(): Node {
    const start = pos;
    const items: Node[] = [];
    while (pos < source.length && source[pos] !== '|' && source[pos] !== ')') {
      const atom = term();
      const bounds = quantifier();
      if (!bounds) items.push(atom);
      else if (atom.kind === 'assert') refuse(`"${fragment(atom.start)}" repeats an assertion`);
      else items.push({ kind: 'rep', body: atom, ...bounds, start: atom.start, end: pos });
    }
    return items.length === 1 ? items[0] : { kind: 'seq', items, start, end: pos };
  }

  function alternation(): Node {
    const start = pos;
    const branches = [sequence()];
    while (source[pos] === '|') {
      pos++;
      branches.push(sequence());
    }
    return branches.length === 1 ? branches[0] : { kind: 'alt', branches, start, end: pos };
  }

  const root = alternation();
  if (pos < source.length) refuse(`"${source[pos]}" at ${pos + 1} has no opening "("`);
  return root;
}

/** What a node can match: the empty text, which characters first, which at all, how many at most, without choices. */
interface Shape {
  nullable: boolean;
  first: CharSet;
  chars: CharSet;
  maxLength: number;
  fixed: boolean;
}

const shapes = new WeakMap<Node, Shape>();
function shapeOf(node: Node): Shape {
  let shape = shapes.get(node);
  if (shape) return shape;
  switch (node.kind) {
    case 'chars':
      shape = { nullable: false, first: node.set, chars: node.set, maxLength: 1, fixed: true };
      break;
    case 'assert':
      shape = { nullable: true, first: EMPTY, chars: EMPTY, maxLength: 0, fixed: true };
      break;
    case 'group':
      shape = shapeOf(node.body);
      break;
    case 'rep': {
      const body = shapeOf(node.body);
      const isEmpty = node.max === 0 || body.maxLength === 0;
      shape = {
        nullable: node.min === 0 || body.nullable,
        first: node.max === 0 ? EMPTY : body.first,
        chars: node.max === 0 ? EMPTY : body.chars,
        maxLength: isEmpty ? 0 : body.maxLength * node.max,
        fixed: body.fixed && node.min === node.max,
      };
      break;
    }
    case 'seq': {
      const parts = node.items.map(shapeOf);
      let first = EMPTY;
      let nullable = true;
      for (const part of parts) {
        if (!nullable) break;
        first = union(first, part.first);
        nullable = part.nullable;
      }
      shape = {
        nullable,
        first,
        chars: parts.reduce((set, part) => union(set, part.chars), EMPTY),
        maxLength: parts.reduce((sum, part) => sum + part.maxLength, 0),
        fixed: parts.every((part) => part.fixed),
      };
      break;
    }
    case 'alt': {
      const parts = node.branches.map(shapeOf);
      shape = {
        nullable: parts.some((part) => part.nullable),
        first: parts.reduce((set, part) => union(set, part.first), EMPTY),
        chars: parts.reduce((set, part) => union(set, part.chars), EMPTY),
        maxLength: Math.max(...parts.map((part) => part.maxLength)),
        fixed: false,
      };
    }
  }
  shapes.set(node, shape!);
  return shape!;
}

/** Ways a failing match may re-try the text: a product of bounded choices, and the unbounded repeats that can stop anywhere. */
interface Tally {
  choices: number;
  ambiguous: Node[];
}

const isLarge = (node: Node) => shapeOf(node).maxLength > LARGE;
const unwrap = (node: Node): Node => (node.kind === 'group' ? unwrap(node.body) : node);

function startsAnchored(node: Node): boolean {
  if (node.kind === 'assert') return node.atStart;
  if (node.kind === 'group') return startsAnchored(node.body);
  if (node.kind === 'seq') return node.items.length > 0 && startsAnchored(node.items[0]);
  return node.kind === 'alt' && node.branches.every(startsAnchored);
}

/**
 * The degree of the polynomial in the text's length that bounds the steps of matching `node` and then the rest (whose
 * degree is `rest` and whose first characters are `follow`): a repeat that can stop anywhere the rest can start
 * multiplies the rest's cost by the text's length. Refuses the exponential shapes on the way.
 */
function degreeOf(node: Node, follow: CharSet, rest: number, tally: Tally, text: (node: Node) => string): number {
  switch (node.kind) {
    case 'chars':
    case 'assert':
      return rest;
    case 'group':
      return degreeOf(node.body, follow, rest, tally, text);
    case 'alt': {
      const starts = node.branches.map((branch) => {
        const shape = shapeOf(branch);
        return shape.nullable ? union(shape.first, follow) : shape.first;
      });
      if (starts.some((a, i) => starts.some((b, j) => j > i && intersects(a, b)))) tally.choices *= starts.length;
      return Math.max(...node.branches.map((branch) => degreeOf(branch, follow, rest, tally, text)));
    }
    case 'seq': {
      const { items } = node;
      items.forEach((item, i) => {
        if (!isLarge(item)) return;
        for (let j = i + 1; j < items.length; j++) {
          if (isLarge(items[j]) && intersects(shapeOf(item).chars, shapeOf(items[j]).first))
            throw new Refusal(
              `"${text(item)}" and "${text(items[j])}" repeat characters of the same kind with nothing required between them, so a failing match tries every way of sharing the text between them: that can take polynomial time; make them one repeat, e.g. "${text(item)}"`,
            );
          if (!shapeOf(items[j]).nullable) break;
        }
      });
      let degree = rest;
      let next = follow;
      for (let i = items.length - 1; i >= 0; i--) {
        degree = degreeOf(items[i], next, degree, tally, text);
        const shape = shapeOf(items[i]);
        next = shape.nullable ? union(shape.first, next) : shape.first;
      }
      return degree;
    }
    case 'rep': {
      const body = unwrap(node.body);
      const shape = shapeOf(node.body);
      if (node.max <= 1) {
        if (node.min === 0 && node.max === 1 && intersects(shape.first, follow)) tally.choices *= 2;
        return node.max === 0 ? rest : Math.max(rest, degreeOf(node.body, follow, rest, tally, text));
      }
      if (body.kind !== 'chars' && !shape.fixed) checkRepeatedGroup(node, body, tally, text);
      const variable = node.min !== node.max || !shape.fixed;
      const stopsAnywhere = variable && intersects(shape.fixed ? shape.first : shape.chars, follow);
      if (isLarge(node)) {
        if (!stopsAnywhere) return Math.max(1, rest);
        tally.ambiguous.push(node);
        return rest + 1;
      }
      if (stopsAnywhere) tally.choices *= Math.min(shapeOf(node).maxLength, LARGE) + 1;
      return rest;
    }
  }
}

/**
 * A group repeated more than once may hold choices only when each turn starts with a character nothing else in the
 * group can match (`(,\d+)*`): then the turns cannot share the text in more than one way.
 */
function checkRepeatedGroup(
  node: Extract<Node, { kind: 'rep' }>,
  body: Node,
  tally: Tally,
  text: (node: Node) => string,
): void {
  const items = body.kind === 'seq' ? body.items : [body];
  const separator = items[0];
  const others = items.slice(1).reduce((set, item) => union(set, shapeOf(item).chars), EMPTY);
  const inner: Tally = { choices: 1, ambiguous: [] };
  if (separator?.kind === 'chars' && !intersects(separator.set, others)) {
    degreeOf(body, separator.set, 0, inner, text);
    if (inner.choices === 1 && inner.ambiguous.length === 0) return;
  }
  const single = body.kind === 'rep' && unwrap(body.body).kind === 'chars';
  const alternatives = body.kind === 'alt' && body.branches.every((branch) => branch.kind === 'chars');
  const hint = single
    ? `write it without nesting, e.g. "${text(body)}"`
    : alternatives
      ? `use one character class instead of the alternatives, e.g. "[${(body as { branches: Node[] }).branches.map(text).join('')}]${text(node).slice(text(node.body).length)}"`
      : `start each repeated turn with a character nothing else in the group can match, e.g. "\\d+(,\\d+)*"`;
  throw new Refusal(
    `it repeats a group that itself repeats or offers alternatives, "${text(node)}", so a failing match tries every way of splitting the text between the turns: that can take exponential time; ${hint}`,
  );
}

/** Why the pattern may not run (invalid, unsafe, unknown flags), or undefined when it passes the gate. */
export function checkPattern(source: string, flags = ''): string | undefined {
  if (!/^[gimsuy]*$/.test(flags) || new Set(flags).size !== flags.length)
    return `its flags "${flags}" are not among g, i, m, s, u and y (each at most once)`;
  try {
    new RegExp(source, flags); // only compiled, never run: its syntax errors in the words of the engine that runs it
  } catch (error) {
    return `it is not a valid regular expression (${(error as Error).message})`;
  }
  try {
    const root = parse(source, flags);
    const text = (node: Node) => source.slice(node.start, node.end);
    const tally: Tally = { choices: 1, ambiguous: [] };
    const anchored = flags.includes('y') || (!flags.includes('m') && startsAnchored(root));
    const degree = degreeOf(root, EMPTY, 0, tally, text) + (anchored ? 0 : 1);
    if (degree >= 3) {
      const repeats = tally.ambiguous.map((node) => `"${text(node)}"`).join(' and ');
      return `${repeats} can ${tally.ambiguous.length > 1 ? 'each ' : ''}stop at any of many places where what follows can also match${anchored ? '' : ', and the match is tried from every position'}: that can take polynomial time on a long text; ${anchored ? '' : 'anchor it with "^", or '}make each repeat unable to match what follows it, e.g. "[^=]*=" rather than ".*="`;
    }
    if (tally.choices * MAX_PATTERN_INPUT ** degree > STEP_LIMIT)
      return `it can match the same text in too many ways (optional parts or alternatives that can match the same characters): that can take exponential time; make each optional part start with a character that what follows it cannot match`;
    return undefined;
  } catch (error) {
    if (error instanceof Refusal) return error.reason;
    return `the check could not read it (${String(error)})`;
  }
}

const accepted = new Map<string, RegExp | null>();

/** The pattern compiled when it passes the gate (once per pattern and flags), undefined when it does not. */
export function safeRegExp(source: string, flags = ''): RegExp | undefined {
  const key = `${flags}/${source}`;
  let regex = accepted.get(key);
  if (regex === undefined) {
    regex = checkPattern(source, flags) === undefined ? new RegExp(source, flags) : null;
    if (accepted.size >= 500) accepted.clear(); // drafts may try many patterns: keep the memory bounded
    accepted.set(key, regex);
  }
  return regex ?? undefined;
}

/** Whether a gated pattern matches the text; a text longer than MAX_PATTERN_INPUT is not scanned and does not match. */
export function testPattern(regex: RegExp, text: string): boolean {
  if (text.length > MAX_PATTERN_INPUT) return false;
  regex.lastIndex = 0; // a cached g or y pattern must not carry the last test's position
  return regex.test(text);
}

/** What runs a gated pattern: `test` as RegExp's, and a `toString` naming the pattern (ajv tells patterns apart by it). */
export interface PatternTester {
  test: (text: string) => boolean;
  toString: () => string;
}

/** The pattern as a tester bounded by MAX_PATTERN_INPUT, or undefined when the gate refuses it. */
export function patternTester(source: string, flags = ''): PatternTester | undefined {
  const regex = safeRegExp(source, flags);
  return regex && { test: (text) => testPattern(regex, text), toString: () => `/${source}/${flags}` };
}

/** ajv's `code.regExp`: a schema's `pattern` and `patternProperties` through the gate; a refused one never matches. */
export const patternEngine = Object.assign(
  (source: string, flags: string): PatternTester =>
    patternTester(source, flags) ?? { test: () => false, toString: () => `/${source}/${flags} (refused)` },
  { code: 'patternEngine' }, // ajv's name for it in standalone code, which we do not generate
);
