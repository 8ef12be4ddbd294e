/** The plan view: room outline from the walls and layout, doors on their walls, dimensions, the house wall. */
import { doorCentreIn } from './door-position';
import { formatFeetInches } from './feet-inches';
import { sideEnds, sideLength, type Point } from './outline';
import { outlineSides, type RoomModel, type WallModel } from './room-model';
import { dimension, label, line, polygon, rect, sheet } from './svg-kit';

/** Spacing of intermediate posts on a patio cover (demo value). */
const maxPostSpacingIn = 144;

/** The SVG content (without sheet and title block) of the plan view. */
export function drawPlanView(room: RoomModel): string {
  const houseDepthIn = room.isAttached ? 36 : 0;
  const depthIn = Math.max(room.depthLeftIn, room.depthRightIn);
  const area = {
    left: sheet.margin + 90,
    top: sheet.margin + 50,
    width: sheet.width - 2 * sheet.margin - 180,
    height: sheet.height - 2 * sheet.margin - sheet.titleBlockHeight - 150,
  };
  const scale = Math.min(area.width / (room.widthIn + 48), area.height / (depthIn + houseDepthIn));
  const ox = area.left + (area.width - room.widthIn * scale) / 2;
  const oy = area.top + houseDepthIn * scale;
  const at = ([x, y]: Point): Point => [ox + x * scale, oy + y * scale];
  const parts: string[] = [label(sheet.width / 2, sheet.margin + 24, 'PLAN VIEW', { size: 20, weight: 'bold' })];

  if (room.isAttached) {
    const [hx, hy] = at([-24, -houseDepthIn]);
    parts.push(
      rect(
        hx,
        hy,
        (room.widthIn + 48) * scale,
        houseDepthIn * scale,
        'fill="url(#hatch)" stroke="#555" stroke-width="1.5"',
      ),
    );
    parts.push(line(...at([-24, 0]), ...at([room.widthIn + 24, 0]), 'stroke="#222" stroke-width="4"'));
    const [cx, cy] = at([room.widthIn / 2, -houseDepthIn / 2]);
    parts.push(
      rect(cx - 80, cy - 14, 160, 24, 'fill="#fff"'),
      label(cx, cy + 5, 'EXISTING HOUSE', { size: 15, weight: 'bold' }),
    );
  }

  const ends = sideEnds(room);
  const floor: Point[] = [
    [0, 0],
    ends.leftAngle[0],
    ends.front[0],
    ends.front[1],
    ends.rightAngle[1],
    [room.widthIn, 0],
  ].map((p) => at(p as Point));
  parts.push(polygon(floor, `fill="${room.kind === 'room' ? '#eef4fb' : '#f4f1ea'}" stroke="none"`));
  const centroid: Point = [room.widthIn / 2, Math.max(room.depthLeftIn, room.depthRightIn) / 2];

  for (const side of outlineSides) {
    const [start, end] = ends[side];
    const length = sideLength(room, side);
    if (length < 0.5) continue;
    const along = (t: number): Point => [
      start[0] + ((end[0] - start[0]) * t) / length,
      start[1] + ((end[1] - start[1]) * t) / length,
    ];
    const walls = room.walls.filter((wall) => wall.side === side);
    for (const wall of walls)
      parts.push(drawWall(wall, at(along(wall.startIn)), at(along(wall.startIn + wall.lengthIn)), scale, at(centroid)));
    const coveredIn = walls.reduce((total, wall) => Math.max(total, wall.startIn + wall.lengthIn), 0);
    if (coveredIn >= length - 0.5) continue;
    const rest: [Point, Point] = [at(along(coveredIn)), at(end)];
    if (room.hasPosts || room.openSides.includes(side)) {
      parts.push(line(...rest[0], ...rest[1], 'stroke="#777" stroke-width="1.5" stroke-dasharray="10 6"'));
    } else {
      parts.push(line(...rest[0], ...rest[1], 'stroke="#888" stroke-width="6" stroke-dasharray="4 4"'));
      const mx = (rest[0][0] + rest[1][0]) / 2;
      const my = (rest[0][1] + rest[1][1]) / 2;
      const rotate = side === 'left' ? 90 : side === 'right' ? -90 : 0;
      parts.push(
        label(
          mx + (side === 'left' ? 14 : side === 'right' ? -14 : 0),
          my + (side === 'left' || side === 'right' ? 0 : -12),
          'EXISTING WALL',
          { size: 12, rotate, fill: '#666' },
        ),
      );
    }
  }
  if (room.hasPosts) parts.push(drawPosts(room, at, scale));

  // Room dimensions outside the outline (offset is to the left of travel): depths at the sides, width along the front.
  parts.push(dimension(...at([0, 0]), ...at([0, room.depthLeftIn]), room.depthLeftIn, 46));
  parts.push(dimension(...at([room.widthIn, room.depthRightIn]), ...at([room.widthIn, 0]), room.depthRightIn, 46));
  parts.push(dimension(...at([0, room.depthLeftIn]), ...at([room.widthIn, room.depthRightIn]), room.widthIn, 46));
  const [cx, cy] = at([room.widthIn / 2, depthIn / 2]);
  parts.push(
    label(cx, cy, `${formatFeetInches(room.widthIn)} x ${formatFeetInches(depthIn)}`, {
      size: 16,
      weight: 'bold',
      fill: '#445',
    }),
  );
  return parts.join('');
}

function drawWall(wall: WallModel, start: Point, end: Point, scale: number, centre: Point): string {
  const dx = end[0] - start[0];
  const dy = end[1] - start[1];
  const lengthPx = Math.hypot(dx, dy) || 1;
  const ux = dx / lengthPx;
  const uy = dy / lengthPx;
  const pointAt = (inches: number): Point => [start[0] + ux * inches * scale, start[1] + uy * inches * scale];
  const wallStyle = 'stroke="#111" stroke-width="7" stroke-linecap="square"';
  const parts: string[] = [];
  // Inward normal: the perpendicular that points towards the room's centre.
  const normal: Point = [-uy, ux];
  const towardsCentre =
    (centre[0] - (start[0] + end[0]) / 2) * normal[0] + (centre[1] - (start[1] + end[1]) / 2) * normal[1];
  const inward: Point = towardsCentre >= 0 ? normal : [-normal[0], -normal[1]];
  const isAcross = Math.abs(ux) >= Math.abs(uy);
  if (wall.door) {
    const centre = doorCentreIn(wall, wall.door);
    const a = centre - wall.door.widthIn / 2;
    const b = centre + wall.door.widthIn / 2;
    parts.push(line(...start, ...pointAt(a), wallStyle), line(...pointAt(b), ...end, wallStyle));
    const [ax, ay] = pointAt(a);
    const [bx, by] = pointAt(b);
    const w = wall.door.widthIn * scale;
    if (wall.door.kind === 'swing') {
      // Leaf hinged at `a`, drawn open into the room, with its swing arc.
      const [lx, ly] = [ax + inward[0] * w, ay + inward[1] * w];
      const sweep = ux * inward[1] - uy * inward[0] > 0 ? 1 : 0;
      parts.push(line(ax, ay, lx, ly, 'stroke="#b3261e" stroke-width="2"'));
      parts.push(
        `<path d="M ${lx.toFixed(2)} ${ly.toFixed(2)} A ${w.toFixed(2)} ${w.toFixed(2)} 0 0 ${sweep} ${bx.toFixed(2)} ${by.toFixed(2)}" fill="none" stroke="#b3261e" stroke-width="1" stroke-dasharray="4 3"/>`,
      );
    } else {
      // Sliding patio door: two overlapping panels in the opening.
      const o = 3;
      parts.push(
        line(
          ax + inward[0] * o,
          ay + inward[1] * o,
          ax + (bx - ax) * 0.55 + inward[0] * o,
          ay + (by - ay) * 0.55 + inward[1] * o,
          'stroke="#b3261e" stroke-width="3"',
        ),
      );
      parts.push(
        line(
          ax + (bx - ax) * 0.45 - inward[0] * o,
          ay + (by - ay) * 0.45 - inward[1] * o,
          bx - inward[0] * o,
          by - inward[1] * o,
          'stroke="#b3261e" stroke-width="3"',
        ),
      );
    }
    const [mx, my] = pointAt(centre);
    const textDistance = isAcross ? 30 : 70;
    parts.push(
      label(
        mx + inward[0] * textDistance,
        my + inward[1] * textDistance + 4,
        `${formatFeetInches(wall.door.widthIn)} ${wall.door.kind === 'patio' ? 'PATIO DOOR' : 'DOOR'}`,
        { size: 12, fill: '#b3261e', weight: 'bold' },
      ),
    );
  } else {
    parts.push(line(...start, ...end, wallStyle));
  }
  // The wall's tag goes in the middle of its longest stretch without the door.
  let tagAt = wall.lengthIn / 2;
  if (wall.door) {
    const centre = doorCentreIn(wall, wall.door);
    const before = centre - wall.door.widthIn / 2;
    const after = wall.lengthIn - centre - wall.door.widthIn / 2;
    tagAt = before >= after ? before / 2 : wall.lengthIn - after / 2;
  }
  const [mx, my] = pointAt(tagAt);
  const tag = `WALL ${wall.number}${wall.code ? ` - ${wall.code}` : ''}`;
  const tagDistance = isAcross ? 56 : 24;
  let rotation = (Math.atan2(uy, ux) * 180) / Math.PI;
  if (rotation > 90) rotation -= 180;
  else if (rotation <= -90) rotation += 180;
  parts.push(
    label(mx + inward[0] * tagDistance, my + inward[1] * tagDistance + (isAcross ? 4 : 0), tag, {
      size: 13,
      weight: 'bold',
      rotate: rotation,
      fill: '#1b5e20',
    }),
  );
  return parts.join('');
}

function drawPosts(room: RoomModel, at: (p: Point) => Point, scale: number): string {
  const size = Math.max(8, 6 * scale);
  const count = Math.max(1, Math.ceil(room.widthIn / maxPostSpacingIn));
  const xs = Array.from({ length: count + 1 }, (_, i) => (room.widthIn * i) / count);
  const rows = room.isAttached ? [room.depthLeftIn] : [0, room.depthLeftIn];
  const parts: string[] = [];
  for (const y of rows)
    for (const x of xs) {
      const [px, py] = at([x, y]);
      parts.push(rect(px - size / 2, py - size / 2, size, size, 'fill="#5d4037" stroke="#222" stroke-width="1"'));
    }
  if (room.isAttached) parts.push(line(...at([0, 0]), ...at([room.widthIn, 0]), 'stroke="#5d4037" stroke-width="4"'));
  const [lx, ly] = at([room.widthIn / 2, room.depthLeftIn]);
  parts.push(
    label(lx, ly - size - 6, `${xs.length * rows.length} POSTS`, { size: 12, fill: '#5d4037', weight: 'bold' }),
  );
  return parts.join('');
}
