import { describe, expect, it } from 'vitest';
import { bytesPerSource, decodeVlqSegment, moduleGroup } from './bundle-modules';

describe('bundle-modules', () => {
  it('decodes Base64 VLQ segments', () => {
    expect(decodeVlqSegment('AAAA')).toEqual([0, 0, 0, 0]);
    expect(decodeVlqSegment('gBAAD')).toEqual([16, 0, 0, -1]);
    expect(decodeVlqSegment('CACA')).toEqual([1, 0, 1, 0]);
  });

  it("gives each generated span to its segment's source", () => {
    // Line 1: columns 0-2 from a.js, 3-5 from b.js; line 2 unmapped.
    const code = 'abcdef\nxy';
    const map = { sources: ['a.js', 'b.js'], mappings: 'AAAA,GCAA;' };
    expect(Object.fromEntries(bytesPerSource(code, map))).toEqual({ 'a.js': 3, 'b.js': 4, '(unmapped)': 3 });
  });

  it('names packages and own files', () => {
    expect(moduleGroup('../../node_modules/@mui/material/Button/Button.js')).toBe('@mui/material');
    expect(moduleGroup('../../node_modules/ajv/dist/core.js')).toBe('ajv');
    expect(moduleGroup('../../../src/web/forms/form-store.ts')).toBe('src/web/forms/form-store.ts');
  });
});
