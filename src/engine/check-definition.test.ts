import { describe, expect, it } from 'vitest';
import { checkDefinition, compileDefinition, DefinitionError, type Rule } from './index';
import { makeWallsBundle } from './test-fixtures';

const checksOf = (rules: Rule[]) =>
  checkDefinition(makeWallsBundle(rules)).map((p) => `${p.check} ${p.path}: ${p.reason}`);

describe('checkDefinition', () => {
  it('finds nothing wrong in a sound definition', () => {
    expect(checkDefinition(makeWallsBundle())).toEqual([]);
  });

  it('reports a rule that breaks the meta-schema with file, JSON path and reason', () => {
    const bundle = makeWallsBundle([{ kind: 'required', path: 'email', lable: 'Email' } as unknown as Rule]);
    const problems = checkDefinition(bundle);
    expect(problems).toContainEqual(
      expect.objectContaining({
        check: 'schema',
        file: 'definitions/walls/rules.json',
        path: '/rules/14',
        reason: "must NOT have additional properties 'lable'",
      }),
    );
    expect(() => compileDefinition(bundle)).toThrow(DefinitionError);
  });

  it('reports an unknown rule kind', () => {
    const problems = checkDefinition(makeWallsBundle([{ kind: 'explode', path: 'email' } as unknown as Rule]));
    expect(problems[0]).toMatchObject({ check: 'schema', path: '/rules/14/kind' });
  });

  it('reports unknown paths in rule targets and in expressions', () => {
    const problems = checksOf([
      { kind: 'required', path: 'emial' },
      { kind: 'hide', path: 'email', when: { '==': [{ var: 'roomStyel' }, 'STUDIO'] } },
      { kind: 'onChange', of: 'layout', reset: ['wallLengthFeet'] },
    ]);
    expect(problems).toEqual([
      'unknown-path /rules/14/path: unknown path "emial": the form\'s schema has no such field',
      'unknown-path /rules/15/when: expression reads unknown path "roomStyel"',
      'unknown-path /rules/16/reset/0: unknown path "wallLengthFeet": the form\'s schema has no such field',
    ]);
  });

  it('reports submit settings naming fields the form does not have, and reads their defaults', () => {
    const bundle = makeWallsBundle();
    const submit = {
      previewReference: 'drawingNames',
      lines: { path: 'email', partNumber: 'partNo', price: 'price', description: 'text', catalogues: ['display'] },
    };
    const problems = checkDefinition({ ...bundle, rules: { ...bundle.rules, submit } }).map(
      (p) => `${p.check} ${p.path}`,
    );
    expect(problems).toEqual(
      expect.arrayContaining(['unknown-path /submit/previewReference', 'unknown-path /submit/lines/partNumber']),
    );
    expect(compileDefinition(bundle).submit).toEqual({
      fileNamePrefix: 'WAL',
      productLines: undefined,
      orderStatus: 'unprocessed',
      jobs: [],
      previewReference: undefined,
      lines: undefined,
      prices: 'parts',
    });
  });

  it('reports parties paths the form does not have, and refuses a role it does not know', () => {
    const bundle = makeWallsBundle();
    const parties = {
      customer: { familyName: 'email', givenName: 'firstNaem' },
      sentBy: 'email',
      jobName: { path: 'jobNaem', upperCase: true },
      shipTo: { street: 'email', postalCode: 'zipp' },
    };
    const problems = checkDefinition({ ...bundle, rules: { ...bundle.rules, parties } }).map(
      (p) => `${p.check} ${p.path}`,
    );
    expect(problems).toEqual([
      'unknown-path /parties/customer/givenName',
      'unknown-path /parties/jobName/path',
      'unknown-path /parties/shipTo/postalCode',
    ]);
    const unknownRole = checkDefinition({
      ...bundle,
      rules: { ...bundle.rules, parties: { owner: 'email' } as never },
    });
    expect(unknownRole).toContainEqual(expect.objectContaining({ check: 'schema', path: '/parties' }));
  });

  it('reports a rule that can never fire because it compares a field with a value outside its choices', () => {
    const problems = checksOf([
      {
        kind: 'hide',
        path: 'email',
        when: { and: [{ '==': [{ var: 'roomStyle' }, 'Cathedral'] }, { var: 'layout' }] },
      },
      { kind: 'onChange', of: 'roomStyle', when: { in: [{ var: '$value' }, ['GABLE', 'SHED']] }, reset: ['email'] },
    ]);
    expect(problems).toEqual([
      'never-fires /rules/14/when: can never fire: roomStyle is never "Cathedral" (choices: "STUDIO", "CATHEDRAL")',
      'never-fires /rules/15/when: can never fire: roomStyle is never "GABLE" or "SHED" (choices: "STUDIO", "CATHEDRAL")',
    ]);
  });

  it('reports a reset cycle (A resets B resets A)', () => {
    const problems = checksOf([
      { kind: 'onChange', of: 'roomStyle', reset: ['layout'] },
      { kind: 'onChange', of: 'layout', reset: ['roomStyle'] },
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/^cycle \/rules\/1[45]\/\w+\/\w+: reset\/force cycle: layout -> roomStyle -> layout$/),
    ]);
  });

  it('reports a force that reads and writes ten fields as a cycle, without listing its million cycles', () => {
    const fields = ['roomStyle', 'cleatsOrBond', 'layout', 'wallLengthsFeet', 'doorOption', 'doorWidth', 'windLoad'];
    const all = [...fields, 'email', 'chairRailFeet', 'chairRailInches'];
    const problems = checksOf([
      {
        kind: 'force',
        when: { or: all.map((field) => ({ var: field })) },
        set: Object.fromEntries(all.map((field) => [field, { '??': [{ var: field }, null] }])),
      },
    ]).filter((problem) => problem.startsWith('cycle'));
    expect(problems.length).toBeGreaterThan(0);
    // Listed until the step budget runs out: twenty, each a loop through the force's fields.
    expect(problems.length).toBeLessThanOrEqual(20);
    for (const problem of problems)
      expect(problem).toMatch(/^cycle \/rules\/14\/set\/\w+: reset\/force cycle: (\w+) -> .* -> \1$/);
  });

  it('does not count a rule clearing the field that triggered it as a cycle (a refused value)', () => {
    expect(
      checksOf([{ kind: 'onChange', of: 'layout', when: { '==': [{ var: '$value' }, '3'] }, reset: ['layout'] }]),
    ).toEqual([]);
  });

  it('reports a cycle through forced values and per-wall paths', () => {
    const problems = checksOf([
      {
        kind: 'force',
        forEach: 'wallLengthsFeet',
        when: { '==': [{ item: 'doorOption' }, 'No'] },
        set: { 'doorWidth.{i}': null },
      },
      { kind: 'onChange', of: 'doorWidth.{i}', reset: ['doorOption.{i}'] },
    ]);
    expect(
      problems.some((p) => p.startsWith('cycle') && p.includes('doorOption.* -> doorWidth.* -> doorOption.*')),
    ).toBe(true);
  });

  it('reports a required field that is always hidden', () => {
    const problems = checksOf([
      { kind: 'hide', path: 'chairRailFeet' },
      { kind: 'required', path: 'chairRailFeet' },
      { kind: 'hide', path: 'windLoad', when: { '==': [{ var: 'roomStyle' }, 'STUDIO'] } },
      { kind: 'required', path: 'windLoad', when: { '==': [{ var: 'roomStyle' }, 'STUDIO'] } },
    ]);
    expect(problems).toEqual([
      'always-hidden /rules/15: required field "chairRailFeet" is always hidden when required (by rule 14: hide)',
      'always-hidden /rules/17: required field "windLoad" is always hidden when required (by rule 16: hide)',
    ]);
  });

  it('reports an invalid regular expression as an expression problem', () => {
    const problems = checkDefinition(
      makeWallsBundle([{ kind: 'validate', path: 'email', pattern: '([a-z', message: 'x' }]),
    );
    expect(problems.some((p) => p.path.startsWith('/rules/14') && /regular expression|regex/.test(p.reason))).toBe(
      true,
    );
  });

  it('refuses show/hide rules that hide what they read in a loop, naming the rules, and lets a chain that settles pass', () => {
    const problems = checksOf([
      { kind: 'hide', id: 'hide:email-when-rail', path: 'email', when: { '!': { isEmpty: { var: 'chairRailFeet' } } } },
      { kind: 'hide', id: 'hide:rail-when-email', path: 'chairRailFeet', when: { '!': { isEmpty: { var: 'email' } } } },
      { kind: 'show', id: 'show:wind-when-wind', path: 'windLoad', when: { '>': [{ var: 'windLoad' }, 120] } },
    ]);
    expect(problems).toEqual([
      'visibility-cycle /rules/14: visibility does not settle: show/hide rules 14 (hide:email-when-rail) -> 15 (hide:rail-when-email) -> 14 (hide:email-when-rail) each read what the next hides (a hidden answer is empty, so hiding it changes what is hidden)',
      'visibility-cycle /rules/16: visibility does not settle: show/hide rules 16 (show:wind-when-wind) -> 16 (show:wind-when-wind) each read what the next hides (a hidden answer is empty, so hiding it changes what is hidden)',
    ]);
    // cleatsOrBond hides by roomStyle; a rule reading cleatsOrBond to hide email is a chain, not a loop.
    expect(checksOf([{ kind: 'hide', path: 'email', when: { '==': [{ var: 'cleatsOrBond' }, 'CLEATS'] } }])).toEqual(
      [],
    );
  });

  it('reports a tangle of ten show/hide rules each reading what the others hide, without listing its million loops', () => {
    const fields = ['roomStyle', 'cleatsOrBond', 'layout', 'wallLengthsFeet', 'doorOption', 'doorWidth', 'windLoad'];
    const all = [...fields, 'email', 'chairRailFeet', 'chairRailInches'];
    const problems = checksOf(
      all.map((path) => ({
        kind: 'hide',
        path,
        when: { or: all.map((field) => ({ '!': { isEmpty: { var: field } } })) },
      })),
    ).filter((problem) => problem.startsWith('visibility-cycle'));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.length).toBeLessThanOrEqual(20);
  });
});
