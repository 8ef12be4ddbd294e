import { describe, expect, it } from 'vitest';
import { drawProductSvg } from '../product-images/render-product-image';
import { makeDemoCatalogue } from './demo-catalogue';

describe('demo catalogue', () => {
  const rows = makeDemoCatalogue();

  it('holds a few hundred spare parts three category levels deep, and every other catalogue', () => {
    const spare = rows.filter((r) => r.catalogue === 'spare-parts');
    expect(spare.length).toBeGreaterThanOrEqual(250);
    expect(
      spare.every((r) => r.parentCategory && r.secondCategory && r.thirdCategory && r.uom && r.imageId && r.price > 0),
    ).toBe(true);
    for (const kind of ['marketing', 'display', 'transom', 'door', 'sash', 'glass'] as const)
      expect(rows.some((r) => r.catalogue === kind)).toBe(true);
  });

  it('gives every row its own part number, the same rows on every run', () => {
    expect(new Set(rows.map((r) => r.partNumber)).size).toBe(rows.length);
    expect(makeDemoCatalogue()).toEqual(rows);
  });

  it('makes up to 5,000 spare parts for the grid-scroll measurement, still with unique part numbers', () => {
    const big = makeDemoCatalogue({ spareParts: 5000 }).filter((r) => r.catalogue === 'spare-parts');
    expect(big).toHaveLength(5000);
    expect(new Set(big.map((r) => r.partNumber)).size).toBe(5000);
  });

  it('draws a distinct picture per image id', () => {
    const spare = rows.filter((r) => r.catalogue === 'spare-parts').slice(0, 40);
    const pictures = spare.map((r) =>
      drawProductSvg({
        imageId: r.imageId!,
        catalogue: r.catalogue,
        identifier: r.identifier,
        parentCategory: r.parentCategory,
        secondCategory: r.secondCategory,
        color: r.color,
      }),
    );
    expect(new Set(pictures).size).toBe(pictures.length);
    expect(
      drawProductSvg({
        imageId: 'IMG-<x>',
        catalogue: 'marketing',
        identifier: 'A & B',
        parentCategory: null,
        secondCategory: null,
        color: null,
      }),
    ).toContain('A &amp; B');
  });
});
