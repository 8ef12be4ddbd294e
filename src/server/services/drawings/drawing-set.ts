/** The sheets of an order's drawing package: plan view first, then one elevation per new wall (or cover side). */
import { getIn, type DrawingSpec } from '../../../engine/index';
import { formatFeetInches } from './feet-inches';
import { drawElevation, shapeOfWall, type ElevationShape } from './elevation';
import { drawPlanView } from './plan-view';
import { toRoomModel, type NameValue, type RoomModel } from './room-model';
import { sheetSvg } from './svg-kit';

export interface DrawingSheet {
  /** File-name part, e.g. '01-plan-view', '02-elevation-wall-1'. */
  name: string;
  svg: string;
}

export interface OrderForDrawing {
  fileName: string;
  formId: string;
  data: unknown;
}

/** The customer's name for the title block: the mapping's `customer` fields, joined. */
function customerOf(spec: DrawingSpec, data: unknown): string {
  return (spec.customer ?? [])
    .map((path) => getIn(data, path))
    .filter((part) => typeof part === 'string' && part !== '')
    .join(' ');
}

function patioCoverElevations(
  room: RoomModel,
): { name: string; heading: string; shape: ElevationShape; posts: number[] }[] {
  const front = room.frontHeightIn ?? room.heightAtHouseIn ?? 96;
  const house = room.heightAtHouseIn ?? front;
  const notes =
    room.frontHeightIn === undefined && room.heightAtHouseIn === undefined
      ? [`Heights not given: drawn at ${formatFeetInches(96)}`]
      : [];
  const postsAlong = (length: number) => {
    const count = Math.max(1, Math.ceil(length / 144));
    return Array.from({ length: count + 1 }, (_, i) => (length * i) / count);
  };
  const sidePosts = room.isAttached ? [room.depthLeftIn] : [0, room.depthLeftIn];
  return [
    {
      name: 'elevation-front',
      heading: 'FRONT ELEVATION',
      shape: { lengthIn: room.widthIn, leftHeightIn: front, rightHeightIn: front, notes },
      posts: postsAlong(room.widthIn),
    },
    {
      name: 'elevation-side',
      heading: 'SIDE ELEVATION (LEFT)',
      shape: { lengthIn: room.depthLeftIn, leftHeightIn: house, rightHeightIn: front, notes },
      posts: sidePosts,
    },
  ];
}

/**
 * Every sheet for the order, as SVG, read through its form's `drawing` mapping; [] for forms without one.
 * `codePositions`: door position by wall code.
 */
export function buildDrawingSheets(
  order: OrderForDrawing,
  spec: DrawingSpec | undefined,
  codePositions?: Map<string, string>,
  nameValue?: NameValue,
): DrawingSheet[] {
  const room = toRoomModel(spec, order.formId, order.data, codePositions, nameValue);
  if (!room || !spec) return [];
  const customer = customerOf(spec, order.data);
  const pages: { name: string; content: string; title: string }[] = [
    { name: 'plan-view', content: drawPlanView(room), title: 'Plan view' },
  ];
  if (room.kind === 'room') {
    for (const wall of room.walls) {
      const heading = `WALL ${wall.number} - ${wall.name.toUpperCase()}${wall.code ? ` - CODE ${wall.code}` : ''}`;
      pages.push({
        name: `elevation-wall-${wall.number}`,
        content: drawElevation(shapeOfWall(room, wall), heading),
        title: `Elevation, wall ${wall.number}`,
      });
    }
  } else {
    for (const view of patioCoverElevations(room))
      pages.push({
        name: view.name,
        content: drawElevation(view.shape, view.heading, view.posts),
        title: view.heading.toLowerCase().replace(/^./, (c) => c.toUpperCase()),
      });
  }
  return pages.map((page, i) => ({
    name: `${String(i + 1).padStart(2, '0')}-${page.name}`,
    svg: sheetSvg(page.content, {
      sheetTitle: page.title,
      orderFileName: order.fileName,
      customer,
      lines: [room.title, ...room.details],
      page: i + 1,
      pages: pages.length,
    }),
  }));
}
