/**
 * Issue 15: generated pictures look like the product. Each catalogue item has its own picture drawn from what it is,
 * painted in its named colour, captioned with its real size; read back from the SVG and from the PNG's pixels.
 */
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { makeDemoCatalogue, type CatalogueRow } from '../catalogue/demo-catalogue';
import { colourPaints, lightnessOf } from './colour-names';
import { drawProductSvg, renderProductImage, type PictureSubject } from './render-product-image';
import { sizeLabel } from './size-label';

const rows = makeDemoCatalogue();

function subjectOf(row: CatalogueRow): PictureSubject {
  return { ...row, imageId: row.imageId! };
}

function find(test: (row: CatalogueRow) => boolean): CatalogueRow {
  const row = rows.find(test);
  if (!row) throw new Error('no such demo row');
  return row;
}

/** Red, green, blue at a point of the picture as the PNG rasteriser paints it. */
function pixelAt(svg: string, x: number, y: number): [number, number, number] {
  const image = new Resvg(svg, { font: { loadSystemFonts: false } }).render();
  const at = (y * image.width + x) * 4;
  return [image.pixels[at]!, image.pixels[at + 1]!, image.pixels[at + 2]!];
}

const isWhitish = ([r, g, b]: [number, number, number]) =>
  Math.min(r, g, b) >= 230 && Math.max(r, g, b) - Math.min(r, g, b) <= 12;

/** The paints the item's own drawing uses (before its caption). */
function paintsIn(svg: string): string[] {
  const drawing = svg.slice(svg.indexOf('/>') + 2, svg.indexOf('<text'));
  return [...drawing.matchAll(/fill="(#[0-9a-f]{6})"/g)].map((match) => match[1]!);
}

describe('the colour table and sizes', () => {
  it('paints every colour the catalogue uses, white light and bronze and black dark', () => {
    const used = new Set(rows.map((row) => row.color).filter((colour): colour is string => colour !== null));
    for (const colour of used) expect(colourPaints, colour).toHaveProperty(colour);
    expect(lightnessOf(colourPaints.WHITE!)).toBeGreaterThan(0.95);
    expect(lightnessOf(colourPaints.BRONZE!)).toBeLessThan(0.35);
    expect(lightnessOf(colourPaints.BLACK!)).toBeLessThan(0.2);
  });

  it.each([
    ['36x80', '36" x 80"'],
    ['16FT', '16 ft'],
    ['1 3/4IN', '1 3/4"'],
    ['6 Inch', '6"'],
    ['36IN X 100FT', '36" x 100 ft'],
  ])('reads the size %s as %s', (size, label) => {
    expect(sizeLabel(size)).toBe(label);
  });
});

describe('each item its own picture, looking like it', () => {
  it('draws a WHITE beam white: no pink or other made-up colour in it, and white pixels in the PNG', () => {
    const beam = find((row) => /HEADER BEAM/.test(row.identifier) && row.color === 'WHITE');
    const svg = drawProductSvg(subjectOf(beam));
    const paints = paintsIn(svg);
    expect(paints).toContain(colourPaints.WHITE);
    expect(svg).not.toMatch(/hsl\(/);
    // The front face of the beam.
    expect(isWhitish(pixelAt(svg, 150, 90))).toBe(true);
  });

  it('draws a white door in a white frame (no green or purple), a bronze one in bronze', () => {
    const white = find((row) => row.catalogue === 'door' && row.color === 'WHITE');
    const bronze = find((row) => row.catalogue === 'door' && row.color === 'BRONZE' && row.size === white.size);
    const whiteSvg = drawProductSvg(subjectOf(white));
    // The frame's left stile.
    expect(isWhitish(pixelAt(whiteSvg, 110, 80))).toBe(true);
    for (const paint of paintsIn(whiteSvg)) expect(lightnessOf(paint), paint).toBeGreaterThan(0.5);
    const [r, g, b] = pixelAt(drawProductSvg(subjectOf(bronze)), 110, 80);
    expect(lightnessOf(`#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`)).toBeLessThan(0.35);
    expect(white.imageId).not.toBe(bronze.imageId);
  });

  it('labels a 36 in door 36", never by its old 35INX80IN code', () => {
    const door = find((row) => row.catalogue === 'door' && row.identifier === '35inx80in');
    const svg = drawProductSvg(subjectOf(door));
    expect(svg).toContain('36&quot; x 80&quot;');
    expect(svg.toUpperCase()).not.toContain('35INX80IN');
  });

  it('gives every display its own picture, in the colour its description names', () => {
    const displays = rows.filter((row) => row.catalogue === 'display');
    const drawings = displays.map(drawingOf);
    expect(new Set(drawings).size).toBe(displays.length);
    const bronze = find((row) => row.catalogue === 'display' && /bronze/.test(row.description));
    expect(bronze.color).toBe('BRONZE');
    expect(paintsIn(drawProductSvg(subjectOf(bronze)))).toContain(colourPaints.BRONZE);
  });

  it('draws two different items differently, and one picture per image id across the catalogue', () => {
    const kinds = ['spare-parts', 'marketing', 'display', 'transom', 'door', 'sash'];
    for (const kind of kinds) {
      const [first, second] = rows.filter((row) => row.catalogue === kind && row.imageId);
      expect(drawProductSvg(subjectOf(first!)), kind).not.toBe(drawProductSvg(subjectOf(second!)));
    }
    // An image id is shared only by items that look alike (a door's lockset and hinges do not show).
    const byImage = new Map<string, CatalogueRow[]>();
    for (const row of rows) if (row.imageId) byImage.set(row.imageId, [...(byImage.get(row.imageId) ?? []), row]);
    for (const [imageId, same] of byImage) {
      const looks = new Set(
        same.map((row) => [row.catalogue, row.identifier, row.size, row.color, row.orientation].join('|')),
      );
      expect(looks.size, imageId).toBe(1);
    }
  });

  it('renders a real PNG', async () => {
    const png = await renderProductImage(subjectOf(rows[0]!));
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });
});

/** The drawing part of an item's SVG (shapes only, no caption). */
function drawingOf(row: CatalogueRow): string {
  const svg = drawProductSvg(subjectOf(row));
  return svg.slice(svg.indexOf('/>') + 2, svg.indexOf('<text'));
}
