/** The room's outline in room inches: origin at the house wall's left end, x along the house, y towards the front. */
import type { RoomModel, Side } from './room-model';

export type Point = [number, number];

/**
 * Start and end of each side. Projections start at the house; the front and both angle sides start at their left
 * end, so every side but the right projection is seen from outside with its start on the viewer's left.
 */
export function sideEnds(room: RoomModel): Record<Side, [Point, Point]> {
  const { widthIn: w, depthLeftIn: dl, depthRightIn: dr, chamferLeftIn: cl, chamferRightIn: cr } = room;
  return {
    left: [
      [0, 0],
      [0, dl - cl],
    ],
    leftAngle: [
      [0, dl - cl],
      [cl, dl],
    ],
    front: [
      [cl, dl],
      [w - cr, dr],
    ],
    rightAngle: [
      [w - cr, dr],
      [w, dr - cr],
    ],
    right: [
      [w, 0],
      [w, dr - cr],
    ],
  };
}

export function sideLength(room: RoomModel, side: Side): number {
  const [[x1, y1], [x2, y2]] = sideEnds(room)[side];
  return Math.hypot(x2 - x1, y2 - y1);
}

/** Assumed when the order gives no heights (the sheet says so). */
export const assumedHeightIn = 96;

/**
 * Wall height `t` inches along a side. Studio and Existing Roof: the roof slopes from the height at the house to
 * the front height, so projections slope and the front is level. Cathedral: projections are level at the side
 * (front) height and the front is a gable peaking mid-width at the height at the house (the peak height).
 */
export function heightAlong(room: RoomModel, side: Side, t: number): number {
  const house = room.heightAtHouseIn ?? room.frontHeightIn ?? assumedHeightIn;
  const front = room.frontHeightIn ?? house;
  const length = sideLength(room, side) || 1;
  if (room.roofStyle === 'cathedral') {
    if (side !== 'front') return front;
    const [[x1], [x2]] = sideEnds(room).front;
    const x = x1 + ((x2 - x1) * t) / length;
    const half = room.widthIn / 2;
    return front + (house - front) * Math.max(0, 1 - Math.abs(x - half) / half);
  }
  if (side === 'left' || side === 'right') {
    const depth = side === 'left' ? room.depthLeftIn : room.depthRightIn;
    return house + ((front - house) * Math.min(t, depth)) / depth;
  }
  return front;
}
