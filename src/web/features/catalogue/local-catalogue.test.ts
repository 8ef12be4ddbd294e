import { describe, expect, it } from 'vitest';
import type { CataloguePart } from './api/catalogue-parts';
import { buildCategoryTree, filterParts } from './local-catalogue';

const part = (partNumber: string, name: string, parentCategory: string, secondCategory: string | null): CataloguePart =>
  ({
    partNumber,
    name,
    identifier: name,
    description: `${name.toLowerCase()} with the logo`,
    price: 1,
    parentCategory,
    secondCategory,
    thirdCategory: null,
  }) as CataloguePart;

const parts = [
  part('MK-200', 'YARD SIGN', 'MARKETING', 'SIGNS'),
  part('MK-205', 'BANNER', 'MARKETING', 'SIGNS'),
  part('MK-210', 'BROCHURE', 'MARKETING', 'PRINT'),
];

describe('short catalogue lists', () => {
  it('builds the category tree with counts', () => {
    expect(buildCategoryTree(parts)).toEqual([
      {
        name: 'MARKETING',
        count: 3,
        children: [
          { name: 'SIGNS', count: 2, children: [] },
          { name: 'PRINT', count: 1, children: [] },
        ],
      },
    ]);
  });

  it('filters by category and by name, description or part number', () => {
    expect(filterParts(parts, '', ['MARKETING', 'SIGNS']).map((p) => p.partNumber)).toEqual(['MK-200', 'MK-205']);
    expect(filterParts(parts, 'logo', []).length).toBe(3);
    expect(filterParts(parts, 'mk-210', []).map((p) => p.name)).toEqual(['BROCHURE']);
  });
});
