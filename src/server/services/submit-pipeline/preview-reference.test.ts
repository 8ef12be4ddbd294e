import { describe, expect, it } from 'vitest';
import { isSameJson, readPreviewReference } from './preview-reference';

describe('readPreviewReference', () => {
  it('finds the preview order from its drawing names or its own file name', () => {
    expect(readPreviewReference(['SUN-1001-20261122-153005-K7QX-02-elevation-wall-1.png'])).toContain(
      'SUN-1001-20261122-153005-K7QX',
    );
    expect(readPreviewReference('SUN-1001-20261122-153005-K7QX')).toEqual(['SUN-1001-20261122-153005-K7QX']);
    expect(readPreviewReference(undefined)).toEqual([]);
  });
});

describe('isSameJson', () => {
  it('ignores key order, not values', () => {
    expect(isSameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(isSameJson({ a: 1 }, { a: 2 })).toBe(false);
  });
});
