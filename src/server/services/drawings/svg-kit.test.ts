import { describe, expect, it } from 'vitest';
import { escapeXml, label } from './svg-kit';
import { rasterizeSvg } from './rasterize';

describe('escapeXml', () => {
  it('escapes markup characters', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
  });

  it('drops the characters XML 1.0 forbids and keeps tab, newline, carriage return and emoji', () => {
    const controls = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('');
    expect(escapeXml(`A${controls}B\uFFFE\uFFFFC`)).toBe('A\t\n\rBC');
    expect(escapeXml('x\uD800y\uDC00z')).toBe('xyz');
    expect(escapeXml('Deck 🌞 Ünïcode')).toBe('Deck 🌞 Ünïcode');
  });

  it('makes a sheet resvg can rasterise from text full of control characters', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50">${label(100, 30, 'Ann\u0001\u001b[31m\u0007 Baker\uFFFF')}</svg>`;
    const png = await rasterizeSvg(svg);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });
});
