import { describe, expect, it } from 'vitest';
import { rulesActingOn, type DefinitionBundle, type Rule, type RulesFile } from '../../../../../engine/index';
import { mergeForm } from './merged-form';
import { repoTree } from './repo-tree.test-support';
import { buildFieldTree, flattenFields } from './field-tree';
import {
  conditionsReading,
  countRulesByField,
  expressionReads,
  rolesFor,
  rulesTouchingField,
  specReferenceOf,
} from './rule-fields';

const pergolaRules = () => JSON.parse(repoTree()['definitions/pergola/rules.json']) as RulesFile;

describe('rulesTouchingField', () => {
  it('finds the pergola rules that act on the type, fire on its change or read it (named conditions expanded)', () => {
    const touching = rulesTouchingField(pergolaRules(), 'operableOption');
    const byId = Object.fromEntries(touching.map((entry) => [entry.rule.id, entry.roles]));
    expect(byId['required:operableOption']).toEqual(['acts']);
    expect(byId['show:gutterOption']).toEqual(['reads']);
    expect(byId['type:motor-city-clears']).toEqual(['trigger']);
    // hide:motorCity reads the type only through {"cond": "isMotorCity"}.
    expect(byId['hide:motorCity']).toEqual(['reads']);
    expect(byId['validate:motorCityLength']).toEqual(['reads']);
    expect(byId['required:trim']).toBeUndefined();
    expect(touching.map((entry) => entry.index)).toEqual(
      [...touching.map((entry) => entry.index)].sort((a, b) => a - b),
    );
  });

  it('matches per-wall paths whatever the index, and a field under an object its parent acts on', () => {
    const rules: Rule[] = [
      { kind: 'required', forEach: 'wallLengthsFeet', path: 'doorOption.{i}', label: 'Door {n}' },
      { kind: 'onChange', of: 'doorOption.{i}', reset: ['doorWidth.{i}'] },
      { kind: 'hide', path: 'personalInfo', when: { '==': [{ var: 'doorOption.0' }, 'Yes'] } },
      { kind: 'show', path: 'x', when: { '==': [{ item: 'doorWidth' }, "3' Door"] } },
    ];
    expect(rulesTouchingField({ rules }, 'doorOption').map((entry) => [entry.index, entry.roles])).toEqual([
      [0, ['acts']],
      [1, ['trigger']],
      [2, ['reads']],
    ]);
    expect(rulesTouchingField({ rules }, 'wallLengthsFeet').map((entry) => entry.index)).toEqual([0]);
    expect(rulesTouchingField({ rules }, 'personalInfo.zip').map((entry) => entry.index)).toEqual([2]);
    expect(rulesTouchingField({ rules }, 'doorWidth').map((entry) => [entry.index, entry.roles])).toEqual([
      [1, ['acts']],
      [3, ['reads']],
    ]);
  });

  it('sees included rules with their params filled (the drawing package asks the mount when attached)', () => {
    const merged = mergeForm(repoTree(), 'pergola');
    const touching = rulesTouchingField(
      { rules: merged.rules.map((entry) => entry.rule), conditions: merged.conditions },
      'attachedOption',
    ).map((entry) => merged.rules[entry.index].source.file);
    expect(touching).toContain('definitions/shared/drawing-package/rules.json');
    expect(touching).toContain('definitions/prices/pergola/rules.json');
  });
});

describe('expressionReads', () => {
  it('reads var heads, defaults aside, skips scope variables and reads paths built with cat per index', () => {
    expect(
      expressionReads(
        {
          and: [
            { var: ['a.b', 0] },
            { '==': [{ var: '$value' }, { var: '$const.x' }] },
            { '==': [{ var: { cat: ['OrderGlassParts.', { var: '$index' }, '.glassShape'] } }, 'Rectangular'] },
            { cond: 'c1' },
          ],
        },
        { c1: { '!': { cond: 'c2' } }, c2: { var: 'deep' } },
      ).sort(),
    ).toEqual(['OrderGlassParts.{i}.glassShape', 'a.b', 'deep']);
    expect(conditionsReading(pergolaRules().conditions ?? {}, 'lengthFeet')).toEqual(['hasMotorCityPierSize']);
    expect(conditionsReading(pergolaRules().conditions ?? {}, 'operableOption')).toEqual([
      'isMotorCity',
      'hasMotorCityPierSize',
    ]);
  });

  it('takes the spec reference out of a description', () => {
    expect(specReferenceOf('Spec 3 §5/§9: length at least 4 feet.')).toBe('Spec 3 §5/§9');
    expect(specReferenceOf('Spec 2 §4.1/§5.5: steel piers')).toBe('Spec 2 §4.1/§5.5');
    expect(specReferenceOf('Roof load 10-100 step 5 (spec 2 §9, shared with the sunroom).')).toBe('spec 2 §9');
    expect(specReferenceOf('Feet take digits only.')).toBeUndefined();
  });
});

describe('countRulesByField', () => {
  it('counts for every field what rolesFor finds, on the sunroom', () => {
    const merged = mergeForm(repoTree(), 'sunroom');
    const rules = merged.rules.map((entry) => entry.rule);
    const fields = flattenFields(buildFieldTree(merged)).map((node) => node.path);
    const counts = countRulesByField(rules, fields, merged.conditions);
    for (const field of fields)
      expect([field, counts.get(field)]).toEqual([
        field,
        rules.filter((rule) => rolesFor(rule, field, merged.conditions).length > 0).length,
      ]);
  });
});

describe("the engine's rulesActingOn", () => {
  it('finds for every field of every form the rules the editor lists; a section or object adds those under it', () => {
    const tree = repoTree();
    for (const form of ['pergola', 'pavilion', 'sunroom', 'screenroom', 'engineering']) {
      const merged = mergeForm(tree, form);
      const rules = merged.rules.map((entry) => entry.rule);
      const own = JSON.parse(tree[`definitions/${form}/rules.json`]) as RulesFile;
      const bundle = {
        form,
        schema: merged.schema,
        ui: merged.ui,
        rules: { form, rules, conditions: merged.conditions, price: own.price },
      } as unknown as DefinitionBundle;
      const engineIndexes = (path: string) => {
        // An array field's rules name its items (`wallLengthsFeet.{i}`): ask for the field and for its items.
        const found = [path, `${path}.{i}`].flatMap((asked) => {
          const { acting, reading } = rulesActingOn(bundle, asked);
          return [...acting, ...reading].map((entry) => entry.index);
        });
        return [...new Set(found)].sort((a, b) => a - b);
      };
      for (const node of flattenFields(buildFieldTree(merged))) {
        const mine = rules.flatMap((rule, index) =>
          rolesFor(rule, node.path, merged.conditions).length ? [index] : [],
        );
        const engine = engineIndexes(node.path);
        // A field with nothing under it: the same rules. A section or object: the editor adds those on its children.
        if (node.children.length === 0) expect([form, node.path, mine]).toEqual([form, node.path, engine]);
        else expect([form, node.path, engine.filter((index) => !mine.includes(index))]).toEqual([form, node.path, []]);
      }
    }
  });
});
