/** Where a door sits on a projection (side) wall: at the existing home, away from it, or centred. */
export type ProjectionDoorPosition = 'home' | 'away' | 'centered';
/** Where a door sits on a front wall: by the left projection, the middle, by the right projection. */
export type FrontDoorPosition = 'left' | 'middle' | 'right';

/** What a wall code draws (spec 2 §3.6 code families). */
export type WallPicture =
  | { kind: 'solid'; wall: 'projection' | 'front'; isCathedral: boolean; feet: number }
  | { kind: 'glass'; wall: 'projection' | 'front'; isCathedral: boolean; feet: number }
  | { kind: 'swingDoor'; wall: 'projection'; position: ProjectionDoorPosition; feet: number; doorFeet: 3 }
  | { kind: 'swingDoor'; wall: 'front'; position: FrontDoorPosition; feet: number; doorFeet: 3 }
  | { kind: 'twoDoors'; wall: 'front'; feet: number }
  | { kind: 'patioDoor'; wall: 'projection'; position: ProjectionDoorPosition; feet: number; doorFeet: 5 | 6 | 8 }
  | { kind: 'patioDoor'; wall: 'front'; position: FrontDoorPosition; feet: number; doorFeet: 5 | 6 | 8 };

/** A parsed wall code: its room-type prefix and what it draws. */
export interface ParsedWallCode {
  code: string;
  /** G Premier View, V Vinyl, C Glass/Value, I Impact Vista, J Impact Upper Deck, 2 two-inch rooms. */
  prefix: string;
  picture: WallPicture;
}

const projectionPositions: Record<string, ProjectionDoorPosition> = { '': 'home', A: 'away', C: 'centered' };
const frontPositions: Record<string, FrontDoorPosition> = { L: 'left', M: 'middle', R: 'right' };
const patioFamilies: Record<string, 5 | 6 | 8> = { '5D': 5, GD: 6, '8D': 8 };
const frontPatioWidths: Record<string, 5 | 6 | 8> = { '5': 5, '6': 6, '8': 8 };

/** Wall lengths the catalogues hold (projections 1-20, fronts 1-30); anything else is not a code. */
const maxFeet = 30;

/**
 * Reads a wall code of the catalogues (spec 2 §3.6): prefix letter, then FIL n / GW-n / SD-n[A|C] /
 * 5D-n, GD-n, 8D-n [A|C] for projections, FF[C]n / F-[C]n / 3L|M|R-n / 33-n / 5|6|8 L|M|R-n for fronts.
 * Returns null for anything else (the route answers 400).
 */
export function parseWallCode(code: string): ParsedWallCode | null {
  const match = /^([GCVIJ2])([A-Z0-9-]{2,10})$/.exec(code);
  if (!match) return null;
  const [, prefix, rest] = match;
  const picture = readPicture(rest);
  if (!picture || picture.feet < 1 || picture.feet > maxFeet) return null;
  if (picture.wall === 'projection' && picture.feet > 20) return null;
  return { code, prefix, picture };
}

function readPicture(rest: string): WallPicture | null {
  let m: RegExpExecArray | null;
  if ((m = /^FIL(\d{1,2})$/.exec(rest)))
    return { kind: 'solid', wall: 'projection', isCathedral: false, feet: Number(m[1]) };
  if ((m = /^GW-(\d{1,2})$/.exec(rest)))
    return { kind: 'glass', wall: 'projection', isCathedral: false, feet: Number(m[1]) };
  if ((m = /^SD-(\d{1,2})([AC]?)$/.exec(rest))) {
    return {
      kind: 'swingDoor',
      wall: 'projection',
      position: projectionPositions[m[2]],
      feet: Number(m[1]),
      doorFeet: 3,
    };
  }
  if ((m = /^(5D|GD|8D)-(\d{1,2})([AC]?)$/.exec(rest))) {
    return {
      kind: 'patioDoor',
      wall: 'projection',
      position: projectionPositions[m[3]],
      feet: Number(m[2]),
      doorFeet: patioFamilies[m[1]],
    };
  }
  if ((m = /^FF(C?)(\d{1,2})$/.exec(rest)))
    return { kind: 'solid', wall: 'front', isCathedral: m[1] === 'C', feet: Number(m[2]) };
  if ((m = /^F-(C?)(\d{1,2})$/.exec(rest)))
    return { kind: 'glass', wall: 'front', isCathedral: m[1] === 'C', feet: Number(m[2]) };
  if ((m = /^33-(\d{1,2})$/.exec(rest))) return { kind: 'twoDoors', wall: 'front', feet: Number(m[1]) };
  if ((m = /^3([LMR])-(\d{1,2})$/.exec(rest))) {
    return { kind: 'swingDoor', wall: 'front', position: frontPositions[m[1]], feet: Number(m[2]), doorFeet: 3 };
  }
  if ((m = /^([568])([LMR])-(\d{1,2})$/.exec(rest))) {
    return {
      kind: 'patioDoor',
      wall: 'front',
      position: frontPositions[m[2]],
      feet: Number(m[3]),
      doorFeet: frontPatioWidths[m[1]],
    };
  }
  return null;
}
