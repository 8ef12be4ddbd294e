import { describe, expect, it } from 'vitest';
import { readPreviewReference } from './configurator-submit';
import { deriveSunroomForm } from './sunroom-form';

describe('deriveSunroomForm', () => {
  it('sends Impact style to impact, screen-room types to screenroom, the rest to sunroom', () => {
    expect(deriveSunroomForm({ selectedSunRoomType: 'Vista View', selectedWindowWallStyle: 'Impact' })).toBe('impact');
    for (const type of ['Value View', 'Vinyl View', 'Linear Screen']) expect(deriveSunroomForm({ selectedSunRoomType: type })).toBe('screenroom');
    for (const type of ['Premier View', 'Upper Deck', 'Vista View', 'Solarium', undefined]) expect(deriveSunroomForm({ selectedSunRoomType: type })).toBe('sunroom');
    expect(deriveSunroomForm(null)).toBe('sunroom');
  });
});

describe('readPreviewReference', () => {
  it('finds the preview order from its drawing names or its own file name', () => {
    expect(readPreviewReference({ currentCADImagesFiles: ['SUN-1001-20261122-153005-K7QX-02-elevation-wall-1.png'] })).toContain('SUN-1001-20261122-153005-K7QX');
    expect(readPreviewReference({ currentCADImagesFiles: 'SUN-1001-20261122-153005-K7QX' })).toEqual(['SUN-1001-20261122-153005-K7QX']);
    expect(readPreviewReference({})).toEqual([]);
  });
});
