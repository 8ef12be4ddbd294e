import { describe, expect, it } from 'vitest';
import type { RuleGroupType } from 'react-querybuilder';
import type { Rule } from '../../../../../engine/index';
import { conditionFromQuery, conditionToQuery, normalizeCondition, type ConditionScope } from './condition-logic';
import { scopeVariables } from './scope-variables';
import { listFields } from './field-tree';
import { formsIncluding, mergeForm } from './merged-form';
import { repoTree } from './repo-tree.test-support';
import { formsOf, isPlainObject, readJsonFile } from './tree-files';

interface Sample {
  file: string;
  where: string;
  logic: unknown;
  scope: ConditionScope;
}

/** Every condition of every definition: rule `when`, validate `test`, options `where`, named conditions. */
function everyCondition(): Sample[] {
  const files = repoTree();
  const forms = formsOf(files);
  const samples: Sample[] = [];
  for (const file of Object.keys(files).filter((p) => p.startsWith('definitions/') && p.endsWith('/rules.json'))) {
    const rules = readJsonFile(files, file);
    if (!isPlainObject(rules)) continue;
    const folder = file.slice(0, -'/rules.json'.length);
    const form = formsIncluding(files, folder, forms)[0];
    const merged = form ? mergeForm(files, form) : undefined;
    const fields = merged ? listFields(merged) : [];
    const conditions = merged ? Object.keys(merged.conditions) : [];
    const scopeOf = (rule?: Rule): ConditionScope => {
      const subjectPath =
        rule && 'path' in rule
          ? rule.path
          : rule?.kind === 'onChange' && typeof rule.of === 'string'
            ? rule.of
            : undefined;
      const subject = fields.find((field) => field.path === subjectPath?.replace(/\.\{i\}$/, ''));
      return { fields: [...fields, ...scopeVariables(rule?.kind ?? '', subject)], conditions };
    };
    (Array.isArray(rules.rules) ? (rules.rules as Rule[]) : []).forEach((rule, index) => {
      for (const key of ['when', 'test', 'where'] as const) {
        const logic = (rule as unknown as Record<string, unknown>)[key];
        if (logic !== undefined) samples.push({ file, where: `/rules/${index}/${key}`, logic, scope: scopeOf(rule) });
      }
    });
    for (const [name, logic] of Object.entries(isPlainObject(rules.conditions) ? rules.conditions : {}))
      samples.push({ file, where: `/conditions/${name}`, logic, scope: scopeOf() });
  }
  return samples;
}

describe('conditions in the visual builder', () => {
  const samples = everyCondition();
  const verdicts = samples.map((sample) => ({ sample, verdict: conditionToQuery(sample.logic, sample.scope) }));

  it('round-trips every condition it can express to identical JSON, and says why for the others', () => {
    const expressible = verdicts.filter((entry) => entry.verdict.ok);
    const refused = verdicts.filter((entry) => !entry.verdict.ok);
    for (const { sample, verdict } of expressible)
      if (verdict.ok) expect(conditionFromQuery(verdict.query, sample.scope)).toEqual(normalizeCondition(sample.logic));
    for (const { verdict } of refused) if (!verdict.ok) expect(verdict.reason).toMatch(/\S/);
    const reasons = new Map<string, number>();
    for (const { verdict } of refused)
      if (!verdict.ok) {
        const kind = verdict.reason.replace(/\(.*\)|".*?"|\S*\.\S*|\{.*\}/g, '…');
        reasons.set(kind, (reasons.get(kind) ?? 0) + 1);
      }
    if (process.env.SHOW_REFUSED)
      for (const { sample, verdict } of refused)
        if (!verdict.ok)
          console.log(sample.file, sample.where, JSON.stringify(sample.logic).slice(0, 160), '\n   ', verdict.reason);
    console.log(
      `builder: ${expressible.length} of ${samples.length} conditions expressible, ${refused.length} read-only\n` +
        [...reasons]
          .sort((a, b) => b[1] - a[1])
          .map(([reason, count]) => `  ${count} ${reason}`)
          .join('\n'),
    );
    expect(samples.length).toBeGreaterThan(250);
    expect(expressible.length).toBeGreaterThan(samples.length / 2);
  });

  it('writes what the builder edits with the field types: numbers for number fields, choices as the schema has them', () => {
    const fields = listFields(mergeForm(repoTree(), 'pergola'));
    const scope: ConditionScope = { fields, conditions: ['isMotorCity'] };
    const query: RuleGroupType = {
      combinator: 'and',
      rules: [
        { field: 'lengthFeet', operator: 'in', value: '20,24' },
        { field: 'postHeight', operator: '=', value: '10' },
        { field: 'trim', operator: '!=', value: 'BLACK' },
        { combinator: 'or', not: true, rules: [{ field: '~condition', operator: 'cond', value: 'isMotorCity' }] },
      ],
    };
    expect(conditionFromQuery(query, scope)).toEqual({
      and: [
        { in: [{ var: 'lengthFeet' }, [20, 24]] },
        { '==': [{ var: 'postHeight' }, 10] },
        { '!=': [{ var: 'trim' }, 'BLACK'] },
        { '!': { cond: 'isMotorCity' } },
      ],
    });
  });

  it('refuses with a reason what it cannot show', () => {
    const scope: ConditionScope = { fields: listFields(mergeForm(repoTree(), 'pergola')), conditions: ['isMotorCity'] };
    const reason = (logic: unknown) => {
      const verdict = conditionToQuery(logic, scope);
      return verdict.ok ? 'ok' : verdict.reason;
    };
    expect(reason({ '>': [{ num: { var: 'lengthFeet' } }, 4] })).toMatch(/"num" operator/);
    expect(reason({ '==': [{ var: '$const.x' }, 1] })).toMatch(/reads \$const\.x/);
    expect(reason({ cond: 'nope' })).toMatch(/unknown condition/);
    expect(reason('{{mountAskedWhen}}')).toMatch(/include parameter/);
    expect(reason({ '===': [{ var: 'trim' }, 'WHITE'] })).toMatch(/"===" operator/);
    expect(reason({ and: [{ cond: 'isMotorCity' }, { isEmpty: { var: 'trim' } }, { '!': { var: 'biHex' } }] })).toBe(
      'ok',
    );
    expect(reason(undefined)).toBe('ok');
  });
});

describe('an empty builder', () => {
  it('stands for a condition that always holds, and back', () => {
    const scope: ConditionScope = { fields: [], conditions: [] };
    const verdict = conditionToQuery(true, scope);
    expect(verdict.ok && verdict.query.rules).toEqual([]);
    expect(conditionFromQuery({ combinator: 'and', rules: [] }, scope)).toBe(true);
  });
});
