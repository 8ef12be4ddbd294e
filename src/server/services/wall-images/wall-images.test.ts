import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeWallCode, parseWallCode, renderWallSvg } from './index';

function svgOf(code: string): string {
  const parsed = parseWallCode(code);
  if (!parsed) throw new Error(`${code} does not parse`);
  return renderWallSvg(parsed);
}

describe('parseWallCode', () => {
  it.each([
    ['GFIL5', { kind: 'solid', wall: 'projection', feet: 5 }],
    ['GGW-5', { kind: 'glass', wall: 'projection', feet: 5 }],
    ['GSD-5', { kind: 'swingDoor', wall: 'projection', position: 'home', feet: 5, doorFeet: 3 }],
    ['CSD-12A', { kind: 'swingDoor', wall: 'projection', position: 'away', feet: 12 }],
    ['CGD-9C', { kind: 'patioDoor', wall: 'projection', position: 'centered', feet: 9, doorFeet: 6 }],
    ['C8D-10', { kind: 'patioDoor', doorFeet: 8, position: 'home' }],
    ['GFF9', { kind: 'solid', wall: 'front', isCathedral: false, feet: 9 }],
    ['CFFC14', { kind: 'solid', wall: 'front', isCathedral: true, feet: 14 }],
    ['VF-C30', { kind: 'glass', wall: 'front', isCathedral: true, feet: 30 }],
    ['C3L-11', { kind: 'swingDoor', wall: 'front', position: 'left', feet: 11 }],
    ['I33-11', { kind: 'twoDoors', wall: 'front', feet: 11 }],
    ['G5R-16', { kind: 'patioDoor', wall: 'front', position: 'right', doorFeet: 5, feet: 16 }],
    ['2SD-8', { kind: 'swingDoor', wall: 'projection', feet: 8 }],
  ])('reads %s', (code, picture) => {
    expect(parseWallCode(code)?.picture).toMatchObject(picture);
  });

  it.each([
    '',
    'X',
    'GFIL',
    'GFIL0',
    'GFIL21',
    'GFF31',
    'XFIL5',
    'gfil5',
    'GSD-5B',
    'C9L-11',
    '../GFIL5',
    'GFIL5.svg',
    'G<script>',
  ])('refuses %j', (code) => expect(parseWallCode(code)).toBeNull());

  it('reads every code of the demo catalogues', () => {
    for (const form of ['sunroom', 'screenroom', 'impact']) {
      const catalogue = JSON.parse(readFileSync(`definitions/${form}/wall-codes.json`, 'utf8')) as {
        tables: Record<string, Record<string, Record<string, Record<string, string[]>>>>;
      };
      const codes = Object.values(catalogue.tables).flatMap((tables) =>
        Object.values(tables).flatMap((table) => Object.values(table).flatMap((cell) => Object.values(cell).flat())),
      );
      expect(codes.length).toBeGreaterThan(100);
      expect(codes.filter((code) => parseWallCode(code) === null)).toEqual([]);
    }
  });
});

describe('renderWallSvg', () => {
  it('draws a labelled picture to scale, titled in words', () => {
    const svg = svgOf('GSD-5');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('>GSD-5</text>');
    expect(svg).toContain("<title>GSD-5: 5' projection, 3' swing door, at the existing home</title>");
    const width = (code: string) => Number(/width="(\d+)"/.exec(svgOf(code))?.[1]);
    expect(width('CGW-20')).toBeGreaterThan(width('CGW-10'));
  });

  it('fills a solid panel grey and glass light blue; doors and patio doors have their own shapes', () => {
    expect(svgOf('GFIL5')).toContain('fill="#b0b7c0"');
    expect(svgOf('GFIL5')).not.toContain('fill="#d6ecfa"');
    expect(svgOf('GGW-5')).toContain('fill="#d6ecfa"');
    expect(svgOf('GSD-8')).toContain('stroke-dasharray');
    expect(svgOf('CGD-9')).toContain('fill="#c4e3f5"');
    expect(svgOf('CGD-9')).not.toContain('stroke-dasharray');
    expect(svgOf('C33-11').match(/stroke-dasharray/g)).toHaveLength(2);
  });

  it('puts the door where the code says', () => {
    const doorX = (code: string) => Number(/<rect x="([\d.]+)"[^>]*fill="#8d6e63"/.exec(svgOf(code))?.[1]);
    expect(doorX('CSD-12')).toBeLessThan(doorX('CSD-12C'));
    expect(doorX('CSD-12C')).toBeLessThan(doorX('CSD-12A'));
    expect(doorX('C3L-14')).toBeLessThan(doorX('C3M-14'));
    expect(doorX('C3M-14')).toBeLessThan(doorX('C3R-14'));
  });

  it('gives a cathedral front a peak and a studio front a flat top', () => {
    const points = (code: string) => (/<polygon points="([^"]+)" fill="none"/.exec(svgOf(code))?.[1] ?? '').split(' ');
    expect(points('CFFC12')).toHaveLength(5);
    expect(points('CFF12')).toHaveLength(4);
  });

  it('describes a code for alt texts', () => {
    expect(describeWallCode(parseWallCode('CFFC12')!)).toBe("CFFC12: 12' cathedral front wall, solid fill panel");
    expect(describeWallCode(parseWallCode('G6M-10')!)).toBe("G6M-10: 10' front wall, 6' patio door, centered");
  });
});
