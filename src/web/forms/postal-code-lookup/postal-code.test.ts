import { describe, expect, it } from 'vitest';
import ui from '../../../../definitions/engineering/ui.json';
import { findPostalCodeLookups, toLookupCode } from './postal-code';

describe('postal-code lookup trigger', () => {
  it('looks up a complete US zip or Canadian code only', () => {
    expect(toLookupCode('16501')).toBe('16501');
    expect(toLookupCode('K1A 0B1')).toBe('K1A0B1');
    expect(toLookupCode('1650')).toBeNull();
    expect(toLookupCode('K1A 0B')).toBeNull();
    expect(toLookupCode(null)).toBeNull();
  });

  it('reads which fields the engineering zip fills from its ui schema', () => {
    expect(findPostalCodeLookups(ui as Record<string, unknown>)).toEqual([
      { zipPath: 'personalInfo.zip', cityPath: 'personalInfo.city', statePath: 'personalInfo.stateProvince' },
    ]);
  });
});
