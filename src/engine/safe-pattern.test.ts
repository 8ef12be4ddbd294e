import { describe, expect, it } from 'vitest';
import {
  applyNormalizeSteps,
  checkDefinition,
  checkPattern,
  compileCheckedDefinition,
  compileDefinition,
  createSession,
  DefinitionError,
  MAX_PATTERN_INPUT,
  patternEngine,
  type DefinitionBundle,
  type Rule,
} from './index';
import { createLogicEngine, prepareExpression } from './operators';
import { makeWallsBundle } from './test-fixtures';

/** Patterns that pass: every one our definitions, meta-schema and API contracts hold, and common field formats. */
const SAFE: [pattern: string, flags?: string][] = [
  // definitions/ (validate patterns and `matches`)
  ['^[^@]*$'],
  ['^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$'],
  ['^[A-Za-z]{0,3}$'],
  ['^(\\d{5}|[A-Za-z]\\d[A-Za-z] ?\\d[A-Za-z]\\d)$'],
  ['^\\d{4}$'],
  ['^\\d+$'],
  // schemas/definition.schema.json and src/contracts (ajv runs them through the gate too)
  ['^[a-z][a-z0-9-]*$', 'u'],
  ['^[A-Za-z][A-Za-z0-9_]*$', 'u'],
  ['^[A-Z0-9]{1,8}$', 'u'],
  ['\\{i\\}', 'u'],
  ['^[^\\u0000]*$', 'u'],
  ['^[0-9a-f]{64}$', 'u'],
  ['^[a-z.-]{1,40}$', 'u'],
  ['^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$', 'u'],
  ['^[a-z0-9][a-z0-9-]{0,63}$', 'u'],
  ['^[1-9][0-9]{0,9}$', 'u'],
  ['^(definitions|tests/golden)(/[A-Za-z0-9_][A-Za-z0-9._-]{0,127}){1,8}\\.json$', 'u'],
  ['^(definitions|tests/golden)(/[A-Za-z0-9_][A-Za-z0-9._-]{0,127}){0,7}$', 'u'],
  // common formats
  ['^\\d{5}(-\\d{4})?$'],
  ['^\\(?\\d{3}\\)?[-.\\s]?\\d{3}[-.\\s]?\\d{4}$'],
  ['^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$'],
  ['^[A-Z]{2}$', 'i'],
  ['^[A-Z]\\d[A-Z] ?\\d[A-Z]\\d$', 'i'],
  ['^\\d+(,\\d+)*$'],
  ['^[a-z0-9]+(-[a-z0-9]+)*$'],
  ['^(\\d{3}-)+\\d{4}$'],
  ['^.*=.*$'],
  ['\\s+', 'g'],
  ['\\s*,\\s*', 'g'],
  ['[^0-9.]', 'g'],
  ['^0+', 'y'],
  ['\\bfoo\\b', 'i'],
  ['^(?<area>\\d{3})-(?:\\d{4})$'],
  ['^\\p{Lu}+$', 'u'],
];

/** Patterns refused, each with what its reason must say. */
const REFUSED: [pattern: string, reason: RegExp, flags?: string][] = [
  [
    '(a+)+',
    /^"\(a\+\)\+" repeats a group that itself repeats or branches, which can take exponential time: write "a\+"$/,
  ],
  ['^(a+)+$', /"\(a\+\)\+" repeats a group that itself repeats/],
  ['(a*)*', /repeats a group .*write "a\*"/],
  ['(a|b)*', /repeats a group .*use a character class, e\.g\. "\[ab\]\*"/],
  ['(a|aa)+', /"\(a\|aa\)\+" repeats a group .*start each turn with a character the rest of the group cannot match/],
  ['(\\w+\\s?)+$', /repeats a group/],
  ['^(\\d+\\s?)+$', /repeats a group/],
  ['(.*a){20}', /repeats a group/],
  ['([a-z]+)*', /repeats a group.*write "\[a-z\]\+"/],
  ['^((ab)*)+$', /repeats a group/],
  ['(,\\d+\\d*)*', /^"\\d\+" and "\\d\*" compete for the same characters, which can take polynomial time/],
  ['\\d*\\d*\\d*x', /"\\d\*" and "\\d\*" compete/],
  ['.*.*=.*', /"\.\*" and "\.\*" compete/],
  ['^\\s*\\w*\\s*$', /"\\s\*" and "\\s\*" compete/, 'u'],
  ['^\\d+-?\\d+$', /"\\d\+" and "\\d\+" compete/],
  ['.*a.*b', /^"\.\*" and "\.\*" can stop at many places, from every start, .*polynomial.*anchor it with "\^"/],
  ['[^\\s@]+@[^\\s@]+\\.[^\\s@]+', /^"\[\^\\s@\]\+" can stop at many places, from every start/],
  ['^.*a.*b.*c$', /can stop at many places, which can take polynomial time/],
  [`${'a?'.repeat(30)}${'a'.repeat(30)}`, /too many ways, which can take exponential time/],
  ['(a|a)'.repeat(30), /too many ways/],
  ['(a)\\1', /^"\\1" refers back to a group, which can take exponential time/],
  ['(?<x>a)\\k<x>', /refers back to a group/],
  ['(?=a)b', /^"\(\?=" looks ahead or behind/],
  ['(?!a)b', /looks ahead or behind/],
  ['(?<=a)b', /^"\(\?<=" looks ahead or behind/],
  ['(?<!a)b', /looks ahead or behind/],
  ['(', /^it is not valid/],
  ['a', /flags "x"/, 'x'],
  ['a', /flags "gg"/, 'gg'],
  ['[a-z]+', /flags "v"/, 'v'],
];

describe('the pattern gate', () => {
  it.each(SAFE)('lets %s (flags %s) run', (pattern, flags) => {
    expect(checkPattern(pattern, flags)).toBeUndefined();
  });

  it.each(REFUSED)('refuses %s and says why', (pattern, reason, flags) => {
    expect(checkPattern(pattern, flags)).toMatch(reason);
  });

  it('refuses at least twenty shapes of catastrophic backtracking besides bad syntax and flags', () => {
    expect(REFUSED.filter(([, reason]) => !/valid|flags/.test(String(reason))).length).toBeGreaterThanOrEqual(20);
  });

  it('folds case with the i flag: [a-z]+ and [A-Z]+ then compete for the same letters', () => {
    expect(checkPattern('^[a-z]+[A-Z]+$')).toBeUndefined();
    expect(checkPattern('^[a-z]+[A-Z]+$', 'i')).toMatch(/compete for the same characters/);
  });

  it('gives ajv a tester that never runs a refused pattern nor scans a text past the limit', () => {
    const unsafe = patternEngine('^(a+)+$', 'u');
    expect(unsafe.test('aaaa')).toBe(false);
    const zip = patternEngine('^\\d+$', 'u');
    expect(zip.test('1'.repeat(MAX_PATTERN_INPUT))).toBe(true);
    expect(zip.test('1'.repeat(MAX_PATTERN_INPUT + 1))).toBe(false);
    expect(String(zip)).not.toBe(String(patternEngine('^\\d*$', 'u'))); // ajv keys its patterns by toString
  });
});

describe('the four places a pattern runs', () => {
  const hostile = { '!': { matches: ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!', '^(a+)+$'] } };
  const hostileRule: Rule = { kind: 'validate', id: 'no-backtracking', path: 'email', test: hostile, message: 'x' };

  const problemsOf = (bundle: DefinitionBundle) => {
    try {
      compileDefinition(bundle);
      return [];
    } catch (error) {
      if (!(error instanceof DefinitionError)) throw error;
      return error.problems;
    }
  };

  it('a matches in a rule: the definition is refused when it loads, naming the file, the rule and the pattern', () => {
    const problems = checkDefinition(makeWallsBundle([hostileRule]));
    expect(problems).toContainEqual({
      file: 'definitions/walls/rules.json',
      path: '/rules/14/test/!/matches/1',
      check: 'expression',
      severity: 'error',
      reason: expect.stringMatching(/^rule "no-backtracking": the pattern "\^\(a\+\)\+\$" is refused: .*exponential/),
    });
  });

  it('the page compiles the same way: compileCheckedDefinition refuses the hostile rule too', () => {
    expect(() => compileCheckedDefinition(makeWallsBundle([hostileRule]))).toThrow(/rule "no-backtracking".*\(a\+\)\+/);
  });

  it('a matches whose pattern is not written as text cannot be checked, so it is refused', () => {
    const rule: Rule = {
      kind: 'validate',
      id: 'pattern-from-answer',
      path: 'email',
      test: { matches: [{ var: 'email' }, { var: 'email' }] },
      message: 'x',
    };
    expect(problemsOf(makeWallsBundle([rule]))).toEqual([
      expect.objectContaining({
        path: '/rules/14/test/matches',
        reason: expect.stringMatching(/^rule "pattern-from-answer": "matches" needs its pattern .* written as text/),
      }),
    ]);
  });

  it('a validate rule pattern and a normalize replace are refused by path and rule', () => {
    const problems = problemsOf(
      makeWallsBundle([
        { kind: 'validate', id: 'email-shape', path: 'email', pattern: '^([a-z]+)*@', message: 'x' },
        { kind: 'normalize', id: 'squeeze', path: 'email', steps: ['trim', { replace: '\\s*\\s*', with: ' ' }] },
      ]),
    );
    expect(problems.map((p) => [p.path, p.reason.split(':')[0]])).toEqual([
      ['/rules/14/pattern', 'rule "email-shape"'],
      ['/rules/15/steps/1/replace', 'rule "squeeze"'],
    ]);
  });

  it("the schema's pattern and patternProperties are refused by their JSON path", () => {
    const bundle = makeWallsBundle();
    const properties = bundle.schema.properties as Record<string, Record<string, unknown>>;
    properties.email.pattern = '^(\\w+\\s?)+$';
    properties.extras = { type: 'object', patternProperties: { '^(a|a)*$': { type: 'string' } } };
    expect(problemsOf(bundle)).toEqual([
      expect.objectContaining({
        file: 'definitions/walls/schema.json',
        path: '/properties/email/pattern',
        reason: expect.stringMatching(/^the schema: the pattern "\^\(\\w\+\\s\?\)\+\$" is refused/),
      }),
      expect.objectContaining({ path: '/properties/extras/patternProperties/^(a|a)*$' }),
    ]);
  });

  it('patterns that pass run as before; a text longer than the limit does not match', () => {
    const bundle = makeWallsBundle([
      { kind: 'validate', id: 'note-at', path: 'note', pattern: '^[^@]+@[^@]+$', message: 'Needs one @' },
    ]);
    (bundle.schema.properties as Record<string, unknown>).note = { type: 'string' };
    const session = createSession(compileDefinition(bundle));
    expect(session.set('note', 'a@b').errors.note).toBeUndefined();
    expect(session.set('note', 'ab').errors.note).toBe('Needs one @');
    expect(session.set('note', `${'a'.repeat(MAX_PATTERN_INPUT)}@b`).errors.note).toBe('Needs one @');

    const engine = createLogicEngine();
    const matches = (text: string, pattern: string) =>
      prepareExpression(engine, { matches: [{ var: 'text' }, pattern] }, 'compiled')({ text });
    expect(matches('12345', '^\\d+$')).toBe(true);
    expect(matches('1'.repeat(MAX_PATTERN_INPUT + 1), '^\\d+$')).toBe(false);
    expect(matches('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!', '^(a+)+$')).toBe(false); // never run, even past the checks

    expect(applyNormalizeSteps(' a  b ', [{ replace: '\\s+', with: ' ' }])).toBe(' a b ');
    expect(applyNormalizeSteps('a  b', [{ replace: '(\\s+)+', with: ' ' }])).toBe('a  b');
  });
});
