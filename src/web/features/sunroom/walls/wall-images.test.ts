import { describe, expect, it } from 'vitest';
import { chosenWallImageUrl, wallImageFolderOf, wallImageUrl, wallImageUrlOfStored } from './wall-images';

describe('wall images', () => {
  it('points at the generated pictures', () => {
    expect(wallImageUrl('Glass', 'CSD-12A')).toBe('/images/walls/Glass/CSD-12A.svg');
    expect(wallImageUrlOfStored('PremierView/GFIL5.jpg')).toBe('/images/walls/PremierView/GFIL5.svg');
    expect(wallImageUrlOfStored('../x.jpg')).toBeNull();
    expect(wallImageUrlOfStored(null)).toBeNull();
  });

  it('finds the folder by the code prefix', () => {
    expect(wallImageFolderOf('GSD-5', { G: 'PremierView', C: 'Glass' })).toBe('PremierView');
    expect(wallImageFolderOf('XSD-5', undefined)).toBe('Glass');
  });

  it("shows the chosen code's picture when a restored draft stored none, the stored one when it did", () => {
    const folders = { G: 'PremierView', C: 'Glass' };
    expect(chosenWallImageUrl(null, 'CFIL12', folders)).toBe('/images/walls/Glass/CFIL12.svg');
    expect(chosenWallImageUrl(undefined, 'GSD-5', folders)).toBe('/images/walls/PremierView/GSD-5.svg');
    expect(chosenWallImageUrl('PremierView/GFIL5.jpg', 'GFIL5', folders)).toBe('/images/walls/PremierView/GFIL5.svg');
    // No drawing chosen: no picture, whatever was stored.
    expect(chosenWallImageUrl('Glass/CFIL12.jpg', null, folders)).toBeNull();
  });
});
