import { describe, expect, it } from 'vitest';
import {
  checkDefinition,
  compileDefinition,
  createSession,
  DefinitionError,
  type DefinitionBundle,
  type Rule,
} from './index';
import { expandRulesFile } from './conditions';
import { makeWallsBundle } from './test-fixtures';

const isCathedral = { '==': [{ var: 'roomStyle' }, 'CATHEDRAL'] };

/** The walls fixture with named conditions and extra rules. */
function withConditions(conditions: Record<string, unknown>, rules: Rule[]): DefinitionBundle {
  const bundle = makeWallsBundle(rules);
  bundle.rules.conditions = conditions;
  return bundle;
}

describe('named conditions', () => {
  it('a {"cond": name} acts exactly like the inline condition, also through another condition', () => {
    const bundle = withConditions(
      {
        isCathedral,
        hasLongFirstWall: { '>': [{ var: 'wallLengthsFeet.0' }, 10] },
        isBigCathedral: { and: [{ cond: 'isCathedral' }, { cond: 'hasLongFirstWall' }] },
      },
      [
        { kind: 'hide', id: 'named', path: 'email', when: { cond: 'isBigCathedral' } },
        { kind: 'disable', id: 'named-in-not', path: 'windLoad', when: { '!': { cond: 'isCathedral' } } },
      ],
    );
    const session = createSession(compileDefinition(bundle));
    expect(session.state.hidden).not.toContain('email');
    expect(session.state.disabled).toContain('windLoad');
    session.set('roomStyle', 'CATHEDRAL');
    expect(session.state.disabled).not.toContain('windLoad');
    expect(session.state.hidden).not.toContain('email');
    session.set('layout', '3');
    session.set('wallLengthsFeet.0', 12);
    expect(session.state.hidden).toContain('email');
    session.set('wallLengthsFeet.0', 8);
    expect(session.state.hidden).not.toContain('email');
  });

  it('is expanded once at compile time: the compiled rule reads the fields the condition reads (the memo sees through cond)', () => {
    const rules = withConditions({ isCathedral }, [
      { kind: 'hide', path: 'email', when: { cond: 'isCathedral' } },
    ]).rules;
    const expanded = expandRulesFile(rules);
    expect(expanded.problems).toEqual([]);
    expect(expanded.rules.rules.at(-1)).toEqual({ kind: 'hide', path: 'email', when: isCathedral });
    expect('conditions' in expanded.rules).toBe(false);
  });

  it('refuses an unknown condition, naming where it is used and what is defined', () => {
    const bundle = withConditions({ isCathedral }, [{ kind: 'hide', path: 'email', when: { cond: 'isCathedrale' } }]);
    expect(() => compileDefinition(bundle)).toThrow(DefinitionError);
    expect(checkDefinition(bundle)).toContainEqual(
      expect.objectContaining({
        check: 'condition',
        severity: 'error',
        path: '/rules/14/when',
        reason: 'unknown condition "isCathedrale" (defined: isCathedral)',
      }),
    );
  });

  it('refuses conditions that use each other in a cycle, naming the chain', () => {
    const bundle = withConditions({ a: { and: [{ cond: 'b' }, true] }, b: { '!': { cond: 'a' } } }, [
      { kind: 'hide', path: 'email', when: { cond: 'a' } },
    ]);
    expect(() => compileDefinition(bundle)).toThrow(/condition cycle: a -> b -> a/);
    expect(checkDefinition(bundle).map((p) => p.reason)).toContain('condition cycle: a -> b -> a');
  });

  it('check:definitions names an unused condition (a warning) and unknown paths read inside a condition', () => {
    const problems = checkDefinition(
      withConditions({ isCathedral, isGable: { '==': [{ var: 'roomStile' }, 'GABLE'] } }, [
        { kind: 'hide', path: 'email', when: { cond: 'isCathedral' } },
      ]),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({
        check: 'condition',
        severity: 'warning',
        path: '/conditions/isGable',
        reason: 'condition "isGable" is never used',
      }),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({
        check: 'unknown-path',
        path: '/conditions/isGable',
        reason: 'expression reads unknown path "roomStile"',
      }),
    );
    expect(problems.filter((p) => p.path === '/conditions/isCathedral')).toEqual([]);
  });

  it('a condition used only by another used condition counts as used', () => {
    const problems = checkDefinition(
      withConditions({ isCathedral, isNotCathedral: { '!': { cond: 'isCathedral' } } }, [
        { kind: 'hide', path: 'email', when: { cond: 'isNotCathedral' } },
      ]),
    );
    expect(problems).toEqual([]);
  });

  it('rule checks see through cond: a never-firing comparison inside a condition is still found', () => {
    const problems = checkDefinition(
      withConditions({ isGable: { '==': [{ var: 'roomStyle' }, 'GABLE'] } }, [
        { kind: 'hide', path: 'email', when: { cond: 'isGable' } },
      ]),
    );
    expect(problems).toContainEqual(expect.objectContaining({ check: 'never-fires', path: '/rules/14/when' }));
  });

  it('the meta-schema refuses a condition name that is not a plain name', () => {
    const problems = checkDefinition(withConditions({ 'is cathedral': isCathedral }, []));
    expect(problems[0]).toMatchObject({ check: 'schema', path: '/conditions' });
  });
});
