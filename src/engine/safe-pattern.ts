/**
 * The one gate every regular expression of a definition passes before it runs (issue 43): the pattern is parsed into a
 * small tree and refused when a backtracking engine (the browser's, Node's) could spend exponential or high polynomial
 * time on it — backreferences, lookarounds, a repeated group that itself repeats or branches, repeats that compete for
 * the same characters — with a reason product staff can act on. What passes costs at most about n² steps on a text of
 * n characters, and texts longer than MAX_PATTERN_INPUT are never scanned. No Node API: the page runs it too.
 */
import { DEFAULT_MAX_TEXT_LENGTH } from './schema-paths';

/** Longest text a pattern is run on (the server's default cap of a string field): a longer one does not match. */
export const MAX_PATTERN_INPUT = DEFAULT_MAX_TEXT_LENGTH;

/** Repeats allowing more characters than this count as unbounded (`\d{0,500}` costs what `\d*` costs). */
const LARGE = 100;
/** Most backtracking steps a pattern may take on a MAX_PATTERN_INPUT text, by the estimate below (~50 ms). */
const STEP_LIMIT = 10 * MAX_PATTERN_INPUT ** 2;

/** ASCII as four 32-bit words, then 1 when some character above 127 may belong: an over-estimate is the safe side. */
type CharSet = number[];

const EMPTY: CharSet = [0, 0, 0, 0, 0];
const ANY: CharSet = [-1, -1, -1, -1, 1];
const DIGITS: CharSet = [0, 0x03ff0000, 0, 0, 0];
const WORD: CharSet = [0, 0x03ff0000, 0x87fffffe, 0x07fffffe, 0];
const SPACE: CharSet = [0x3e00, 1, 0, 0, 1];
const LINE_ENDS: CharSet = [0x2400, 0, 0, 0, 0];
const union = (a: CharSet, b: CharSet): CharSet => a.map((word, i) => word | b[i]);
const intersects = (a: CharSet, b: CharSet) => a.some((word, i) => (word & b[i]) !== 0);
const complement = (a: CharSet): CharSet => [~a[0], ~a[1], ~a[2], ~a[3], 1];
const ESCAPED_SETS: Record<string, CharSet> = {
  d: DIGITS,
  D: complement(DIGITS),
  w: WORD,
  W: complement(WORD),
  s: SPACE,
  S: complement(SPACE),
};

function rangeSet(low: number, high: number): CharSet {
  const set = [0, 0, 0, 0, high > 127 ? 1 : 0];
  for (let c = low; c <= Math.min(high, 127); c++) set[c >> 5] |= 1 << (c & 31);
  return set;
}

/** With the i flag: both cases of every letter, and maybe non-ASCII ones too (k matches the Kelvin sign). */
function foldCase([a, b, upper, lower, other]: CharSet): CharSet {
  const letters = (upper | lower) & 0x07fffffe;
  return [a, b, upper | letters, lower | letters, letters ? 1 : other];
}

type Node = { start: number; end: number } & (
  | { kind: 'chars'; set: CharSet }
  | { kind: 'assert'; atStart: boolean }
  | { kind: 'seq'; items: Node[] }
  | { kind: 'alt'; branches: Node[] }
  | { kind: 'group'; body: Node }
  | { kind: 'rep'; body: Node; min: number; max: number }
);
type Rep = Extract<Node, { kind: 'rep' }>;

/** A pattern the gate turns down, with the reason. */
class Refusal {
  constructor(readonly reason: string) {}
}
const refuse = (reason: string): never => {
  throw new Refusal(reason);
};

/** A reader of JavaScript's pattern syntax, run after `new RegExp` accepted it (so only valid syntax arrives). */
function parse(source: string, flags: string): Node {
  const unicode = flags.includes('u');
  let pos = 0;
  const chars = (set: CharSet, start: number): Node => ({
    kind: 'chars',
    set: flags.includes('i') ? foldCase(set) : set,
    start,
    end: pos,
  });
  const at = (pattern: RegExp) => {
    pattern.lastIndex = pos;
    return pattern.exec(source);
  };
  const code = () => {
    const c = (unicode ? source.codePointAt(pos) : source.charCodeAt(pos))!;
    pos += c > 0xffff ? 2 : 1;
    return c;
  };

  /** After a backslash: a set (\d, \w, ...), a character code, or undefined for \b and \B outside a class. */
  function escape(inClass: boolean): CharSet | number | undefined {
    const start = pos - 1;
    const c = source[pos++];
    if (ESCAPED_SETS[c]) return ESCAPED_SETS[c];
    if (/[1-9k]/.test(c))
      refuse(
        `"${source.slice(start, pos)}" refers back to a group, which can take exponential time: repeat the group's pattern`,
      );
    if (c === 'b' || c === 'B') return inClass ? (c === 'b' ? 8 : 66) : undefined;
    if ('tnvfr'.includes(c)) return 9 + 'tnvfr'.indexOf(c);
    pos--;
    // \cX, \0, \xHH, \uHHHH, \u{H…}, \p{…}: one character, taken as any character (the safe side)
    const coded = at(/c[a-z]|0|x[\da-f]{2}|u[\da-f]{4}|u\{[\da-f]+\}|p\{[^}]*\}/iy)?.[0];
    if (coded) {
      pos += coded.length;
      return ANY;
    }
    return code();
  }

  const classAtom = (): CharSet | number =>
    source[pos] === '\\' && ++pos ? (escape(true) as CharSet | number) : code();
  const toSet = (atom: CharSet | number) => (typeof atom === 'number' ? rangeSet(atom, atom) : atom);

  function characterClass(start: number): Node {
    const negated = source[pos] === '^';
    if (negated) pos++;
    let set = EMPTY;
    while (source[pos] !== ']') {
      const low = classAtom();
      if (source[pos] === '-' && source[pos + 1] !== ']') {
        pos++;
        const high = classAtom();
        set = union(
          set,
          typeof low === 'number' && typeof high === 'number'
            ? rangeSet(low, high)
            : union(union(toSet(low), toSet(high)), rangeSet(45, 45)),
        );
      } else set = union(set, toSet(low));
    }
    pos++;
    return chars(negated ? complement(flags.includes('i') ? foldCase(set) : set) : set, start);
  }

  function quantifier(): { min: number; max: number } | undefined {
    const braces = at(/[*+?]|\{(\d+)(,(\d*))?\}/y);
    if (!braces) return undefined; // a "{" that opens no quantifier is a literal outside the u flag
    pos += braces[0].length;
    if (source[pos] === '?') pos++; // lazy: the same worst case
    const [token, min, comma, max] = braces;
    if (token === '*') return { min: 0, max: Infinity };
    if (token === '+') return { min: 1, max: Infinity };
    if (token === '?') return { min: 0, max: 1 };
    return { min: Number(min), max: comma === undefined ? Number(min) : max === '' ? Infinity : Number(max) };
  }

  function term(): Node {
    const start = pos;
    const c = source[pos++];
    if (c === '^' || c === '$') return { kind: 'assert', atStart: c === '^', start, end: pos };
    if (c === '.') return chars(flags.includes('s') ? ANY : complement(LINE_ENDS), start);
    if (c === '[') return characterClass(start);
    if (c === '\\') {
      const found = escape(false);
      return found === undefined ? { kind: 'assert', atStart: false, start, end: pos } : chars(toSet(found), start);
    }
    if (c === '(') {
      const opening = at(/\?(?:<?[=!]|:|<[^>]*>)?/y)?.[0] ?? '';
      if (/[=!]/.test(opening))
        refuse(`"(${opening}" looks ahead or behind, which cannot be bounded: use a second rule or a test`);
      if (opening === '?') refuse(`"(?${source[pos + 1]}" is not supported`);
      pos += opening.length;
      const body = alternation();
      pos++;
      return { kind: 'group', body, start, end: pos };
    }
    pos = start;
    return chars(toSet(code()), start);
  }

  function sequence(): Node {
    const start = pos;
    const items: Node[] = [];
    while (pos < source.length && source[pos] !== '|' && source[pos] !== ')') {
      const atom = term();
      const bounds = quantifier();
      items.push(bounds ? { kind: 'rep', body: atom, ...bounds, start: atom.start, end: pos } : atom);
    }
    return items.length === 1 ? items[0] : { kind: 'seq', items, start, end: pos };
  }

  function alternation(): Node {
    const start = pos;
    const branches = [sequence()];
    while (source[pos] === '|' && ++pos) branches.push(sequence());
    return branches.length === 1 ? branches[0] : { kind: 'alt', branches, start, end: pos };
  }

  return alternation();
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
  if (node.kind === 'chars') shape = { nullable: false, first: node.set, chars: node.set, maxLength: 1, fixed: true };
  else if (node.kind === 'assert') shape = { nullable: true, first: EMPTY, chars: EMPTY, maxLength: 0, fixed: true };
  else if (node.kind === 'group') shape = shapeOf(node.body);
  else if (node.kind === 'rep') {
    const body = shapeOf(node.body);
    const none = node.max === 0;
    shape = {
      nullable: node.min === 0 || body.nullable,
      first: none ? EMPTY : body.first,
      chars: none ? EMPTY : body.chars,
      maxLength: none || body.maxLength === 0 ? 0 : body.maxLength * node.max,
      fixed: body.fixed && node.min === node.max,
    };
  } else {
    const parts = (node.kind === 'seq' ? node.items : node.branches).map(shapeOf);
    const isSeq = node.kind === 'seq';
    let first = EMPTY;
    for (const part of parts) {
      first = union(first, part.first);
      if (isSeq && !part.nullable) break;
    }
    shape = {
      nullable: isSeq ? parts.every((part) => part.nullable) : parts.some((part) => part.nullable),
      first,
      chars: parts.reduce((set, part) => union(set, part.chars), EMPTY),
      maxLength: parts.reduce((sum, part) => (isSeq ? sum + part.maxLength : Math.max(sum, part.maxLength)), 0),
      fixed: isSeq && parts.every((part) => part.fixed),
    };
  }
  shapes.set(node, shape);
  return shape;
}

const isLarge = (node: Node) => shapeOf(node).maxLength > LARGE;
const unwrap = (node: Node): Node => (node.kind === 'group' ? unwrap(node.body) : node);
const startsAnchored = (node: Node): boolean =>
  node.kind === 'assert'
    ? node.atStart
    : node.kind === 'group'
      ? startsAnchored(node.body)
      : node.kind === 'seq'
        ? node.items.length > 0 && startsAnchored(node.items[0])
        : node.kind === 'alt' && node.branches.every(startsAnchored);

/** Ways a failing match may re-try the text: a product of bounded choices, and the unbounded repeats that can stop anywhere. */
interface Tally {
  choices: number;
  ambiguous: Node[];
}

/** Why the pattern may not run (invalid, unsafe, unknown flags), or undefined when it passes the gate. */
export function checkPattern(source: string, flags = ''): string | undefined {
  if (!/^[gimsuy]*$/.test(flags) || new Set(flags).size !== flags.length)
    return `its flags "${flags}" are not g, i, m, s, u or y (each once)`;
  try {
    new RegExp(source, flags); // compiled, never run: a syntax error in the words of the engine that would run it
  } catch (error) {
    return `it is not valid (${(error as Error).message})`;
  }
  const text = (node: Node) => source.slice(node.start, node.end);

  /**
   * The degree of the polynomial in the text's length bounding the steps of matching `node` and then the rest (of
   * degree `rest`, starting with `follow`): a repeat that can stop anywhere the rest can start multiplies the rest's
   * cost by the text's length. Refuses the exponential shapes on the way.
   */
  function degreeOf(node: Node, follow: CharSet, rest: number, tally: Tally): number {
    if (node.kind === 'chars' || node.kind === 'assert') return rest;
    if (node.kind === 'group') return degreeOf(node.body, follow, rest, tally);
    if (node.kind === 'alt') {
      const starts = node.branches.map((branch) =>
        shapeOf(branch).nullable ? union(shapeOf(branch).first, follow) : shapeOf(branch).first,
      );
      if (starts.some((a, i) => starts.some((b, j) => j > i && intersects(a, b)))) tally.choices *= starts.length;
      return Math.max(...node.branches.map((branch) => degreeOf(branch, follow, rest, tally)));
    }
    if (node.kind === 'seq') {
      const { items } = node;
      items.forEach((item, i) => {
        for (let j = i + 1; isLarge(item) && j < items.length; j++) {
          if (isLarge(items[j]) && intersects(shapeOf(item).chars, shapeOf(items[j]).first))
            refuse(
              `"${text(item)}" and "${text(items[j])}" compete for the same characters, which can take polynomial time: make them one repeat`,
            );
          if (!shapeOf(items[j]).nullable) break;
        }
      });
      let degree = rest;
      for (let i = items.length - 1; i >= 0; i--) {
        degree = degreeOf(items[i], follow, degree, tally);
        follow = shapeOf(items[i]).nullable ? union(shapeOf(items[i]).first, follow) : shapeOf(items[i]).first;
      }
      return degree;
    }
    const shape = shapeOf(node.body);
    if (node.max <= 1) {
      if (node.min < node.max && intersects(shape.first, follow)) tally.choices *= 2;
      return node.max === 0 ? rest : Math.max(rest, degreeOf(node.body, follow, rest, tally));
    }
    if (unwrap(node.body).kind !== 'chars' && !shape.fixed) checkRepeatedGroup(node);
    const stopsAnywhere =
      (node.min !== node.max || !shape.fixed) && intersects(shape.fixed ? shape.first : shape.chars, follow);
    if (isLarge(node)) {
      if (!stopsAnywhere) return Math.max(1, rest);
      tally.ambiguous.push(node);
      return rest + 1;
    }
    if (stopsAnywhere) tally.choices *= Math.min(shapeOf(node).maxLength, LARGE) + 1;
    return rest;
  }

  /** A group repeated more than once may hold choices only when each turn starts with a character nothing else in it matches (`(,\d+)*`). */
  function checkRepeatedGroup(node: Rep): void {
    const body = unwrap(node.body);
    const [separator, ...others] = body.kind === 'seq' ? body.items : [body];
    const rest = others.reduce((set, item) => union(set, shapeOf(item).chars), EMPTY);
    if (separator.kind === 'chars' && !intersects(separator.set, rest)) {
      const inner: Tally = { choices: 1, ambiguous: [] };
      degreeOf(body, separator.set, 0, inner);
      if (inner.choices === 1 && inner.ambiguous.length === 0) return;
    }
    const quantifier = text(node).slice(text(node.body).length);
    refuse(
      `"${text(node)}" repeats a group that itself repeats or branches, which can take exponential time: ${
        body.kind === 'rep' && unwrap(body.body).kind === 'chars'
          ? `write "${text(body)}"`
          : body.kind === 'alt' && body.branches.every((branch) => branch.kind === 'chars')
            ? `use a character class, e.g. "[${body.branches.map(text).join('')}]${quantifier}"`
            : `start each turn with a character the rest of the group cannot match, e.g. "(,\\d+)*"`
      }`,
    );
  }

  try {
    const root = parse(source, flags);
    const tally: Tally = { choices: 1, ambiguous: [] };
    const anchored = flags.includes('y') || (!flags.includes('m') && startsAnchored(root));
    const degree = degreeOf(root, EMPTY, 0, tally) + (anchored ? 0 : 1);
    if (degree >= 3)
      return `${tally.ambiguous.map((node) => `"${text(node)}"`).join(' and ')} can stop at many places${anchored ? '' : ', from every start'}, which can take polynomial time: ${anchored ? '' : 'anchor it with "^" or '}make each repeat unable to match what follows it ([^=]*= for .*=)`;
    if (tally.choices * MAX_PATTERN_INPUT ** degree > STEP_LIMIT)
      return 'it matches the same text in too many ways, which can take exponential time: make each optional part start with a character what follows cannot match';
    return undefined;
  } catch (error) {
    return error instanceof Refusal ? error.reason : `the check cannot read it (${String(error)})`;
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
