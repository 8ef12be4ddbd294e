/**
 * Generated product pictures (demo catalogue): one picture per item, drawn from what the item is (product-drawings),
 * painted in its named colour (colour-names), captioned with its name and its real size; rasterised to PNG with resvg.
 */
import { renderAsync } from '@resvg/resvg-js';
import { colourNamedIn, materialPaints, paintOfColour } from './colour-names';
import { drawItem } from './product-drawings';
import { sizeLabel } from './size-label';

/** What a picture is drawn from: the first catalogue part that names the image id. */
export interface PictureSubject {
  imageId: string;
  catalogue: string;
  identifier: string;
  parentCategory: string | null;
  secondCategory: string | null;
  color: string | null;
  thirdCategory?: string | null;
  description?: string | null;
  size?: string | null;
  orientation?: string | null;
  glassType?: string | null;
  sashSet?: string | null;
  windowWallStyle?: string | null;
}

const width = 320;
const height = 240;

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
}

/** Splits a name into at most two lines of about `max` characters. */
function wrap(text: string, max = 28): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [''];
  for (const word of words) {
    const current = lines[lines.length - 1];
    if (current && current.length + word.length + 1 > max) {
      if (lines.length === 2) {
        lines[1] = `${lines[1]}…`;
        break;
      }
      lines.push(word);
    } else lines[lines.length - 1] = current ? `${current} ${word}` : word;
  }
  return lines;
}

/** The item's colour name: its own, else one its description names (a display "..., bronze"). */
export function colourNameOf(subject: PictureSubject): string | undefined {
  if (paintOfColour(subject.color)) return subject.color!.toUpperCase();
  return subject.catalogue === 'display' ? colourNamedIn(subject.description) : undefined;
}

/** The paint the item is drawn in: its named colour, else its material. */
export function paintOf(subject: PictureSubject): string {
  const named = paintOfColour(colourNameOf(subject));
  if (named) return named;
  if (subject.parentCategory === 'FASTENERS') return materialPaints.steel;
  if (subject.parentCategory === 'GASKETS & SEALS') return materialPaints.rubber;
  return materialPaints.aluminium;
}

/** The item's name without the size and colour its caption's second line gives (a door by its style, not its old code). */
export function captionTitleOf(subject: PictureSubject): string {
  if (subject.catalogue === 'door')
    return [`${subject.windowWallStyle ?? subject.secondCategory ?? ''} Door`.trim(), subject.orientation]
      .filter(Boolean)
      .join(', ');
  if (subject.catalogue === 'transom')
    return ['Transom', subject.windowWallStyle, subject.glassType].filter(Boolean).join(' ');
  if (subject.catalogue === 'sash')
    return ['Sash', subject.windowWallStyle, subject.sashSet, subject.glassType].filter(Boolean).join(' ');
  let title = ` ${subject.identifier} `;
  for (const part of [subject.size, subject.color])
    if (part) title = title.replace(` ${part} `, ' ').replace(` ${part.toUpperCase()} `, ' ');
  return title.trim();
}

/** The caption's second line: the real size and the colour in words (`36" x 80" · White`). */
export function captionDetailOf(subject: PictureSubject): string {
  const colour = colourNameOf(subject);
  const colourWords = colour ? colour.charAt(0) + colour.slice(1).toLowerCase() : undefined;
  return [sizeLabel(subject.size), colourWords].filter(Boolean).join(' · ');
}

/** The SVG picture of an item: its drawing in its colour, its name, its size and colour, its image id. */
export function drawProductSvg(subject: PictureSubject): string {
  const title = wrap(captionTitleOf(subject).toUpperCase());
  const detail = captionDetailOf(subject);
  const text = (y: number, size: number, content: string, extra = '') =>
    `<text x="160" y="${y}" text-anchor="middle" font-size="${size}"${extra}>${escapeXml(content)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans">`,
    `<rect width="${width}" height="${height}" fill="#eef0f2"/>`,
    drawItem(
      {
        catalogue: subject.catalogue,
        identifier: subject.identifier,
        parentCategory: subject.parentCategory,
        secondCategory: subject.secondCategory,
        thirdCategory: subject.thirdCategory ?? null,
        size: subject.size ?? null,
        orientation: subject.orientation ?? null,
        glassType: subject.glassType ?? null,
        sashSet: subject.sashSet ?? null,
      },
      paintOf(subject),
    ),
    ...title.map((line, i) => text(172 + i * 17, 14, line, ' font-weight="bold"')),
    detail ? text(172 + title.length * 17, 13, detail, ' data-role="detail"') : '',
    text(232, 10, subject.imageId, ' fill="#555"'),
    '</svg>',
  ].join('');
}

/** PNG bytes of the item's picture. */
export async function renderProductImage(subject: PictureSubject): Promise<Buffer> {
  const image = await renderAsync(drawProductSvg(subject), {
    background: '#ffffff',
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  });
  return image.asPng();
}
