/** Generated product pictures (demo catalogue): one simple, distinct SVG per image id, rasterised to PNG with resvg. */
import { renderAsync } from '@resvg/resvg-js';

/** What a picture is drawn from: the first catalogue part that names the image id. */
export interface PictureSubject {
  imageId: string;
  catalogue: string;
  identifier: string;
  parentCategory: string | null;
  secondCategory: string | null;
  color: string | null;
}

const width = 320;
const height = 240;

const colorFills: Record<string, string> = {
  WHITE: '#f4f4f0',
  BRONZE: '#6b4f35',
  SANDSTONE: '#d8c7a3',
  BLACK: '#2b2b2b',
};

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
}

/** A stable number from text, so each image id gets its own hue and proportions. */
function hashOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619) >>> 0;
  return hash;
}

/** Splits a name into at most two lines of about `max` characters. */
function wrap(text: string, max = 26): string[] {
  const words = text.split(/\s+/);
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

/** The drawing of the part's kind, in a 200 x 120 box at (60, 30). */
function glyphOf(subject: PictureSubject, fill: string, accent: string, seed: number): string {
  const kind = subject.catalogue === 'spare-parts' ? (subject.parentCategory ?? '') : subject.catalogue;
  const stroke = `stroke="#333" stroke-width="2"`;
  const variant = seed % 3;
  switch (kind) {
    case 'EXTRUSIONS':
      return `<path d="M70 60 h180 v${20 + variant * 8} h-20 v-${10 + variant * 4} h-140 v${40 + variant * 6} h-20 z" fill="${fill}" ${stroke}/><rect x="70" y="120" width="180" height="10" fill="${accent}" opacity="0.5"/>`;
    case 'FASTENERS':
      return `<rect x="90" y="60" width="40" height="18" rx="4" fill="${fill}" ${stroke}/><path d="M130 63 h${90 + variant * 10} l14 6 l-14 6 h-${90 + variant * 10} z" fill="#bbb" ${stroke}/>${Array.from({ length: 8 }, (_, i) => `<line x1="${140 + i * 11}" y1="63" x2="${146 + i * 11}" y2="75" stroke="#555"/>`).join('')}`;
    case 'GASKETS & SEALS':
      return `<circle cx="160" cy="95" r="${50 - variant * 5}" fill="none" stroke="${accent}" stroke-width="16"/><circle cx="160" cy="95" r="${50 - variant * 5}" fill="none" stroke="#333" stroke-width="2"/>`;
    case 'PANELS':
      return `<rect x="70" y="45" width="180" height="100" fill="${fill}" ${stroke}/>${Array.from({ length: 3 + variant }, (_, i) => `<line x1="${70 + ((i + 1) * 180) / (4 + variant)}" y1="45" x2="${70 + ((i + 1) * 180) / (4 + variant)}" y2="145" stroke="${accent}" stroke-width="4"/>`).join('')}`;
    case 'HARDWARE':
      return `<rect x="110" y="45" width="100" height="100" rx="12" fill="${fill}" ${stroke}/><circle cx="160" cy="${80 + variant * 6}" r="16" fill="${accent}" ${stroke}/><rect x="150" y="110" width="20" height="24" fill="#777"/>`;
    case 'marketing':
      return `<rect x="85" y="40" width="150" height="110" fill="#fff" ${stroke}/><rect x="95" y="50" width="130" height="40" fill="${accent}"/>${[100, 112, 124, 136].map((y) => `<line x1="95" y1="${y}" x2="${215 - variant * 15}" y2="${y}" stroke="#999" stroke-width="4"/>`).join('')}`;
    case 'display':
      return `<path d="M70 150 v-70 l90 -45 l90 45 v70 z" fill="${fill}" ${stroke}/>${[0, 1, 2].map((i) => `<rect x="${88 + i * 50}" y="95" width="40" height="45" fill="#bfe3f5" ${stroke}/>`).join('')}`;
    case 'transom':
      return `<rect x="60" y="${80 - variant * 10}" width="200" height="${30 + variant * 14}" fill="#bfe3f5" stroke="${fill}" stroke-width="10"/>`;
    case 'door':
      return `<rect x="115" y="35" width="90" height="120" fill="#bfe3f5" stroke="${accent}" stroke-width="10"/><circle cx="${variant === 1 ? 125 : 195}" cy="100" r="5" fill="#333"/>`;
    case 'sash':
      return `<rect x="100" y="35" width="120" height="120" fill="#bfe3f5" stroke="${accent}" stroke-width="8"/><line x1="100" y1="95" x2="220" y2="95" stroke="${accent}" stroke-width="8"/>`;
    default:
      return `<rect x="90" y="45" width="140" height="100" fill="${fill}" ${stroke}/>`;
  }
}

/** The SVG picture of a part: a kind-specific drawing in the part's colour, its name and image id. */
export function drawProductSvg(subject: PictureSubject): string {
  const seed = hashOf(subject.imageId);
  const hue = seed % 360;
  const fill = (subject.color && colorFills[subject.color]) || `hsl(${hue}, 45%, 70%)`;
  const accent = `hsl(${(hue + 150) % 360}, 55%, 45%)`;
  const lines = wrap(subject.identifier.toUpperCase());
  const label = lines
    .map(
      (line, i) =>
        `<text x="160" y="${182 + i * 18}" text-anchor="middle" font-size="15" font-weight="bold">${escapeXml(line)}</text>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans">`,
    `<rect width="${width}" height="${height}" fill="hsl(${hue}, 30%, 95%)"/>`,
    glyphOf(subject, fill, accent, seed),
    label,
    `<text x="160" y="230" text-anchor="middle" font-size="11" fill="#555">${escapeXml(subject.imageId)}</text>`,
    '</svg>',
  ].join('');
}

/** PNG bytes of the part's picture. */
export async function renderProductImage(subject: PictureSubject): Promise<Buffer> {
  const image = await renderAsync(drawProductSvg(subject), {
    background: '#ffffff',
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  });
  return image.asPng();
}
