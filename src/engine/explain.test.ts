import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDefinitionFolder } from '../definition-tree/index';
import { createDiskFiles } from '../server/definitions/disk-files';
import { compileDefinition, createSession } from './index';
import { explainField, explainPrice } from './explain';
import { rulesActingOn, specReferenceOf } from './rules-on-field';
import { makeWallsBundle } from './test-fixtures';

// The pergola as the reader gives it: compiled, with where each merged rule is written.
const pergola = loadDefinitionFolder(createDiskFiles(), 'definitions/pergola', 'pergola', 'definitions');
const compiled = pergola.compiled!;
const sources = pergola.sources!.rules;
const order043 = JSON.parse(
  readFileSync(
    'tests/golden/pergola/043-price-pergola-fixed-attached-10-6-x-13-rounds-up-to-12-x-14-even-sizes.json',
    'utf8',
  ),
) as { context: Record<string, unknown>; start: Record<string, unknown> };

describe('rulesActingOn', () => {
  it('lists the rules acting on a field with id, kind, description, spec and the file they are written in', () => {
    const { acting, reading } = rulesActingOn(compiled, 'lengthInches', { sources });
    const byId = Object.fromEntries(acting.map((rule) => [rule.id, rule]));
    expect(byId['hide:motorCity']).toMatchObject({
      kind: 'hide',
      actions: ['hide'],
      targets: ['/paths/5'],
      source: { file: 'definitions/pergola/rules.json', index: expect.any(Number) },
      rule: { kind: 'hide', when: { cond: 'isMotorCity' } },
    });
    expect(byId['required:inches']).toMatchObject({ actions: ['required'], spec: 'Spec 3 §5' });
    expect(byId['clamp:lengthInches']).toMatchObject({ actions: ['clamp'] });
    // The price reads it: its compute acts on what the field is worth.
    expect(byId['price:pergola-base']).toMatchObject({
      actions: ['price'],
      reads: ['/value'],
      affectsPrice: true,
      source: { file: 'definitions/prices/pergola/rules.json', index: 1 },
    });
    // Choosing Motor City resets it; no rule reads it (the order's lines are listed from the definition, not a compute).
    expect(byId['type:motor-city-clears']).toMatchObject({ actions: ['reset'], targets: ['/reset/9'] });
    expect(reading.map((rule) => rule.id)).toEqual([]);
  });

  it('lists the rules whose conditions read a field, through named conditions', () => {
    const { acting, reading } = rulesActingOn(compiled, 'operableOption', { sources });
    expect(acting.map((rule) => rule.id)).toEqual(
      expect.arrayContaining(['required:operableOption', 'type:motor-city-clears']),
    );
    expect(acting.find((rule) => rule.id === 'type:motor-city-clears')?.actions).toEqual(['onChange']);
    // hide:motorCity reads it through {"cond": "isMotorCity"}; price:pergola-table reads it to name the table.
    expect(reading.find((rule) => rule.id === 'hide:motorCity')).toMatchObject({ reads: ['/when'], actions: [] });
    expect(acting.find((rule) => rule.id === 'price:pergola-table')).toMatchObject({ actions: ['price'] });
  });

  it('matches a wall by its index, and names the ancestor a rule acts on', () => {
    const bundle = makeWallsBundle([{ kind: 'hide', id: 'hide-doors', path: 'doorWidth', when: { var: 'email' } }]);
    const { acting, reading } = rulesActingOn(bundle, 'doorWidth.2');
    expect(acting.map((rule) => [rule.id, rule.actions, rule.targets])).toEqual([
      ['door-resets-width', ['reset'], ['/reset/0']],
      ['short-wall-no-door', ['force'], ['/set/doorWidth.{i}']],
      ['door-widths-by-length', ['options'], ['/path']],
      ['hide-doors', ['hide'], ['/path']],
    ]);
    expect(acting[3].viaAncestor).toBe('doorWidth');
    expect(reading).toEqual([]);
    // The walls' lengths are read per wall by the door rules.
    expect(rulesActingOn(bundle, 'wallLengthsFeet.0').reading.map((rule) => [rule.id, rule.reads])).toEqual([
      ['short-wall-no-door', ['/forEach', '/when']],
      ['door-widths-by-length', ['/where']],
      ['door-options', ['/forEach', '/when']],
    ]);
  });

  it('finds the spec reference a description carries', () => {
    expect(specReferenceOf('Spec 2 §5.2/§5.5: Solarium has ...')).toBe('Spec 2 §5.2/§5.5');
    expect(specReferenceOf('The SunRooms tile (spec 2): Up')).toBe('spec 2');
    expect(specReferenceOf('No reference here')).toBeUndefined();
  });
});

describe('explainField', () => {
  it('names the rule that hides a field after an answer, with the value its condition read', () => {
    const session = createSession(compiled, { context: order043.context, start: order043.start });
    const before = explainField(compiled, { session }, 'lengthInches', { sources });
    expect(before.hidden).toBe(false);
    expect(before.rules.find((rule) => rule.id === 'hide:motorCity')).toMatchObject({ holds: false, applies: false });

    session.set('operableOption', 'MOTOR CITY');
    const after = explainField(compiled, { session }, 'lengthInches', { sources });
    expect(after.hidden).toBe(true);
    const hiding = after.rules.filter((rule) => rule.actions.includes('hide') && rule.applies);
    expect(hiding.map((rule) => rule.id)).toEqual(['hide:motorCity']);
    expect(hiding[0]).toMatchObject({
      holds: true,
      fired: true,
      inputs: [{ at: '/when', variable: 'operableOption', value: 'MOTOR CITY' }],
      source: { file: 'definitions/pergola/rules.json' },
    });
  });

  it('explains answers loaded afresh as the server would, without a session', () => {
    const explained = explainField(
      compiled,
      { data: { ...order043.start, postStyle: 'NO COLUMNS OR BEAMS NEEDED' } },
      'beamOption',
    );
    expect(explained.hidden).toBe(true);
    expect(explained.rules.find((rule) => rule.id === 'hide:beamOption')).toMatchObject({
      holds: true,
      applies: true,
      inputs: [{ at: '/when', variable: 'postStyle', value: 'NO COLUMNS OR BEAMS NEEDED' }],
    });
  });

  it('evaluates a per-wall rule at the wall of the field', () => {
    const walls = compileDefinition(makeWallsBundle());
    const explained = explainField(
      walls,
      { data: { wallLengthsFeet: [10, 3], doorOption: ['Yes', 'Yes'] } },
      'doorOption.1',
    );
    expect(explained.value).toBe('No');
    expect(explained.disabled).toBe(true);
    expect(explained.rules.find((rule) => rule.id === 'short-wall-no-door')).toMatchObject({
      at: 1,
      holds: true,
      applies: true,
      value: 'No',
      inputs: [{ at: '/when', variable: 'wallLengthsFeet.{i}', value: 3 }],
    });
  });
});

describe('explainPrice', () => {
  it("names the table and the row a 10' 6\" x 13' fixed attached pergola matches", () => {
    const explained = explainPrice(compiled, { data: order043.start, context: order043.context }, { sources });
    expect(explained).toMatchObject({ name: 'approximatePrice', price: 8830 });
    expect(explained.lookups).toEqual([
      {
        ruleId: 'price:pergola-base',
        at: '/value/priceTable',
        table: 'pergola-fixed-attached',
        length: 10.5,
        width: 13,
        row: '12x14',
        price: 8830,
        returns: 'price',
      },
    ]);
    expect(explained.rules.map((rule) => [rule.id, rule.value])).toEqual([
      ['price:pergola-table', 'pergola-fixed-attached'],
      ['price:pergola-base', 8830],
      ['price:approximate', 8830],
    ]);
    expect(explained.rules[1].inputs).toEqual(
      expect.arrayContaining([
        { at: '/value', variable: '$priceTableName', value: 'pergola-fixed-attached' },
        { at: '/value', variable: 'lengthInches', value: 6 },
      ]),
    );
  });

  it('names the row a size outside the table would take, with no price', () => {
    const explained = explainPrice(compiled, { data: { ...order043.start, lengthFeet: 40 } });
    expect(explained.lookups[0]).toMatchObject({ table: 'pergola-fixed-attached', row: '42x14', price: null });
    expect(explained.price).toBe('No Price Available ... Outside Price Book');
  });

  it('gives results a worker or the page can copy: plain data', () => {
    const explained = explainPrice(compiled, { data: order043.start });
    const { rules, ...rest } = explained;
    expect(structuredClone(rest)).toEqual(rest);
    expect(structuredClone(rules)).toEqual(rules);
  });
});
