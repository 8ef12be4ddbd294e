import { describe, expect, it } from 'vitest';
import type { Rule } from '../../../../../engine/index';
import { formatJson } from '../../../../../../scripts/lib/json-format';
import { repoTree } from './repo-tree.test-support';
import {
  deleteRule,
  duplicateRule,
  insertRule,
  moveRule,
  moveTarget,
  newRule,
  replaceRule,
  setFieldHelp,
  setFieldLabel,
  setFieldOptions,
} from './rule-edits';
import { RULE_KINDS, ruleSchemaFor } from './rule-schemas';

const RULES = 'definitions/pergola/rules.json';
const rulesIn = (content: string) => (JSON.parse(content) as { rules: Rule[] }).rules;

describe('rule list edits', () => {
  const files = repoTree();
  const before = rulesIn(files[RULES]);

  it('replaces, adds, duplicates and deletes rules, saving in the format:definitions layout', () => {
    const changed = replaceRule(files, RULES, 0, { ...before[0], description: 'Trim colour, always.' })!;
    expect(changed.label).toBe('Edit rule required:trim');
    expect(changed.content).toBe(formatJson(JSON.parse(changed.content)));
    expect(rulesIn(changed.content)[0].description).toBe('Trim colour, always.');

    const copy = duplicateRule(files, RULES, 0)!;
    expect(rulesIn(copy.content)[1]).toEqual({ ...before[0], id: 'required:trim-copy' });
    expect(rulesIn(copy.content)).toHaveLength(before.length + 1);

    const added = insertRule(files, RULES, newRule('show', { path: 'biHex', label: 'Bi-Hex Tool' }, before), 3)!;
    expect(rulesIn(added.content)[3]).toEqual({
      kind: 'show',
      id: 'show:biHex',
      description: '',
      path: 'biHex',
      when: true,
    });

    const removed = deleteRule(files, RULES, 1)!;
    expect(rulesIn(removed.content).map((rule) => rule.id)).not.toContain('required:rafterColor');
    expect(removed.label).toBe('Delete rule required:rafterColor');
  });

  it('moves a rule past the neighbouring rule of its kind (rules of one kind run in file order)', () => {
    const hide = before.findIndex((rule) => rule.id === 'hide:beamOption');
    const previousHide = before.findIndex((rule) => rule.id === 'hide:motorCity');
    expect(moveTarget(before, hide, 'up')).toBe(previousHide);
    const moved = moveRule(files, RULES, hide, 'up')!;
    const ids = rulesIn(moved.content).map((rule) => rule.id);
    expect(ids.indexOf('hide:beamOption')).toBe(ids.indexOf('hide:motorCity') - 1);
    expect(moved.label).toBe('Move rule hide:beamOption before hide:motorCity');
    expect(moveRule(files, RULES, 0, 'up')).toBeUndefined();
  });

  it('makes a new rule of every kind that its kind schema accepts the shape of', () => {
    for (const kind of RULE_KINDS) {
      const rule = newRule(kind, { path: 'trim', label: 'Trim Color', options: [{ value: 'WHITE' }] }, before);
      const schema = ruleSchemaFor(rule) as { required: string[]; properties: Record<string, unknown> };
      for (const key of schema.required) expect(rule).toHaveProperty(key);
      for (const key of Object.keys(rule)) expect(schema.properties).toHaveProperty(key);
    }
    expect(newRule('required', { path: 'trim', label: 'Trim Color' }, before).id).toBe('required:trim-2');
  });
});

describe('field texts', () => {
  const files = repoTree();

  it("sets the label as the schema title, or in the form's labels for a field of a shared piece", () => {
    const where = { schemaFile: 'definitions/pergola/schema.json', rulesFile: RULES, inLabels: false };
    const title = setFieldLabel(files, where, 'trim', 'Trim colour')!;
    expect(JSON.parse(title.content).properties.trim.title).toBe('Trim colour');
    const shared = { schemaFile: 'definitions/shared/personal-info/schema.json', rulesFile: RULES, inLabels: true };
    const own = setFieldLabel(files, shared, 'personalInfo.zip', 'Postal code')!;
    expect(own.path).toBe(RULES);
    expect(JSON.parse(own.content).labels).toEqual({ 'personalInfo.zip': 'Postal code' });
    const removed = setFieldLabel({ ...files, [RULES]: own.content }, shared, 'personalInfo.zip', '')!;
    expect(JSON.parse(removed.content).labels).toBeUndefined();
    expect(removed.content).toBe(files[RULES]);
  });

  it('sets help texts and choices, keeping number choices numbers and oneOf titles', () => {
    const help = setFieldHelp(files, 'definitions/pergola/ui.json', 'biHex', 'The drive tool fits the bi-hex bolts.')!;
    expect(JSON.parse(help.content).biHex['ui:help']).toBe('The drive tool fits the bi-hex bolts.');
    const trim = setFieldOptions(files, 'definitions/pergola/schema.json', 'trim', [
      { value: 'WHITE' },
      { value: 'IVORY' },
    ])!;
    expect(JSON.parse(trim.content).properties.trim.enum).toEqual(['WHITE', 'IVORY']);
    const heights = setFieldOptions(files, 'definitions/pergola/schema.json', 'postHeight', [
      { value: '8', title: "8'" },
      { value: 14, title: "14'" },
    ])!;
    expect(JSON.parse(heights.content).properties.postHeight.oneOf).toEqual([
      { const: 8, title: "8'" },
      { const: 14, title: "14'" },
    ]);
  });
});
