/**
 * What each catalogue item looks like, drawn from what it is (its catalogue, categories and name): a beam is a long
 * profile, a door a framed door with its swing, a display the room or cover it shows. Each drawing fits the box
 * x 40..280, y 16..150 of the 320 x 240 picture and is painted in the item's paint.
 */
import { edgeOf, materialPaints, shadeOf } from './colour-names';

/** What a drawing is drawn from. */
export interface DrawingSubject {
  catalogue: string;
  identifier: string;
  parentCategory: string | null;
  secondCategory: string | null;
  thirdCategory: string | null;
  size: string | null;
  orientation: string | null;
  glassType: string | null;
  sashSet: string | null;
}

/** The paint of the item and the paints derived from it. */
interface Paints {
  fill: string;
  edge: string;
  light: string;
  dark: string;
}

export function paintsOf(fill: string): Paints {
  return { fill, edge: edgeOf(fill), light: shadeOf(fill, 0.35), dark: shadeOf(fill, -0.25) };
}

const glass = materialPaints.glass;

function box(x: number, y: number, w: number, h: number, fill: string, edge: string, extra = ''): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" stroke="${edge}" stroke-width="2"${extra}/>`;
}

function poly(points: string, fill: string, edge: string): string {
  return `<polygon points="${points}" fill="${fill}" stroke="${edge}" stroke-width="2" stroke-linejoin="round"/>`;
}

function line(x1: number, y1: number, x2: number, y2: number, stroke: string, width = 2, extra = ''): string {
  return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${width}"${extra}/>`;
}

/** A long length of extrusion seen from above at an angle, with its profile (a path at the left end). */
function longProfile(p: Paints, depth: number): string {
  const top = 84 - depth / 2;
  return [
    poly(`60,${top} 250,${top} 270,${top - 14} 80,${top - 14}`, p.light, p.edge),
    poly(`250,${top} 270,${top - 14} 270,${top - 14 + depth} 250,${top + depth}`, p.dark, p.edge),
    box(60, top, 190, depth, p.fill, p.edge),
  ].join('');
}

/** An extrusion: beams deep, rafters and channels shallower, posts and column wraps standing up. */
function extrusion(name: string, p: Paints): string {
  if (/POST|COLUMN/.test(name)) {
    const wrap = /COLUMN/.test(name);
    return [
      box(132, 26, 56, 110, p.fill, p.edge),
      box(wrap ? 118 : 126, 18, wrap ? 84 : 68, 10, p.light, p.edge),
      box(wrap ? 118 : 122, 134, wrap ? 84 : 76, 10, p.dark, p.edge),
      line(146, 30, 146, 132, p.light, 4),
    ].join('');
  }
  if (/GUTTER|DOWNSPOUT/.test(name)) {
    if (/DOWNSPOUT/.test(name))
      return [
        box(140, 20, 40, 96, p.fill, p.edge),
        poly('140,116 180,116 214,140 190,150 140,130', p.dark, p.edge),
      ].join('');
    return [
      `<path d="M60 60 h190 l10 10 v40 q-6 18 -24 18 h-160 q-16 0 -16 -16 z" fill="${p.fill}" stroke="${p.edge}" stroke-width="2"/>`,
      line(66, 70, 252, 70, p.dark, 3),
    ].join('');
  }
  if (/CAP/.test(name)) return poly('120,50 200,50 220,70 220,130 100,130 100,70', p.fill, p.edge);
  if (/TRIM|DRIP|ANGLE|CORNER/.test(name))
    return [
      poly('60,100 250,100 270,86 80,86', p.light, p.edge),
      poly('60,100 60,132 250,132 250,100', p.fill, p.edge),
    ].join('');
  if (/MULLION|CHANNEL/.test(name))
    return [longProfile(p, 24), `<path d="M70 76 h20 v24 h-6 v-16 h-8 v16 h-6 z" fill="${p.dark}"/>`].join('');
  if (/FASCIA/.test(name)) return longProfile(p, 44);
  // Beams and rafters: a deep box beam, with a lighter web line.
  return [longProfile(p, /RAFTER/.test(name) ? 30 : 48), line(66, 84, 244, 84, p.dark, 2)].join('');
}

function fastener(name: string, p: Paints): string {
  const steel = paintsOf(materialPaints.steel);
  if (/RIVETER/.test(name))
    return [
      poly('90,60 210,52 214,70 94,80', steel.fill, steel.edge),
      poly('120,78 140,76 150,140 130,142', p.fill === materialPaints.aluminium ? steel.dark : p.fill, steel.edge),
    ].join('');
  if (/RIVET/.test(name))
    return [box(110, 70, 100, 16, steel.fill, steel.edge), box(206, 60, 14, 36, p.fill, p.edge, ' rx="4"')].join('');
  if (/BRACKET|HANGER|ANGLE|BASE/.test(name))
    return [
      poly('80,130 240,130 240,110 100,110 100,40 80,40', p.fill, p.edge),
      `<circle cx="90" cy="70" r="5" fill="${p.dark}"/><circle cx="170" cy="120" r="5" fill="${p.dark}"/>`,
    ].join('');
  const head = /ANCHOR/.test(name) ? steel : p;
  const threads = Array.from({ length: 10 }, (_, i) => line(138 + i * 11, 64, 144 + i * 11, 88, steel.edge, 2)).join(
    '',
  );
  return [
    box(90, 58, 44, 36, head.fill, head.edge, ' rx="6"'),
    `<path d="M134 64 h112 l18 12 l-18 12 h-112 z" fill="${steel.fill}" stroke="${steel.edge}" stroke-width="2"/>`,
    threads,
  ].join('');
}

/** Gaskets, weatherstrip, foam and tape come on rolls; sealant in a tube. */
function seal(name: string, p: Paints): string {
  if (/SEALANT|CAULK/.test(name))
    return [
      box(70, 66, 150, 40, p.fill, p.edge, ' rx="6"'),
      poly('220,72 262,82 262,90 220,100', materialPaints.paper, edgeOf(materialPaints.paper)),
    ].join('');
  if (/CLOSURE/.test(name))
    return `<path d="M60 110 q15 -40 30 0 q15 -40 30 0 q15 -40 30 0 q15 -40 30 0 q15 -40 30 0 q15 -40 30 0 v20 h-180 z" fill="${materialPaints.rubber}" stroke="#000" stroke-width="2"/>`;
  const roll = /FOAM/.test(name) ? '#e8e3d3' : /TAPE/.test(name) ? '#4a4e55' : materialPaints.rubber;
  return [
    `<circle cx="160" cy="84" r="58" fill="${roll}" stroke="#111" stroke-width="2"/>`,
    `<circle cx="160" cy="84" r="22" fill="#f3f4f6" stroke="#111" stroke-width="2"/>`,
    `<path d="M200 126 q30 10 70 4" fill="none" stroke="${roll}" stroke-width="10"/>`,
  ].join('');
}

function panel(name: string, p: Paints): string {
  if (/LENS/.test(name))
    return [
      `<path d="M60 120 q100 -90 200 0 z" fill="${glass}" fill-opacity="0.8" stroke="#6c8ea3" stroke-width="2"/>`,
      line(90, 108, 130, 76, '#ffffff', 4),
    ].join('');
  if (/FRAME KIT/.test(name))
    return [
      `<rect x="70" y="40" width="180" height="90" fill="none" stroke="${p.edge}" stroke-width="16"/>`,
      `<rect x="70" y="40" width="180" height="90" fill="none" stroke="${p.fill}" stroke-width="12"/>`,
    ].join('');
  const ribs = /ROOF/.test(name)
    ? Array.from({ length: 5 }, (_, i) => line(90 + i * 34, 40, 90 + i * 34, 136, p.dark, 5)).join('')
    : line(70, 88, 250, 88, p.dark, 2);
  return [poly('70,40 250,40 262,30 82,30', p.light, p.edge), box(70, 40, 180, 96, p.fill, p.edge), ribs].join('');
}

function hardware(name: string, p: Paints): string {
  if (/LOCKSET/.test(name))
    return [
      box(110, 30, 100, 110, p.fill, p.edge, ' rx="10"'),
      `<circle cx="160" cy="70" r="18" fill="${p.light}" stroke="${p.edge}" stroke-width="2"/>`,
      `<rect x="154" y="104" width="12" height="22" rx="4" fill="${p.dark}"/>`,
    ].join('');
  if (/HINGE/.test(name))
    return [
      box(100, 30, 56, 110, p.fill, p.edge),
      box(164, 30, 56, 110, p.fill, p.edge),
      box(154, 30, 12, 110, p.dark, p.edge),
      ...[55, 85, 115].flatMap((y) => [
        `<circle cx="128" cy="${y}" r="4" fill="${p.edge}"/>`,
        `<circle cx="192" cy="${y}" r="4" fill="${p.edge}"/>`,
      ]),
    ].join('');
  if (/CLOSER/.test(name))
    return [box(70, 70, 150, 30, p.fill, p.edge, ' rx="12"'), line(220, 85, 262, 60, p.edge, 6)].join('');
  if (/SWEEP/.test(name))
    return [box(60, 70, 200, 24, p.fill, p.edge), box(60, 94, 200, 14, materialPaints.rubber, '#000')].join('');
  if (/LATCH/.test(name))
    return [box(100, 70, 120, 36, p.fill, p.edge, ' rx="6"'), poly('150,70 200,50 210,60 170,76', p.dark, p.edge)].join(
      '',
    );
  if (/BALANCE/.test(name))
    return [
      box(146, 20, 28, 124, materialPaints.aluminium, edgeOf(materialPaints.aluminium)),
      line(160, 24, 160, 140, '#777', 3, ' stroke-dasharray="6 4"'),
    ].join('');
  if (/SCREEN/.test(name))
    return [
      `<circle cx="100" cy="84" r="40" fill="${materialPaints.screen}" stroke="#111" stroke-width="2"/>`,
      poly('100,44 260,44 260,124 100,124', materialPaints.screen, '#111'),
      ...Array.from({ length: 8 }, (_, i) => line(110 + i * 20, 44, 110 + i * 20, 124, '#8a9197', 1)),
    ].join('');
  if (/FAN BEAM/.test(name))
    return [
      longProfile(p, 30),
      line(160, 100, 160, 118, p.edge, 4),
      `<ellipse cx="160" cy="124" rx="70" ry="8" fill="${p.dark}" stroke="${p.edge}" stroke-width="2"/>`,
    ].join('');
  if (/LED|LIGHT/.test(name))
    return [
      `<circle cx="160" cy="84" r="54" fill="#f7f7f4" stroke="#8b8f94" stroke-width="2"/>`,
      `<circle cx="160" cy="84" r="34" fill="#fff6c9" stroke="#c9b458" stroke-width="2"/>`,
    ].join('');
  if (/SWITCH/.test(name))
    return [
      box(120, 30, 80, 110, '#f7f7f4', '#8b8f94', ' rx="8"'),
      box(148, 56, 24, 58, '#e2e4e6', '#8b8f94', ' rx="4"'),
    ].join('');
  return longProfile(p, 26);
}

/** A printed or promotional item, drawn as what it is. */
function marketing(name: string): string {
  const ink = '#1f4e79';
  const paper = paintsOf(materialPaints.paper);
  if (/PEN/.test(name))
    return [poly('70,110 230,60 238,72 78,122', ink, '#0d2238'), poly('70,110 78,122 60,124', '#333', '#000')].join('');
  if (/CAP/.test(name))
    return `<path d="M90 110 q0 -70 70 -70 q70 0 70 70 z" fill="${ink}" stroke="#0d2238" stroke-width="2"/><path d="M90 110 h120 q30 0 50 12 h-170 z" fill="#163a5c"/>`;
  if (/SHIRT/.test(name))
    return `<path d="M110 30 l-40 24 l16 30 l20 -10 v70 h108 v-70 l20 10 l16 -30 l-40 -24 q-10 14 -50 14 q-40 0 -50 -14 z" fill="${ink}" stroke="#0d2238" stroke-width="2"/>`;
  if (/TOTE/.test(name))
    return `<path d="M120 60 q0 -40 40 -40 q40 0 40 40" fill="none" stroke="#c9b79a" stroke-width="6"/>${box(96, 58, 128, 90, '#efe6d2', '#a89676')}`;
  if (/MUG/.test(name))
    return `${box(110, 40, 90, 100, '#ffffff', '#8b8f94', ' rx="8"')}<path d="M200 62 q36 0 36 28 q0 28 -36 28" fill="none" stroke="#8b8f94" stroke-width="8"/>`;
  if (/TAPE MEASURE/.test(name))
    return `${box(100, 40, 100, 100, '#f2c12e', '#8a6d0c', ' rx="22"')}${box(200, 110, 60, 16, '#f7e08a', '#8a6d0c')}`;
  if (/USB/.test(name))
    return `${box(110, 60, 100, 40, ink, '#0d2238', ' rx="6"')}${box(210, 68, 34, 24, '#c5cacf', '#6b7177')}`;
  if (/KIT|WIDGET|LICENSE/.test(name))
    return `${box(70, 30, 180, 110, '#262626', '#000', ' rx="6"')}${box(80, 40, 160, 90, '#dbeaf5', '#000')}${box(92, 52, 70, 30, ink, ink)}`;
  if (/BANNER STAND/.test(name))
    return `${box(120, 16, 80, 126, '#ffffff', '#6b7177')}${box(126, 24, 68, 40, ink, ink)}${box(110, 140, 100, 8, '#6b7177', '#333')}`;
  if (/DECAL/.test(name))
    return `<circle cx="160" cy="84" r="56" fill="#ffffff" stroke="#6b7177" stroke-width="2"/><circle cx="160" cy="84" r="40" fill="${ink}"/>`;
  if (/MAGNET/.test(name))
    return [100, 172]
      .map((x) => `${box(x, 50, 60, 60, '#ffffff', '#6b7177', ' rx="8"')}${box(x + 8, 58, 44, 20, ink, ink)}`)
      .join('');
  if (/THROW/.test(name))
    return `<path d="M60 60 h200 l10 80 h-220 z" fill="${ink}" stroke="#0d2238" stroke-width="2"/>${box(130, 80, 60, 30, '#ffffff', '#ffffff')}`;
  if (/SIGN|BANNER/.test(name)) {
    const [w, h] = /YARD/.test(name) ? [120, 90] : [200, 90];
    const x = 160 - w / 2;
    return `${box(x, 30, w, h, '#ffffff', '#6b7177')}${box(x + 8, 38, w - 16, h / 3, ink, ink)}${/YARD/.test(name) ? line(140, 120, 140, 150, '#6b7177', 4) + line(180, 120, 180, 150, '#6b7177', 4) : ''}`;
  }
  if (/COLOR SAMPLE/.test(name))
    return [
      box(80, 40, 160, 90, paper.fill, paper.edge),
      ...['#f7f7f4', '#5b4331', '#d9c6a0', '#262626'].map((swatch, i) =>
        box(92 + i * 36, 56, 28, 58, swatch, '#6b7177'),
      ),
    ].join('');
  if (/DOOR HANGER/.test(name))
    return `${box(124, 16, 72, 134, paper.fill, paper.edge, ' rx="6"')}<circle cx="160" cy="40" r="14" fill="#eef0f2" stroke="${paper.edge}" stroke-width="2"/>${box(132, 66, 56, 40, ink, ink)}`;
  if (/POSTCARD/.test(name))
    return `${box(70, 40, 180, 100, paper.fill, paper.edge)}${box(80, 50, 80, 80, ink, ink)}${box(214, 48, 28, 32, '#c9a23a', '#6b5616')}${[96, 110, 124].map((y) => line(172, y, 240, y, '#a7adb3', 3)).join('')}`;
  if (/BINDER/.test(name))
    return `${box(96, 20, 128, 128, ink, '#0d2238', ' rx="4"')}${box(96, 20, 16, 128, '#163a5c', '#0d2238')}${box(130, 44, 72, 36, '#ffffff', '#ffffff')}`;
  // Brochures: a printed sheet with the product on its cover.
  const product = /PATIO|PERGOLA|PAVILION/.exec(name)?.[0] ?? 'STUDIO';
  return [
    box(96, 16, 128, 134, paper.fill, paper.edge),
    box(104, 24, 112, 64, '#dbeaf5', '#dbeaf5'),
    `<g transform="translate(104 24) scale(0.48) translate(-40 -16)">${display(product, paintsOf('#f7f7f4'))}</g>`,
    ...[102, 116, 130].map((y) => line(106, y, 214, y, '#a7adb3', 4)),
  ].join('');
}

/** Posts and a roof of slats (pergolas), a solid roof (patio covers) or a hipped roof (pavilions). */
function cover(name: string, p: Paints): string {
  const posts = [70, 240].map((x) => box(x, 64, 12, 84, p.fill, p.edge)).join('');
  if (/PAVILION/.test(name))
    return `${posts}${poly('50,64 270,64 230,24 90,24', p.fill, p.edge)}${line(50, 64, 270, 64, p.edge, 4)}`;
  if (/PATIO/.test(name))
    return `${box(40, 20, 12, 128, '#c9b79a', '#8a7a5c')}${box(52, 52, 218, 12, p.fill, p.edge)}${box(240, 64, 12, 84, p.fill, p.edge)}`;
  const slats = Array.from({ length: 11 }, (_, i) => box(56 + i * 20, 44, 8, 18, p.dark, p.edge)).join('');
  const motor = /MOTOR/.test(name) ? box(214, 66, 30, 16, '#333', '#000') : '';
  return `${posts}${box(50, 60, 220, 8, p.fill, p.edge)}${slats}${motor}`;
}

/** A room seen from the front: glass walls in a frame of the room's colour, a studio, cathedral or screen room. */
function room(name: string, p: Paints): string {
  const roof = /CATHEDRAL/.test(name)
    ? poly('44,64 160,18 276,64', p.fill, p.edge)
    : poly('44,64 276,64 276,48 44,30', p.fill, p.edge);
  const isScreen = /SCREEN/.test(name);
  const pane = isScreen ? materialPaints.screen : glass;
  const panes = [0, 1, 2, 3]
    .map((i) => box(52 + i * 56, 70, 48, isScreen ? 52 : 70, pane, p.edge, isScreen ? ' fill-opacity="0.55"' : ''))
    .join('');
  const kick = isScreen ? [0, 1, 2, 3].map((i) => box(52 + i * 56, 122, 48, 18, p.fill, p.edge)).join('') : '';
  const transoms = /PREMIER/.test(name)
    ? [0, 1, 2, 3].map((i) => box(52 + i * 56, 64, 48, 6, glass, p.edge)).join('')
    : '';
  return `${roof}${box(44, 64, 232, 84, p.fill, p.edge)}${panes}${kick}${transoms}`;
}

function display(name: string, p: Paints): string {
  if (/SAMPLE TOWER/.test(name))
    return [
      box(130, 16, 60, 134, '#e5e7ea', '#6b7177'),
      ...['#f7f7f4', '#5b4331', '#d9c6a0', '#262626'].map((swatch, i) =>
        box(140, 24 + i * 30, 40, 24, swatch, '#6b7177'),
      ),
    ].join('');
  if (/STAND/.test(name))
    return [
      box(80, 130, 160, 14, '#6b7177', '#333'),
      box(90, 40, 64, 90, glass, '#6b7177'),
      box(166, 40, 64, 90, glass, '#6b7177'),
      line(122, 40, 122, 130, '#6b7177', 3),
      line(166, 85, 230, 85, '#6b7177', 3),
    ].join('');
  if (/PERGOLA|PAVILION|PATIO/.test(name)) return cover(name, p);
  return room(name, p);
}

/**
 * A door in its frame: glass over a kick panel, the handle on the side away from the hinges, and its swing as an
 * elevation draws it (lines from the handle side's corners meet at the hinge side; dashed for an inswing).
 */
function door(subject: DrawingSubject, p: Paints): string {
  const orientation = (subject.orientation ?? '').toUpperCase();
  const hingeLeft = !/RIGHT/.test(orientation);
  const dashes = /OUT/.test(orientation) ? '' : ' stroke-dasharray="6 4"';
  const [hingeX, handleX] = hingeLeft ? [110, 210] : [210, 110];
  return [
    box(104, 16, 112, 134, p.fill, p.edge),
    box(118, 28, 84, 70, glass, p.edge),
    box(118, 106, 84, 34, p.dark, p.edge),
    `<path d="M${handleX} 22 L${hingeX} 83 L${handleX} 144" fill="none" stroke="${edgeOf(glass)}" stroke-width="1.5"${dashes}/>`,
    `<circle cx="${hingeLeft ? 198 : 122}" cy="98" r="5" fill="#c9a23a" stroke="#6b5616" stroke-width="1.5"/>`,
  ].join('');
}

/** A window sash: one or a pair, glass or vinyl, in a frame of its colour. */
function sash(subject: DrawingSubject, p: Paints): string {
  const isPair = (subject.sashSet ?? '').toUpperCase() === 'PAIR';
  const pane = (subject.glassType ?? '').toUpperCase() === 'VINYL' ? '#e3edf2' : glass;
  const one = (x: number, w: number) =>
    [box(x, 24, w, 120, p.fill, p.edge), box(x + 10, 34, w - 20, 100, pane, p.edge)].join('');
  return isPair ? `${one(76, 80)}${one(164, 80)}` : one(110, 100);
}

/** A transom: a wide, short glazed light above a wall, in a frame of its colour. */
function transom(p: Paints): string {
  return [
    box(50, 56, 220, 56, p.fill, p.edge),
    box(62, 66, 196, 36, glass, p.edge),
    line(80, 96, 110, 72, '#ffffff', 3),
  ].join('');
}

/** The drawing of an item in its paint. */
export function drawItem(subject: DrawingSubject, fill: string): string {
  const p = paintsOf(fill);
  const name = subject.identifier.toUpperCase();
  switch (subject.catalogue) {
    case 'door':
      return door(subject, p);
    case 'sash':
      return sash(subject, p);
    case 'transom':
      return transom(p);
    case 'display':
      return display(name, p);
    case 'marketing':
      return marketing(name);
    case 'glass':
      return box(70, 30, 180, 110, glass, '#6c8ea3');
    default:
      break;
  }
  switch (subject.parentCategory) {
    case 'EXTRUSIONS':
      return extrusion(name, p);
    case 'FASTENERS':
      return fastener(name, p);
    case 'GASKETS & SEALS':
      return seal(name, p);
    case 'PANELS':
      return panel(name, p);
    case 'HARDWARE':
      return hardware(name, p);
    default:
      return box(90, 40, 140, 100, p.fill, p.edge);
  }
}
