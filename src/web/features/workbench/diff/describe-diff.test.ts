import { describe, expect, it } from 'vitest';
import type { FormDiff } from '../../../../contracts/definition-versions';
import { describeFormDiff, formatPrice, summarizeDiff } from './describe-diff';

const empty: FormDiff = {
  form: 'pergola',
  status: 'changed',
  rules: { added: [], removed: [], changed: [] },
  labels: [],
  options: [],
  prices: [],
  priceTables: [],
  goldenOrders: { added: [], removed: [], changed: [] },
  other: [],
};

describe('the semantic diff in words', () => {
  it('names a changed rule by id and what of it changed', () => {
    const changes = describeFormDiff({
      ...empty,
      rules: { ...empty.rules, changed: [{ id: 'validate:skyviewLength', kind: 'validate', keys: ['message'] }] },
    });
    expect(changes.lines).toEqual([{ text: 'rule validate:skyviewLength message changed', tone: 'changed' }]);
  });

  it('says labels, choices, tables and golden orders plainly, and keeps price rows for a table', () => {
    const changes = describeFormDiff({
      ...empty,
      rules: {
        added: [{ id: 'show:x', kind: 'show', keys: [] }],
        removed: [],
        changed: [{ id: 'r', keys: ['when', 'value'] }],
      },
      labels: [{ path: 'personalInfo.lastName', source: 'labels', from: 'Last Name', to: 'Surname' }],
      options: [{ path: 'colour', added: ['Bronze'], removed: ['Ivory', 'Sand'] }],
      priceTables: [{ table: 'pergola-motor-city', change: 'settings' }],
      goldenOrders: {
        added: [{ path: 'tests/golden/pergola/x.json', title: 'A new order' }],
        removed: [],
        changed: [],
      },
      prices: [{ table: 'pergola-fixed-attached', row: '12x14', from: 8830, to: 8900 }],
    });
    expect(changes.lines.map((line) => line.text)).toEqual([
      'rule show:x (show) added',
      'rule r condition and value changed',
      'label of personalInfo.lastName: "Last Name" → "Surname"',
      'choices of colour: added "Bronze"; removed "Ivory" and "Sand"',
      'price table pergola-motor-city rounding or unit changed',
      'golden order "A new order" added',
    ]);
    expect(changes.prices).toEqual([{ table: 'pergola-fixed-attached', row: '12x14', from: 8830, to: 8900 }]);
    expect(formatPrice(8830)).toBe('$8,830');
    expect(formatPrice(null)).toBe('(none)');
  });

  it('sums a diff up in one line', () => {
    expect(summarizeDiff({ files: { added: [], removed: [], changed: [] }, forms: [] })).toBe('No changes');
    expect(
      summarizeDiff({
        files: { added: [], removed: [], changed: ['definitions/prices/pergola/pergola-fixed-attached.json'] },
        forms: [{ ...empty, prices: [{ table: 't', row: '8x8', from: 1, to: 2 }] }],
      }),
    ).toBe('1 form changed: 1 price');
  });
});
