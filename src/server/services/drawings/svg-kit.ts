/** Small SVG building blocks for the drawings: sheet, title block, lines, dimension lines, text. */
import { formatFeetInches } from './feet-inches';

export const sheet = { width: 1100, height: 850, margin: 40, titleBlockHeight: 120 } as const;
export const fontFamily = 'DejaVu Sans, Liberation Sans, sans-serif';

/** Characters XML 1.0 cannot hold at all, even escaped: C0 controls but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escapes text for SVG content and attributes; characters XML cannot hold are dropped (resvg refuses the sheet otherwise). */
export function escapeXml(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(
      /[<>&"']/g,
      (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string,
    );
}

const round = (n: number): string => (Math.round(n * 100) / 100).toString();

export function line(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  attrs = 'stroke="#222" stroke-width="1.5"',
): string {
  return `<line x1="${round(x1)}" y1="${round(y1)}" x2="${round(x2)}" y2="${round(y2)}" ${attrs}/>`;
}

export function polygon(points: [number, number][], attrs: string): string {
  return `<polygon points="${points.map(([x, y]) => `${round(x)},${round(y)}`).join(' ')}" ${attrs}/>`;
}

export function rect(x: number, y: number, width: number, height: number, attrs: string): string {
  return `<rect x="${round(x)}" y="${round(y)}" width="${round(width)}" height="${round(height)}" ${attrs}/>`;
}

export function label(
  x: number,
  y: number,
  content: string,
  { size = 14, anchor = 'middle', weight = 'normal', rotate = 0, fill = '#222' } = {},
): string {
  const transform = rotate ? ` transform="rotate(${rotate} ${round(x)} ${round(y)})"` : '';
  return `<text x="${round(x)}" y="${round(y)}" font-family="${fontFamily}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}"${transform}>${escapeXml(content)}</text>`;
}

/**
 * A dimension line between two points, drawn `offset` px to the side (positive = to the right of the direction of travel as seen on the sheet),
 * with extension lines, ticks and the length in feet-inches.
 */
export function dimension(x1: number, y1: number, x2: number, y2: number, inches: number, offset: number): string {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const length = Math.hypot(dx, dy) || 1;
  const nx = -dy / length;
  const ny = dx / length;
  const ax = x1 + nx * offset;
  const ay = y1 + ny * offset;
  const bx = x2 + nx * offset;
  const by = y2 + ny * offset;
  const tick = (x: number, y: number) =>
    line(
      x - (5 * (dx + dy)) / length,
      y - (5 * (dy - dx)) / length,
      x + (5 * (dx + dy)) / length,
      y + (5 * (dy - dx)) / length,
      'stroke="#1a4d8f" stroke-width="1.5"',
    );
  // Text reads left to right, or bottom to top on vertical dimensions.
  let angle = (Math.atan2(dy, dx) * 180) / Math.PI;
  if (angle >= 90) angle -= 180;
  else if (angle < -90) angle += 180;
  const textOffset = offset >= 0 ? 6 : -6;
  const tx = (ax + bx) / 2 + nx * textOffset;
  const ty = (ay + by) / 2 + ny * textOffset;
  return [
    line(
      x1 + nx * Math.sign(offset) * 4,
      y1 + ny * Math.sign(offset) * 4,
      ax + nx * Math.sign(offset) * 6,
      ay + ny * Math.sign(offset) * 6,
      'stroke="#1a4d8f" stroke-width="0.8"',
    ),
    line(
      x2 + nx * Math.sign(offset) * 4,
      y2 + ny * Math.sign(offset) * 4,
      bx + nx * Math.sign(offset) * 6,
      by + ny * Math.sign(offset) * 6,
      'stroke="#1a4d8f" stroke-width="0.8"',
    ),
    line(ax, ay, bx, by, 'stroke="#1a4d8f" stroke-width="1"'),
    tick(ax, ay),
    tick(bx, by),
    `<g transform="rotate(${round(angle)} ${round(tx)} ${round(ty)})">${rect(tx - 40, ty - 10, 80, 20, 'fill="#fff" opacity="0.9"')}${label(tx, ty + 5, formatFeetInches(inches), { size: 14, fill: '#1a4d8f' })}</g>`,
  ].join('');
}

export interface TitleBlock {
  sheetTitle: string;
  orderFileName: string;
  customer: string;
  lines: string[];
  page: number;
  pages: number;
}

/** The frame and title block every sheet carries. */
export function frameAndTitleBlock(block: TitleBlock): string {
  const { width, height, margin, titleBlockHeight } = sheet;
  const top = height - margin - titleBlockHeight;
  return [
    rect(margin / 2, margin / 2, width - margin, height - margin, 'fill="none" stroke="#222" stroke-width="2"'),
    line(margin / 2, top, width - margin / 2, top, 'stroke="#222" stroke-width="1.5"'),
    line(700, top, 700, height - margin / 2, 'stroke="#222" stroke-width="1"'),
    label(margin, top + 32, block.sheetTitle, { size: 24, anchor: 'start', weight: 'bold' }),
    ...block.lines.slice(0, 3).map((text, i) => label(margin, top + 60 + i * 20, text, { size: 14, anchor: 'start' })),
    label(715, top + 28, `Order ${block.orderFileName}`, { size: 14, anchor: 'start', weight: 'bold' }),
    label(715, top + 50, block.customer ? `Customer: ${block.customer}` : 'Customer: -', { size: 13, anchor: 'start' }),
    label(715, top + 72, 'Preliminary drawing from the submitted order', { size: 12, anchor: 'start', fill: '#555' }),
    label(715, top + 90, 'Not for construction. Dimensions in feet-inches.', {
      size: 12,
      anchor: 'start',
      fill: '#555',
    }),
    label(width - margin, top + 110, `Sheet ${block.page} of ${block.pages}`, { size: 13, anchor: 'end' }),
  ].join('');
}

/** A whole sheet: white background, content, frame and title block. */
export function sheetSvg(content: string, block: TitleBlock): string {
  const { width, height } = sheet;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><pattern id="hatch" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="10" stroke="#999" stroke-width="2"/></pattern></defs>` +
    `${rect(0, 0, width, height, 'fill="#fff"')}${content}${frameAndTitleBlock(block)}</svg>`
  );
}
