import { describe, expect, it } from 'vitest';
import { MAX_PATTERN_INPUT } from '../../engine';
import { matches } from './json-schema-match';

describe('json-schema-match patterns', () => {
  it('runs a schema pattern that passes the gate, as ajv would', () => {
    const zip = { type: 'string', pattern: '^\\d{5}(-\\d{4})?$' };
    expect(matches(zip, '12345-6789')).toBe(true);
    expect(matches(zip, '1234')).toBe(false);
  });

  it('never runs a refused pattern, so a hostile schema cannot stall the page', () => {
    expect(matches({ type: 'string', pattern: '^(a+)+$' }, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!')).toBe(false);
    expect(matches({ patternProperties: { '^(a|a)*$': { type: 'number' } } }, { aaaa: 'x' })).toBe(true);
  });

  it('does not scan a text longer than the limit', () => {
    const digits = { type: 'string', pattern: '^\\d+$' };
    expect(matches(digits, '1'.repeat(MAX_PATTERN_INPUT))).toBe(true);
    expect(matches(digits, '1'.repeat(MAX_PATTERN_INPUT + 1))).toBe(false);
  });
});
