/** Wall elevations as seen from outside: outline with the roof line, glass panels, the door opening, dimensions. */
import { doorCentreIn } from './door-position';
import { formatFeetInches } from './feet-inches';
import { assumedHeightIn, heightAlong } from './outline';
import type { RoomModel, WallModel } from './room-model';
import { dimension, label, line, polygon, rect, sheet } from './svg-kit';

/** Widest glass panel drawn between frame members (demo value for the picture only). */
const maxPanelIn = 48;
const kickPanelIn = 20;

export interface ElevationShape {
  lengthIn: number;
  /** Height at the left and right end as seen from outside, and an optional peak at mid-length. */
  leftHeightIn: number;
  rightHeightIn: number;
  peakHeightIn?: number;
  /** Where the peak is, from the left end (default mid-length). */
  peakAtIn?: number;
  /** Door opening: left edge from the left end as seen from outside. */
  door?: { leftIn: number; widthIn: number; heightIn: number; kind: 'swing' | 'patio' };
  notes: string[];
  /** What each end meets, e.g. 'AT HOUSE', 'AT FRONT'. */
  leftCaption?: string;
  rightCaption?: string;
}

/**
 * Heights and door of a wall seen from outside (heights from heightAlong). Every wall is seen with its start on
 * the viewer's left except the right projection, whose house end is on the viewer's right.
 */
export function shapeOfWall(room: RoomModel, wall: WallModel): ElevationShape {
  const notes =
    room.heightAtHouseIn === undefined && room.frontHeightIn === undefined
      ? [`Heights not given: drawn at ${formatFeetInches(assumedHeightIn)}`]
      : [];
  const isReversed = wall.side === 'right';
  const at = (x: number) => heightAlong(room, wall.side, wall.startIn + (isReversed ? wall.lengthIn - x : x));
  const shape: ElevationShape = {
    lengthIn: wall.lengthIn,
    leftHeightIn: at(0),
    rightHeightIn: at(wall.lengthIn),
    notes,
  };
  if (room.roofStyle === 'cathedral' && wall.side === 'front') {
    const apex = room.widthIn / 2 - room.chamferLeftIn - wall.startIn;
    if (apex > 1 && apex < wall.lengthIn - 1) Object.assign(shape, { peakAtIn: apex, peakHeightIn: at(apex) });
  }
  const ends: Record<string, [string, string]> = {
    left: ['AT HOUSE', 'AT FRONT'],
    right: ['AT FRONT', 'AT HOUSE'],
    front: ['LEFT END', 'RIGHT END'],
  };
  const captions = ends[wall.side];
  if (captions) Object.assign(shape, { leftCaption: captions[0], rightCaption: captions[1] });
  if (wall.door) {
    const centreFromStart = doorCentreIn(wall, wall.door);
    const centre = isReversed ? wall.lengthIn - centreFromStart : centreFromStart;
    shape.door = {
      leftIn: centre - wall.door.widthIn / 2,
      widthIn: wall.door.widthIn,
      heightIn: wall.door.heightIn,
      kind: wall.door.kind,
    };
  }
  return shape;
}

/** The SVG content (without sheet and title block) of one elevation. */
export function drawElevation(shape: ElevationShape, heading: string, posts: number[] = []): string {
  const tallest = Math.max(shape.leftHeightIn, shape.rightHeightIn, shape.peakHeightIn ?? 0);
  const area = {
    left: sheet.margin + 110,
    top: sheet.margin + 90,
    width: sheet.width - 2 * sheet.margin - 220,
    height: sheet.height - 2 * sheet.margin - sheet.titleBlockHeight - 190,
  };
  const scale = Math.min(area.width / shape.lengthIn, area.height / tallest);
  const ox = area.left + (area.width - shape.lengthIn * scale) / 2;
  const groundY = area.top + area.height;
  const x = (inches: number) => ox + inches * scale;
  const y = (inches: number) => groundY - inches * scale;
  const heightAt = (at: number): number => {
    if (shape.peakHeightIn !== undefined) {
      const apex = shape.peakAtIn ?? shape.lengthIn / 2;
      return at <= apex
        ? shape.leftHeightIn + ((shape.peakHeightIn - shape.leftHeightIn) * at) / apex
        : shape.peakHeightIn + ((shape.rightHeightIn - shape.peakHeightIn) * (at - apex)) / (shape.lengthIn - apex);
    }
    return shape.leftHeightIn + ((shape.rightHeightIn - shape.leftHeightIn) * at) / shape.lengthIn;
  };
  const outline: [number, number][] = [
    [x(0), y(0)],
    [x(0), y(shape.leftHeightIn)],
  ];
  if (shape.peakHeightIn !== undefined) outline.push([x(shape.peakAtIn ?? shape.lengthIn / 2), y(shape.peakHeightIn)]);
  outline.push([x(shape.lengthIn), y(shape.rightHeightIn)], [x(shape.lengthIn), y(0)]);

  const parts: string[] = [label(sheet.width / 2, sheet.margin + 30, heading, { size: 20, weight: 'bold' })];
  parts.push(line(x(0) - 40, y(0), x(shape.lengthIn) + 40, y(0), 'stroke="#5d4037" stroke-width="3"'));
  parts.push(label(x(shape.lengthIn) + 40, y(0) + 18, 'GRADE / FLOOR', { size: 11, anchor: 'end', fill: '#5d4037' }));

  if (posts.length > 0) {
    // Patio cover: posts under a beam, open between them.
    parts.push(polygon(outline, 'fill="none" stroke="#999" stroke-width="1" stroke-dasharray="6 4"'));
    const beamIn = 10;
    parts.push(
      polygon(
        [
          [x(0), y(shape.leftHeightIn)],
          [x(shape.lengthIn), y(shape.rightHeightIn)],
          [x(shape.lengthIn), y(shape.rightHeightIn - beamIn)],
          [x(0), y(shape.leftHeightIn - beamIn)],
        ],
        'fill="#8d6e63" stroke="#222" stroke-width="1.5"',
      ),
    );
    for (const at of posts) {
      const postIn = 6;
      const left = Math.min(Math.max(at - postIn / 2, 0), shape.lengthIn - postIn);
      parts.push(
        rect(
          x(left),
          y(heightAt(left) - beamIn),
          postIn * scale,
          (heightAt(left) - beamIn) * scale,
          'fill="#a1887f" stroke="#222" stroke-width="1.5"',
        ),
      );
    }
  } else {
    parts.push(polygon(outline, 'fill="#dbe9f6" stroke="#111" stroke-width="4"'));
    // Frame members every maxPanelIn (skipping the door opening), and a kick panel along the bottom.
    const door = shape.door;
    const panels = Math.max(1, Math.ceil(shape.lengthIn / maxPanelIn));
    for (let i = 1; i < panels; i += 1) {
      const at = (shape.lengthIn * i) / panels;
      if (door && at > door.leftIn - 2 && at < door.leftIn + door.widthIn + 2) continue;
      parts.push(line(x(at), y(0), x(at), y(heightAt(at)), 'stroke="#555" stroke-width="2"'));
    }
    parts.push(
      rect(
        x(0),
        y(kickPanelIn),
        shape.lengthIn * scale,
        kickPanelIn * scale,
        'fill="#cfd8dc" stroke="#555" stroke-width="1.5"',
      ),
    );
    if (door) {
      parts.push(
        rect(
          x(door.leftIn),
          y(door.heightIn),
          door.widthIn * scale,
          door.heightIn * scale,
          'fill="#fff" stroke="#b3261e" stroke-width="3"',
        ),
      );
      if (door.kind === 'patio')
        parts.push(
          line(
            x(door.leftIn + door.widthIn / 2),
            y(door.heightIn),
            x(door.leftIn + door.widthIn / 2),
            y(0),
            'stroke="#b3261e" stroke-width="2"',
          ),
        );
      else
        parts.push(
          `<circle cx="${x(door.leftIn + door.widthIn - 4).toFixed(2)}" cy="${y(36).toFixed(2)}" r="4" fill="#b3261e"/>`,
        );
      parts.push(rect(x(door.leftIn + door.widthIn / 2) - 62, y(door.heightIn) + 6, 124, 40, 'fill="#fff"'));
      parts.push(
        label(
          x(door.leftIn + door.widthIn / 2),
          y(door.heightIn) + 22,
          `${formatFeetInches(door.widthIn)} x ${formatFeetInches(door.heightIn)}`,
          { size: 12, fill: '#b3261e', weight: 'bold' },
        ),
      );
      parts.push(
        label(x(door.leftIn + door.widthIn / 2), y(door.heightIn) + 40, door.kind === 'patio' ? 'PATIO DOOR' : 'DOOR', {
          size: 12,
          fill: '#b3261e',
          weight: 'bold',
        }),
      );
      parts.push(dimension(x(0), y(0), x(door.leftIn), y(0), door.leftIn, 34));
    }
    parts.push(polygon(outline, 'fill="none" stroke="#111" stroke-width="4"'));
  }
  if (shape.leftCaption)
    parts.push(
      label(x(0) - 50, y(shape.leftHeightIn) - 14, shape.leftCaption, { size: 12, weight: 'bold', fill: '#1a4d8f' }),
    );
  if (shape.rightCaption)
    parts.push(
      label(x(shape.lengthIn) + 50, y(shape.rightHeightIn) - 14, shape.rightCaption, {
        size: 12,
        weight: 'bold',
        fill: '#1a4d8f',
      }),
    );

  parts.push(dimension(x(0), y(0), x(shape.lengthIn), y(0), shape.lengthIn, 70));
  parts.push(dimension(x(0), y(shape.leftHeightIn), x(0), y(0), shape.leftHeightIn, 50));
  parts.push(dimension(x(shape.lengthIn), y(0), x(shape.lengthIn), y(shape.rightHeightIn), shape.rightHeightIn, 50));
  if (shape.peakHeightIn !== undefined) {
    const apex = shape.peakAtIn ?? shape.lengthIn / 2;
    parts.push(
      line(x(apex), y(0), x(apex), y(shape.peakHeightIn), 'stroke="#1a4d8f" stroke-width="0.8" stroke-dasharray="5 4"'),
    );
    parts.push(
      label(x(apex) + 8, y(shape.peakHeightIn) - 10, `PEAK ${formatFeetInches(shape.peakHeightIn)}`, {
        size: 14,
        anchor: 'start',
        fill: '#1a4d8f',
      }),
    );
  }
  shape.notes.forEach((note, i) =>
    parts.push(
      label(sheet.margin + 10, sheet.margin + 60 + i * 18, note, { size: 12, anchor: 'start', fill: '#b3261e' }),
    ),
  );
  return parts.join('');
}
