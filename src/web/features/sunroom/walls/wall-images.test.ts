import { describe, expect, it } from 'vitest';
import { wallImageFolderOf, wallImageUrl, wallImageUrlOfStored } from './wall-images';

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
});
