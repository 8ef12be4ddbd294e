import type { FrontDoorPosition, ParsedWallCode, ProjectionDoorPosition, WallPicture } from './parse-wall-code';

/** Pixels per foot of wall: a 20 ft projection is 240 px wide, a 30 ft front 360 px. */
const scale = 12;
const margin = 16;
const labelHeight = 26;
const doorHeightFeet = 6.75;
const colours = {
  frame: '#37474f',
  solid: '#b0b7c0',
  glass: '#d6ecfa',
  glint: '#ffffff',
  door: '#8d6e63',
  patio: '#c4e3f5',
  label: '#212121',
  ground: '#6d4c41',
};

interface Span {
  /** Left edge and width, in feet from the wall's left end. */
  start: number;
  width: number;
}

/** An SVG picture of one wall code: the wall's outline to scale, its panels, doors where the code puts them, and the code as a label. */
export function renderWallSvg({ code, picture }: ParsedWallCode): string {
  const width = picture.feet * scale;
  const heights = wallHeights(picture);
  const tallest = Math.max(heights.left, heights.right, heights.peak ?? 0);
  const wallTop = margin;
  const groundY = wallTop + tallest * scale;
  const viewWidth = width + margin * 2;
  const viewHeight = groundY + labelHeight + margin / 2;
  const x = (feet: number) => margin + feet * scale;
  const y = (feet: number) => groundY - feet * scale;
  const outline = outlinePoints(picture, heights)
    .map(([fx, fy]) => `${round(x(fx))},${round(y(fy))}`)
    .join(' ');
  const doors = doorSpans(picture);
  const panels = panelSpans(picture.feet, doors);
  const panelFill = picture.kind === 'solid' ? colours.solid : colours.glass;
  const clipId = `wall-${code.replace(/[^A-Za-z0-9]/g, '')}`;
  const parts: string[] = [];
  for (const panel of panels) {
    parts.push(rect(x(panel.start), y(tallest), panel.width * scale, tallest * scale, panelFill, colours.frame, 1.5));
    if (picture.kind !== 'solid') {
      // A diagonal glint says "glass" without colour alone.
      const gx = x(panel.start + panel.width * 0.25);
      parts.push(
        `<line x1="${round(gx)}" y1="${round(groundY - 6)}" x2="${round(gx + panel.width * scale * 0.4)}" y2="${round(groundY - 6 - panel.width * scale * 0.4)}" stroke="${colours.glint}" stroke-width="3"/>`,
      );
    }
  }
  for (const door of doors) parts.push(drawDoor(picture, door, x, y));
  const title = describeWallCode({ code, picture });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${viewWidth} ${round(viewHeight)}" width="${viewWidth}" height="${round(viewHeight)}" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<clipPath id="${clipId}"><polygon points="${outline}"/></clipPath>`,
    `<g clip-path="url(#${clipId})">${parts.join('')}</g>`,
    `<polygon points="${outline}" fill="none" stroke="${colours.frame}" stroke-width="3" stroke-linejoin="round"/>`,
    `<line x1="${margin / 2}" y1="${groundY}" x2="${viewWidth - margin / 2}" y2="${groundY}" stroke="${colours.ground}" stroke-width="2"/>`,
    `<text x="${viewWidth / 2}" y="${round(groundY + labelHeight - 6)}" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="16" font-weight="bold" fill="${colours.label}">${code}</text>`,
    `</svg>`,
  ].join('');
}

/** The words behind a code, for the picture's title (screen readers) and alt texts. */
export function describeWallCode({ code, picture }: Pick<ParsedWallCode, 'code' | 'picture'>): string {
  const wall =
    picture.wall === 'projection'
      ? 'projection'
      : 'isCathedral' in picture && picture.isCathedral
        ? 'cathedral front wall'
        : 'front wall';
  const what: Record<WallPicture['kind'], string> = {
    solid: 'solid fill panel',
    glass: 'all glass',
    swingDoor: `3' swing door`,
    twoDoors: 'two doors',
    patioDoor: `${'doorFeet' in picture ? picture.doorFeet : ''}' patio door`,
  };
  const where = 'position' in picture ? `, ${positionWords[picture.position]}` : '';
  return `${code}: ${picture.feet}' ${wall}, ${what[picture.kind]}${where}`;
}

const positionWords: Record<ProjectionDoorPosition | FrontDoorPosition, string> = {
  home: 'at the existing home',
  away: 'away from the house',
  centered: 'centered',
  left: 'at the left projection',
  middle: 'centered',
  right: 'at the right projection',
};

interface WallHeights {
  left: number;
  right: number;
  peak?: number;
}

// Projections slope down from the house (left); cathedral fronts rise to a peak.
function wallHeights(picture: WallPicture): WallHeights {
  if (picture.wall === 'projection') return { left: 9, right: Math.max(7.5, 9 - picture.feet * 0.08) };
  if ('isCathedral' in picture && picture.isCathedral)
    return { left: 8, right: 8, peak: 8 + Math.min(6, picture.feet * 0.25) };
  return { left: 8, right: 8 };
}

function outlinePoints(picture: WallPicture, heights: WallHeights): [number, number][] {
  const feet = picture.feet;
  if (heights.peak !== undefined)
    return [
      [0, 0],
      [0, heights.left],
      [feet / 2, heights.peak],
      [feet, heights.right],
      [feet, 0],
    ];
  return [
    [0, 0],
    [0, heights.left],
    [feet, heights.right],
    [feet, 0],
  ];
}

function doorSpans(picture: WallPicture): Span[] {
  if (picture.kind === 'twoDoors') {
    const start = Math.max(0, picture.feet / 2 - 3);
    return [
      { start, width: 3 },
      { start: start + 3, width: 3 },
    ];
  }
  if (picture.kind !== 'swingDoor' && picture.kind !== 'patioDoor') return [];
  const width = Math.min(picture.doorFeet, picture.feet);
  const room = picture.feet - width;
  const fraction = { home: 0, left: 0, centered: 0.5, middle: 0.5, away: 1, right: 1 }[picture.position];
  // Doors keep half a foot of frame from a corner.
  const start = Math.min(Math.max(room * fraction, Math.min(0.5, room / 2)), room - Math.min(0.5, room / 2));
  return [{ start, width }];
}

/** Panels of about 4 ft between the doors. */
function panelSpans(feet: number, doors: Span[]): Span[] {
  const gaps: Span[] = [];
  let cursor = 0;
  for (const door of [...doors].sort((a, b) => a.start - b.start)) {
    if (door.start > cursor) gaps.push({ start: cursor, width: door.start - cursor });
    cursor = door.start + door.width;
  }
  if (cursor < feet) gaps.push({ start: cursor, width: feet - cursor });
  return gaps.flatMap((gap) => {
    const count = Math.max(1, Math.round(gap.width / 4));
    return Array.from({ length: count }, (_, i) => ({
      start: gap.start + (gap.width / count) * i,
      width: gap.width / count,
    }));
  });
}

function drawDoor(picture: WallPicture, door: Span, x: (feet: number) => number, y: (feet: number) => number): string {
  const left = x(door.start);
  const top = y(doorHeightFeet);
  const width = door.width * scale;
  const height = doorHeightFeet * scale;
  if (picture.kind === 'patioDoor') {
    const half = width / 2;
    const arrowY = top + height * 0.45;
    return [
      rect(left, top, width, height, colours.patio, colours.frame, 2),
      `<line x1="${round(left + half)}" y1="${round(top)}" x2="${round(left + half)}" y2="${round(top + height)}" stroke="${colours.frame}" stroke-width="2"/>`,
      `<path d="M${round(left + half * 0.3)} ${round(arrowY)} h${round(half * 0.5)} m-5 -4 l5 4 l-5 4" fill="none" stroke="${colours.frame}" stroke-width="2"/>`,
    ].join('');
  }
  const handleX = left + width - 5;
  return [
    rect(left, top, width, height, colours.door, colours.frame, 2),
    rect(left + width * 0.18, top + height * 0.08, width * 0.64, height * 0.5, colours.glass, colours.frame, 1),
    // Dashed lines meet at the hinge side, as elevations show a swing.
    `<path d="M${round(left + width)} ${round(top)} L${round(left)} ${round(top + height / 2)} L${round(left + width)} ${round(top + height)}" fill="none" stroke="${colours.frame}" stroke-width="1" stroke-dasharray="4 3"/>`,
    `<circle cx="${round(handleX)}" cy="${round(top + height * 0.55)}" r="2.5" fill="#ffd54f" stroke="${colours.frame}"/>`,
  ].join('');
}

function rect(
  x: number,
  y: number,
  width: number,
  height: number,
  fill: string,
  stroke: string,
  strokeWidth: number,
): string {
  return `<rect x="${round(x)}" y="${round(y)}" width="${round(width)}" height="${round(height)}" fill="${fill}" stroke="${stroke}" stroke-width="${strokeWidth}"/>`;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
