/**
 * What a drawing needs from a submitted order, read leniently (drawings are made from whatever was ordered):
 * the outline by side, the new walls on each side with lengths, codes and doors, the heights.
 * Wall positions follow definitions/shared/room/schema.json.
 */
import { toInches, toNumberOrUndefined } from './feet-inches';

/** Sides of the outline, left to right; the angle sides exist only for angled layouts. */
export type Side = 'left' | 'leftAngle' | 'front' | 'rightAngle' | 'right';
export const outlineSides: Side[] = ['left', 'leftAngle', 'front', 'rightAngle', 'right'];

export interface DoorModel {
  widthIn: number;
  heightIn: number;
  kind: 'swing' | 'patio';
  /** As chosen, e.g. "3' Door". */
  name: string;
  /** Door position (Existing Home, Away From House, Centered, At House, Left Side, ...); '' when unknown. */
  location: string;
}

export interface WallModel {
  side: Side;
  /** 1-based, in drawing order (left to right). */
  number: number;
  name: string;
  code?: string;
  lengthIn: number;
  /** Where the wall starts along its side (walls of an Existing Roof side follow one another). */
  startIn: number;
  door?: DoorModel;
}

export type RoofStyle = 'studio' | 'cathedral' | 'existing-roof' | 'flat';

export interface RoomModel {
  kind: 'room' | 'patio-cover';
  title: string;
  /** Extra lines for the title block (room type, style, layout). */
  details: string[];
  isAttached: boolean;
  roofStyle: RoofStyle;
  /** Overall width along the house. */
  widthIn: number;
  /** From the house to the front, at the left and at the right (including an angled corner). */
  depthLeftIn: number;
  depthRightIn: number;
  /** 45-degree corners of angled layouts (0 when square). */
  chamferLeftIn: number;
  chamferRightIn: number;
  walls: WallModel[];
  /** Sides drawn open (a patio cover's sides); other sides without a wall are existing walls. */
  openSides: Side[];
  heightAtHouseIn?: number;
  frontHeightIn?: number;
  /** Patio covers: posts instead of walls. */
  hasPosts: boolean;
}

type Data = Record<string, unknown>;

/** Nominal door height (the order gives only widths): 6'-8". */
const doorHeightIn = 80;

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function arrayOf(data: Data, name: string): unknown[] {
  return Array.isArray(data[name]) ? (data[name] as unknown[]) : [];
}

function objectOf(data: Data, name: string): Data {
  const value = data[name];
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Data) : {};
}

/** "3' Door" -> 36, "3.5' Door" -> 42, "5' Patio Door" -> 60; undefined when no width is named. */
export function parseDoorWidthIn(name: string): number | undefined {
  const match = /(\d+(?:\.\d+)?)\s*'/.exec(name) ?? /^(\d+(?:\.\d+)?)/.exec(name.trim());
  return match ? Math.round(Number(match[1]) * 12) : undefined;
}

/** Door position of each wall code in a wall-code catalogue (tables[prefix][table][choice][position] -> codes). */
export function indexCodePositions(wallCodes: unknown): Map<string, string> {
  const positions = new Map<string, string>();
  const tables = (wallCodes as { tables?: unknown } | undefined)?.tables;
  const walk = (node: unknown, position: string | undefined, depth: number): void => {
    if (Array.isArray(node)) {
      for (const code of node) if (typeof code === 'string' && position) positions.set(code, position);
    } else if (node && typeof node === 'object' && depth < 6) {
      for (const [key, child] of Object.entries(node)) walk(child, Array.isArray(child) ? key : position, depth + 1);
    }
  };
  walk(tables, undefined, 0);
  return positions;
}

interface WallGroupRead {
  lengthIn: number;
  code?: string;
  door?: DoorModel;
}

/** The walls of one wall group (suffix '' or ERL/ERR/ERF), by array index; undefined where no length is given. */
function readWallGroup(data: Data, suffix: string, defaultDoor: string, codePositions: Map<string, string>): (WallGroupRead | undefined)[] {
  const feet = arrayOf(data, `wallLengthsFeet${suffix}`);
  const inches = arrayOf(data, `wallLengthsInches${suffix}`);
  const options = arrayOf(data, `doorOption${suffix}`);
  const widths = arrayOf(data, `doorWidth${suffix}`);
  const codes = arrayOf(data, `selectedCodes${suffix}`);
  const locations = arrayOf(data, `selectedLocations${suffix}`);
  const count = Math.max(feet.length, inches.length);
  return Array.from({ length: count }, (_, index) => {
    const lengthIn = toInches(feet[index], inches[index]);
    if (!lengthIn || lengthIn <= 0) return undefined;
    const code = text(codes[index]) || undefined;
    let door: DoorModel | undefined;
    const widthName = text(widths[index]) || defaultDoor;
    const widthIn = parseDoorWidthIn(widthName);
    if (text(options[index]).toLowerCase() === 'yes' && widthIn) {
      const location = text(locations[index]) || (code ? codePositions.get(code) ?? '' : '');
      door = { widthIn, heightIn: doorHeightIn, kind: /patio/i.test(widthName) ? 'patio' : 'swing', name: widthName, location };
    }
    return { lengthIn, code, door };
  });
}

/**
 * Sides of the room's own walls on a new roof (spec 2 §4.1 wall index mapping): layout '1' left, front, right;
 * '2' a projection and the front (right projection with rail side RIGHT; both projections with a breeze way);
 * '3' the front. Without a layout, by the number of walls.
 */
export function sidesOfWalls(layout: string, wallCount: number, isBreezeway: boolean, railSide: string): Side[] {
  if (layout === '3' || (layout === '' && wallCount === 1)) return ['front'];
  if (layout === '2' || (layout === '' && wallCount === 2)) {
    if (isBreezeway) return ['left', 'right'];
    return railSide.toUpperCase() === 'RIGHT' ? ['right', 'front'] : ['left', 'front'];
  }
  return ['left', 'front', 'right'];
}

const angledSlots: Side[] = ['left', 'front', 'right', 'leftAngle', 'rightAngle'];

const sideNames: Record<Side, string> = {
  left: 'Left Projection', leftAngle: 'Left Angle', front: 'Front Wall', rightAngle: 'Right Angle', right: 'Right Projection',
};

function roofStyleOf(style: string): RoofStyle {
  const lower = style.toLowerCase();
  if (lower.includes('cathedral')) return 'cathedral';
  if (lower.includes('existing')) return 'existing-roof';
  return 'studio';
}

function sum(walls: { lengthIn: number }[]): number | undefined {
  return walls.length ? walls.reduce((total, wall) => total + wall.lengthIn, 0) : undefined;
}

/** Sunroom, screen room and impact orders (spec 2 §3). `codePositions`: door position by wall code. */
export function toSunroomModel(form: string, data: Data, codePositions = new Map<string, string>()): RoomModel {
  const type = text(data.selectedSunRoomType);
  const style = text(data.selectedRoomStyle);
  const roofStyle = roofStyleOf(style);
  const isAngled = text(data.selectedAngled).toLowerCase() === 'yes';
  const defaultDoor = type === 'Linear Screen' ? "3.5' Door" : "3' Door";
  const layout = text(data.selectedPavilionLayoutOption);
  const placed: { side: Side; name: string; wall: WallGroupRead }[] = [];
  let chamferLeftIn = 0;
  let chamferRightIn = 0;

  if (roofStyle === 'existing-roof') {
    const groups: [Side, string, string][] = [['left', 'ERL', 'Left Wall'], ['front', 'ERF', 'Front Wall'], ['right', 'ERR', 'Right Wall']];
    for (const [side, suffix, name] of groups) {
      readWallGroup(data, suffix, defaultDoor, codePositions).forEach((wall, i) => wall && placed.push({ side, name: `${name} ${i + 1}`, wall }));
    }
  } else {
    const walls = readWallGroup(data, '', defaultDoor, codePositions);
    if (isAngled) {
      chamferLeftIn = toInches(data.leftAngleFeet, data.leftAngleInches) ?? (walls[3] ? walls[3].lengthIn / Math.SQRT2 : 0);
      chamferRightIn = toInches(data.rightAngleFeet, data.rightAngleInches) ?? (walls[4] ? walls[4].lengthIn / Math.SQRT2 : 0);
      walls.forEach((wall, i) => {
        const side = angledSlots[i];
        if (!wall || !side) return;
        // The angle walls' lengths follow from the angle distances (45 degrees).
        const lengthIn = side === 'leftAngle' ? chamferLeftIn * Math.SQRT2 : side === 'rightAngle' ? chamferRightIn * Math.SQRT2 : wall.lengthIn;
        if (lengthIn > 0) placed.push({ side, name: side === 'left' ? 'Left Straight' : side === 'right' ? 'Right Straight' : sideNames[side], wall: { ...wall, lengthIn } });
      });
    } else {
      const sides = sidesOfWalls(layout, walls.length, text(data.selectedBreezeWay).toLowerCase() === 'yes', text(data.selectedRailSideOption));
      walls.forEach((wall, i) => wall && sides[i] && placed.push({ side: sides[i], name: sideNames[sides[i]], wall }));
    }
  }

  const onSide = (side: Side) => placed.filter((entry) => entry.side === side).map((entry) => entry.wall);
  const roomWidth = toInches(data.widthFeet, data.widthInches);
  const roomLength = toInches(data.lengthFeet, data.lengthInches);
  const left = sum(onSide('left'));
  const right = sum(onSide('right'));
  const front = sum(onSide('front'));
  const straightFallback = left ?? right ?? (roomLength !== undefined ? Math.max(roomLength - Math.max(chamferLeftIn, chamferRightIn), 12) : 120);
  const depthLeftIn = (left ?? straightFallback) + chamferLeftIn;
  const depthRightIn = (right ?? straightFallback) + chamferRightIn;
  const widthIn = front !== undefined ? front + chamferLeftIn + chamferRightIn : roomWidth ?? 144;

  const walls: WallModel[] = [];
  for (const side of outlineSides) {
    let startIn = 0;
    for (const entry of placed.filter((p) => p.side === side)) {
      walls.push({ side, number: walls.length + 1, name: entry.name, code: entry.wall.code, lengthIn: entry.wall.lengthIn, startIn, door: entry.wall.door });
      startIn += entry.wall.lengthIn;
    }
  }
  const house = objectOf(data, 'heightAtHouse');
  const frontHeight = objectOf(data, 'frontHeight');
  const windowWall = form === 'impact' ? 'Impact window walls' : text(data.selectedWindowWallStyle) && `Window wall ${text(data.selectedWindowWallStyle)}`;
  const details = [
    [type, style].filter(Boolean).join(' - '),
    [windowWall, isAngled ? `Angled layout ${text(data.selectedAngleOption)}` : layout && `Layout ${layout}`].filter(Boolean).join(', '),
  ].filter(Boolean);
  return {
    kind: 'room',
    title: type ? `${type} ${form === 'screenroom' ? 'screen room' : 'sunroom'}` : form,
    details,
    isAttached: true,
    roofStyle,
    widthIn,
    depthLeftIn,
    depthRightIn,
    chamferLeftIn,
    chamferRightIn,
    walls,
    openSides: [],
    heightAtHouseIn: toInches(house.heightfeet, house.heightinches),
    frontHeightIn: toInches(frontHeight.frontfeet, frontHeight.frontinches),
    hasPosts: false,
  };
}

/** Pergola and pavilion orders (spec 3 §3): a roof on posts, against the house when attached. */
export function toPatioCoverModel(form: string, data: Data): RoomModel {
  const widthIn = toInches(data.widthFeet, data.widthInches) ?? 144;
  const depthIn = toInches(data.lengthFeet, data.lengthInches) ?? 120;
  const attached = [data.attachedOption, data.selectedAttachedOption, data.attached, data.pavstyle, data.roofstyle].map(text).join(' ').toUpperCase();
  const isAttached = attached.includes('ATTACH') && !attached.includes('FREE');
  const house = objectOf(data, 'heightAtHouse');
  const front = objectOf(data, 'frontHeight');
  const postHeight = toNumberOrUndefined(data.postHeight);
  const postHeightIn = postHeight === undefined ? undefined : postHeight < 20 ? postHeight * 12 : postHeight; // feet or inches
  const kindName = form === 'pavilion' ? 'Pavilion' : 'Pergola';
  const model = [text(data.operableOption), text(data.pavstyle)].filter(Boolean).join(' ');
  return {
    kind: 'patio-cover',
    title: model ? `${kindName} - ${model}` : kindName,
    details: [isAttached ? 'Attached' : 'Free standing', text(data.motorCityPergolaSize) && `Size ${text(data.motorCityPergolaSize)}`].filter(Boolean),
    isAttached,
    roofStyle: 'flat',
    widthIn,
    depthLeftIn: depthIn,
    depthRightIn: depthIn,
    chamferLeftIn: 0,
    chamferRightIn: 0,
    walls: [],
    openSides: ['left', 'front', 'right'],
    heightAtHouseIn: toInches(house.heightfeet, house.heightinches) ?? postHeightIn,
    frontHeightIn: toInches(front.frontfeet, front.frontinches) ?? postHeightIn,
    hasPosts: true,
  };
}

/** The model for an order of `form`, or undefined for forms that get no drawings (engineering). */
export function toRoomModel(form: string, data: unknown, codePositions?: Map<string, string>): RoomModel | undefined {
  const record = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Data) : {};
  if (form === 'sunroom' || form === 'screenroom' || form === 'impact') return toSunroomModel(form, record, codePositions);
  if (form === 'pergola' || form === 'pavilion') return toPatioCoverModel(form, record);
  return undefined;
}
