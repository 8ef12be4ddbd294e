/**
 * What a drawing needs from a submitted order, read leniently (drawings are made from whatever was ordered):
 * the outline by side, the new walls on each side with lengths, codes and doors, the heights. Which field is what
 * is the form's `drawing` mapping (definitions/README.md); no field is named here.
 */
import {
  getIn,
  type DrawingSpec,
  type FeetInchesPaths,
  type PatioCoverDrawingSpec,
  type RoomDrawingSpec,
  type WallFieldPaths,
} from '../../../engine/index';
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

function arrayOf(data: Data, path: string): unknown[] {
  const value = getIn(data, path);
  return Array.isArray(value) ? (value as unknown[]) : [];
}

function textOf(data: Data, path: string | undefined): string {
  return path ? text(getIn(data, path)) : '';
}

function inchesOf(data: Data, paths: FeetInchesPaths | undefined): number | undefined {
  return paths ? toInches(getIn(data, paths.feet), getIn(data, paths.inches)) : undefined;
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

/** The walls of one wall group, by array index; undefined where no length is given. */
function readWallGroup(
  data: Data,
  group: WallFieldPaths,
  defaultDoor: string,
  codePositions: Map<string, string>,
): (WallGroupRead | undefined)[] {
  const feet = arrayOf(data, group.wallFeet);
  const inches = arrayOf(data, group.wallInches);
  const options = arrayOf(data, group.door);
  const widths = arrayOf(data, group.doorSize);
  const codes = arrayOf(data, group.code);
  const locations = arrayOf(data, group.doorLocation);
  const count = Math.max(feet.length, inches.length);
  return Array.from({ length: count }, (_, index) => {
    const lengthIn = toInches(feet[index], inches[index]);
    if (!lengthIn || lengthIn <= 0) return undefined;
    const code = text(codes[index]) || undefined;
    let door: DoorModel | undefined;
    const widthName = text(widths[index]) || defaultDoor;
    const widthIn = parseDoorWidthIn(widthName);
    if (text(options[index]).toLowerCase() === 'yes' && widthIn) {
      const location = text(locations[index]) || (code ? (codePositions.get(code) ?? '') : '');
      door = {
        widthIn,
        heightIn: doorHeightIn,
        kind: /patio/i.test(widthName) ? 'patio' : 'swing',
        name: widthName,
        location,
      };
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
  left: 'Left Projection',
  leftAngle: 'Left Angle',
  front: 'Front Wall',
  rightAngle: 'Right Angle',
  right: 'Right Projection',
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

/** An answer as the order's form names it (the schema's title of an enum value); the value itself without a form. */
export type NameValue = (path: string, value: string) => string;

const asIs: NameValue = (_path, value) => value;

/**
 * Sunroom, screen room and impact orders (spec 2 §3), read through `spec`. `codePositions`: door position by wall code;
 * `nameValue` words the title block's layout as the dealer's summary does ('3 Walls (against 1 house wall)', not '1').
 */
export function toSunroomModel(
  spec: RoomDrawingSpec,
  form: string,
  data: Data,
  codePositions = new Map<string, string>(),
  nameValue: NameValue = asIs,
): RoomModel {
  const type = textOf(data, spec.type);
  const style = textOf(data, spec.roofStyle);
  const roofStyle = roofStyleOf(style);
  const isAngled = textOf(data, spec.angled).toLowerCase() === 'yes';
  const defaultDoor =
    spec.defaultDoorWidth.byValue[textOf(data, spec.defaultDoorWidth.path)] ?? spec.defaultDoorWidth.otherwise;
  const layout = textOf(data, spec.layout);
  const placed: { side: Side; name: string; wall: WallGroupRead }[] = [];
  let chamferLeftIn = 0;
  let chamferRightIn = 0;

  if (roofStyle === 'existing-roof') {
    for (const group of spec.existingRoofWalls) {
      readWallGroup(data, group, defaultDoor, codePositions).forEach(
        (wall, i) => wall && placed.push({ side: group.side, name: `${group.name} ${i + 1}`, wall }),
      );
    }
  } else {
    const walls = readWallGroup(data, spec.walls, defaultDoor, codePositions);
    if (isAngled) {
      chamferLeftIn = inchesOf(data, spec.leftAngle) ?? (walls[3] ? walls[3].lengthIn / Math.SQRT2 : 0);
      chamferRightIn = inchesOf(data, spec.rightAngle) ?? (walls[4] ? walls[4].lengthIn / Math.SQRT2 : 0);
      walls.forEach((wall, i) => {
        const side = angledSlots[i];
        if (!wall || !side) return;
        // The angle walls' lengths follow from the angle distances (45 degrees).
        const lengthIn =
          side === 'leftAngle'
            ? chamferLeftIn * Math.SQRT2
            : side === 'rightAngle'
              ? chamferRightIn * Math.SQRT2
              : wall.lengthIn;
        if (lengthIn > 0)
          placed.push({
            side,
            name: side === 'left' ? 'Left Straight' : side === 'right' ? 'Right Straight' : sideNames[side],
            wall: { ...wall, lengthIn },
          });
      });
    } else {
      const sides = sidesOfWalls(
        layout,
        walls.length,
        textOf(data, spec.breezeWay).toLowerCase() === 'yes',
        textOf(data, spec.railSide),
      );
      walls.forEach((wall, i) => wall && sides[i] && placed.push({ side: sides[i], name: sideNames[sides[i]], wall }));
    }
  }

  const onSide = (side: Side) => placed.filter((entry) => entry.side === side).map((entry) => entry.wall);
  const roomWidth = inchesOf(data, spec.width);
  const roomLength = inchesOf(data, spec.length);
  const left = sum(onSide('left'));
  const right = sum(onSide('right'));
  const front = sum(onSide('front'));
  const straightFallback =
    left ??
    right ??
    (roomLength !== undefined ? Math.max(roomLength - Math.max(chamferLeftIn, chamferRightIn), 12) : 120);
  const depthLeftIn = (left ?? straightFallback) + chamferLeftIn;
  const depthRightIn = (right ?? straightFallback) + chamferRightIn;
  const widthIn = front !== undefined ? front + chamferLeftIn + chamferRightIn : (roomWidth ?? 144);

  const walls: WallModel[] = [];
  for (const side of outlineSides) {
    let startIn = 0;
    for (const entry of placed.filter((p) => p.side === side)) {
      walls.push({
        side,
        number: walls.length + 1,
        name: entry.name,
        code: entry.wall.code,
        lengthIn: entry.wall.lengthIn,
        startIn,
        door: entry.wall.door,
      });
      startIn += entry.wall.lengthIn;
    }
  }
  const windowWallStyle = textOf(data, spec.windowWall);
  const windowWall = spec.windowWallNote ?? (windowWallStyle && `Window wall ${windowWallStyle}`);
  const details = [
    [type, style].filter(Boolean).join(' - '),
    [
      windowWall,
      isAngled
        ? spec.angle && textOf(data, spec.angle) && nameValue(spec.angle, textOf(data, spec.angle))
        : layout && `Structure layout ${nameValue(spec.layout, layout)}`,
    ]
      .filter(Boolean)
      .join(', '),
  ].filter(Boolean);
  return {
    kind: 'room',
    title: type ? `${type} ${spec.title}` : form,
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
    heightAtHouseIn: inchesOf(data, spec.houseHeight),
    frontHeightIn: inchesOf(data, spec.frontWallHeight),
    hasPosts: false,
  };
}

/** Pergola and pavilion orders (spec 3 §3), read through `spec`: a roof on posts, against the house when attached. */
export function toPatioCoverModel(spec: PatioCoverDrawingSpec, data: Data): RoomModel {
  const widthIn = inchesOf(data, spec.width) ?? 144;
  const depthIn = inchesOf(data, spec.length) ?? 120;
  const attached = spec.attached
    .map((path) => textOf(data, path))
    .join(' ')
    .toUpperCase();
  const isAttached = attached.includes('ATTACH') && !attached.includes('FREE');
  const postHeight = spec.postsHeight ? toNumberOrUndefined(getIn(data, spec.postsHeight)) : undefined;
  const postHeightIn = postHeight === undefined ? undefined : postHeight < 20 ? postHeight * 12 : postHeight; // feet or inches
  const model = spec.modelName
    .map((path) => textOf(data, path))
    .filter(Boolean)
    .join(' ');
  const size = textOf(data, spec.size);
  return {
    kind: 'patio-cover',
    title: model ? `${spec.title} - ${model}` : spec.title,
    details: [isAttached ? 'Attached' : 'Free standing', size && `Size ${size}`].filter(Boolean),
    isAttached,
    roofStyle: 'flat',
    widthIn,
    depthLeftIn: depthIn,
    depthRightIn: depthIn,
    chamferLeftIn: 0,
    chamferRightIn: 0,
    walls: [],
    openSides: ['left', 'front', 'right'],
    heightAtHouseIn: inchesOf(data, spec.houseHeight) ?? postHeightIn,
    frontHeightIn: inchesOf(data, spec.frontWallHeight) ?? postHeightIn,
    hasPosts: true,
  };
}

/** The model for an order of `form` read through its `drawing` mapping; undefined for forms without one (engineering). */
export function toRoomModel(
  spec: DrawingSpec | undefined,
  form: string,
  data: unknown,
  codePositions?: Map<string, string>,
  nameValue?: NameValue,
): RoomModel | undefined {
  const record = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Data) : {};
  if (spec?.model === 'room') return toSunroomModel(spec, form, record, codePositions, nameValue);
  if (spec?.model === 'patioCover') return toPatioCoverModel(spec, record);
  return undefined;
}
