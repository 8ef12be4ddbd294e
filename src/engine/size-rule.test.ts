import { describe, expect, it } from 'vitest';
import { checkDefinition, compileDefinition, createSession, explainField, rulesActingOn } from './index';
import { makeWallsBundle } from './test-fixtures';
import type { Rule } from './types';

const wallCount = { if: [{ '==': [{ var: 'layout' }, '1'] }, 3, { '==': [{ var: 'layout' }, '2'] }, 2, 0] };
const sizeRule: Rule = {
  kind: 'size',
  id: 'walls:size',
  paths: ['wallLengthsFeet', 'doorOption', 'doorWidth'],
  atLeast: wallCount,
};

/** The fixture without its layout change rule (it fills the lengths itself), plus the size rule. */
function bundleWithSize(extra: Rule[] = []) {
  const bundle = makeWallsBundle([sizeRule, ...extra]);
  bundle.rules.rules = bundle.rules.rules.filter((rule) => rule.id !== 'layout-resizes');
  return bundle;
}

describe('size rule', () => {
  const definition = compileDefinition(bundleWithSize());

  it('pads every list to the count with empty entries, each from its own length', () => {
    const session = createSession(definition, { start: { wallLengthsFeet: [12], doorOption: ['Yes', 'No'] } });
    session.set('layout', '1');
    expect(session.state.data.wallLengthsFeet).toEqual([12, null, null]);
    expect(session.state.data.doorOption).toEqual(['Yes', 'No', null]);
    expect(session.state.data.doorWidth).toEqual([null, null, null]);
    expect(session.state.missing.map((m) => m.path)).toContain('wallLengthsFeet.2');
  });

  it('leaves a longer list as it is and neither disables nor holds what it padded', () => {
    const session = createSession(definition, { start: { layout: '1', wallLengthsFeet: [10, 11, 12, 13] } });
    expect(session.state.data.wallLengthsFeet).toEqual([10, 11, 12, 13]);
    session.set('layout', '2');
    expect(session.state.data.wallLengthsFeet).toEqual([10, 11, 12, 13]);
    expect(session.state.data.doorOption).toEqual([null, null, null]);
    expect(session.state.disabled).toEqual([]);
    session.set('doorOption.1', 'Yes');
    expect(session.state.data.doorOption).toEqual([null, 'Yes', null]);
  });

  it('takes an empty, negative or fractional count as a whole number from 0', () => {
    const fractional = compileDefinition(
      makeWallsBundle([{ ...sizeRule, atLeast: { '-': [{ var: 'windLoad' }, 0.5] } }]),
    );
    const session = createSession(fractional, { start: { windLoad: 3 } });
    expect(session.state.data.doorOption).toEqual([null, null]);
    session.set('windLoad', -4);
    expect(session.state.data.doorOption).toEqual([null, null]);
    expect(createSession(fractional).state.data.doorOption).toBeUndefined();
  });

  it('gives the same lists as a fresh load of the edited answers', () => {
    const session = createSession(definition);
    for (const layout of ['2', '1', '3', '1']) session.set('layout', layout);
    expect(createSession(definition, { start: session.state.data }).state.data).toEqual(session.state.data);
  });

  it('is listed on each list it pads, and the why panel reads its count', () => {
    const { acting } = rulesActingOn(definition, 'doorOption');
    expect(acting.filter((rule) => rule.id === 'walls:size').map((rule) => [rule.actions, rule.targets])).toEqual([
      [['size'], ['/paths/1']],
    ]);
    const why = explainField(definition, { data: { layout: '2' } }, 'doorOption');
    const size = why.rules.find((rule) => rule.id === 'walls:size');
    expect(size).toMatchObject({ value: 2, applies: true, fired: true });
    expect(size?.inputs).toContainEqual({ at: '/atLeast', variable: 'layout', value: '2' });
  });
});

describe('size rule, static check', () => {
  const checksOf = (rules: Rule[]) =>
    checkDefinition(makeWallsBundle(rules)).map((p) => `${p.check} ${p.path}: ${p.reason}`);

  it('does not tie its lists to each other: padding twelve lists is no cycle', () => {
    expect(checksOf([sizeRule])).toEqual([]);
  });

  it('reports a loop through its count (a list padded to a count that a force sets from the list)', () => {
    const problems = checksOf([
      { ...sizeRule, paths: ['doorOption'], atLeast: { var: 'windLoad' } },
      { kind: 'force', set: { windLoad: { '+': [{ length: { '??': [{ var: 'doorOption' }, []] } }, 1] } } },
    ]);
    expect(problems).toEqual([
      expect.stringMatching(
        /^cycle \/rules\/1[45]\/\w+\/\w+: reset\/force cycle: doorOption -> windLoad -> doorOption$/,
      ),
    ]);
  });

  it('names a path that is not a list, and an unknown path', () => {
    expect(checksOf([{ ...sizeRule, paths: ['windLoad', 'wallHeights'] }])).toEqual([
      'unknown-path /rules/14/paths/1: unknown path "wallHeights": the form\'s schema has no such field',
      'unknown-path /rules/14/paths/0: size pads lists: "windLoad" is not one (integer)',
    ]);
  });

  it('refuses a size rule without a count, or one repeated per index', () => {
    const problems = checkDefinition(
      makeWallsBundle([
        { kind: 'size', paths: ['doorOption'] } as unknown as Rule,
        { ...sizeRule, paths: ['doorOption.{i}'] },
      ]),
    );
    expect(problems.map((p) => `${p.check} ${p.path}`)).toEqual(
      expect.arrayContaining(['schema /rules/14', 'schema /rules/15/paths/0']),
    );
  });
});
