// The furniture maths of the drawing overlay, kept free of React and the DOM so it can be tested alone.
import type { FurnitureKind, FurniturePages, FurniturePlacement } from '../../../contracts/furniture';

export type { FurnitureKind, FurniturePages, FurniturePlacement };

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Size {
  left: number;
  top: number;
}

/** Spec 1 §9: one rotation step is 15°, repeated every 100 ms while a button is held. */
export const rotationStepDegrees = 15;
export const rotationRepeatMs = 100;

/**
 * Names and footprints of every kind the Furniture API takes (the Record type makes it list each one), in palette order
 * (spec 1 §2); width and depth are fractions of the image's width, so pieces scale with the plan.
 */
export const furnitureCatalogue: Record<FurnitureKind, { label: string; width: number; depth: number }> = {
  sofa: { label: 'Sofa', width: 0.11, depth: 0.045 },
  loveSeat: { label: 'Love Seat', width: 0.08, depth: 0.045 },
  landing: { label: 'Landing', width: 0.08, depth: 0.06 },
  landingStep: { label: 'Landing Step', width: 0.08, depth: 0.03 },
  roundTableAndChairs: { label: 'Round Table and Chairs', width: 0.09, depth: 0.09 },
  twoChairTable: { label: 'Two-Chair Table', width: 0.07, depth: 0.05 },
  plant: { label: 'Plant', width: 0.03, depth: 0.03 },
  fan: { label: 'Fan', width: 0.07, depth: 0.07 },
  coffeeTable: { label: 'Coffee Table', width: 0.06, depth: 0.035 },
  endTable: { label: 'End Table', width: 0.03, depth: 0.03 },
  spa: { label: 'Spa', width: 0.11, depth: 0.11 },
  outdoorKitchen: { label: 'Outdoor Kitchen', width: 0.12, depth: 0.045 },
  grill: { label: 'Grill', width: 0.05, depth: 0.035 },
};

/** The 13 pieces of the palette, in palette order: the kinds of the contract (src/contracts/furniture.ts), via the catalogue. */
export const furnitureKinds = Object.keys(furnitureCatalogue) as FurnitureKind[];

export function isFurnitureKind(value: unknown): value is FurnitureKind {
  return typeof value === 'string' && Object.hasOwn(furnitureCatalogue, value);
}

/** Plan-view pages are the images whose file name says "plan"; only they get the furniture palette. */
export function isPlanPage(imageFileName: string): boolean {
  return /plan/i.test(imageFileName);
}

/** A new piece, unrotated, centred on `at`. */
export function createPlacement(kind: FurnitureKind, at: Point, id: string): FurniturePlacement {
  return { id, kind, x: Math.round(at.x), y: Math.round(at.y), rotation: 0 };
}

/** Where a drag started: the piece's position and the pointer's, both in image pixels. */
export interface DragSnapshot {
  id: string;
  origin: Point;
  pointerStart: Point;
}

export function beginDrag(item: FurniturePlacement, pointer: Point): DragSnapshot {
  return { id: item.id, origin: { x: item.x, y: item.y }, pointerStart: pointer };
}

/** The piece's position now: the snapshot's position plus how far the pointer has moved, kept on the image. */
export function dragPosition(snapshot: DragSnapshot, pointer: Point, bounds: Size): Point {
  return clampToImage(
    {
      x: snapshot.origin.x + (pointer.x - snapshot.pointerStart.x),
      y: snapshot.origin.y + (pointer.y - snapshot.pointerStart.y),
    },
    bounds,
  );
}

export function clampToImage(point: Point, bounds: Size): Point {
  return {
    x: Math.round(Math.min(Math.max(point.x, 0), bounds.width)),
    y: Math.round(Math.min(Math.max(point.y, 0), bounds.height)),
  };
}

/** Adds `delta` degrees and keeps the result in 0-359. */
export function rotateBy(rotation: number, delta: number): number {
  return (((rotation + delta) % 360) + 360) % 360;
}

/** Arrow keys rotate the selected piece: Right/Up clockwise, Left/Down anticlockwise; null for other keys. */
export function rotationDeltaForKey(key: string): number | null {
  if (key === 'ArrowRight' || key === 'ArrowUp') return rotationStepDegrees;
  if (key === 'ArrowLeft' || key === 'ArrowDown') return -rotationStepDegrees;
  return null;
}

/** One keyboard move (Shift + arrow key) as a fraction of the image's width: about a foot on a sunroom plan. */
export const keyboardMoveStep = 0.01;

/**
 * Shift + arrow keys move the selected piece one step in the key's direction, kept on the image (plain arrows rotate
 * it, spec 1 §2); null for other keys.
 */
export function movedByKey(item: Point, key: string, bounds: Size): Point | null {
  const step = Math.max(1, Math.round(bounds.width * keyboardMoveStep));
  const direction: Record<string, Point> = {
    ArrowLeft: { x: -1, y: 0 },
    ArrowRight: { x: 1, y: 0 },
    ArrowUp: { x: 0, y: -1 },
    ArrowDown: { x: 0, y: 1 },
  };
  const d = direction[key];
  if (!d) return null;
  return clampToImage({ x: item.x + d.x * step, y: item.y + d.y * step }, bounds);
}

/** A point on screen as image pixels, given where the image is drawn and its natural size. */
export function clientToImagePoint(client: Point, drawn: Rect, natural: Size): Point {
  return {
    x: ((client.x - drawn.left) * natural.width) / drawn.width,
    y: ((client.y - drawn.top) * natural.height) / drawn.height,
  };
}

export function isPointInRect(point: Point, rect: Rect): boolean {
  return (
    point.x >= rect.left &&
    point.x <= rect.left + rect.width &&
    point.y >= rect.top &&
    point.y <= rect.top + rect.height
  );
}

/** A piece's footprint in image pixels on an image `imageWidth` wide. */
export function footprintOf(kind: FurnitureKind, imageWidth: number): Size {
  const { width, depth } = furnitureCatalogue[kind];
  return { width: width * imageWidth, height: depth * imageWidth };
}

/** The rectangle a placed piece covers on the image, its rotation included (the box around the turned footprint). */
export function coveredRect(item: Pick<FurniturePlacement, 'kind' | 'x' | 'y' | 'rotation'>, imageWidth: number): Rect {
  const { width, height } = footprintOf(item.kind, imageWidth);
  const angle = (item.rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(angle));
  const sin = Math.abs(Math.sin(angle));
  const turned = { width: width * cos + height * sin, height: width * sin + height * cos };
  return { left: item.x - turned.width / 2, top: item.y - turned.height / 2, ...turned };
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}

/** How many rings of spots round the middle a new piece may try before it falls back to a cascade. */
const freeSpotRings = 12;

/**
 * Where a piece added by a click (or a key) goes: the middle of the plan when it is free, else the nearest spot round
 * it, on a grid of the new piece's size, that overlaps no piece already placed and stays on the image; when the plan is
 * full, a cascade from the middle so the new piece still does not hide the last one.
 */
export function freeSpotFor(kind: FurnitureKind, items: readonly FurniturePlacement[], image: Size): Point {
  const size = footprintOf(kind, image.width);
  const gap = image.width * 0.01;
  const taken = items.map((item) => coveredRect(item, image.width));
  const centre = { x: image.width / 2, y: image.height / 2 };
  const fits = (at: Point) => {
    const rect = { left: at.x - size.width / 2, top: at.y - size.height / 2, ...size };
    const padded = {
      left: rect.left - gap,
      top: rect.top - gap,
      width: rect.width + 2 * gap,
      height: rect.height + 2 * gap,
    };
    const isOnImage =
      rect.left >= 0 &&
      rect.top >= 0 &&
      rect.left + rect.width <= image.width &&
      rect.top + rect.height <= image.height;
    return isOnImage && taken.every((other) => !overlaps(padded, other));
  };
  const stepX = size.width + gap * 2;
  const stepY = size.height + gap * 2;
  for (let ring = 0; ring <= freeSpotRings; ring++) {
    const spots: Point[] = [];
    for (let dx = -ring; dx <= ring; dx++)
      for (let dy = -ring; dy <= ring; dy++)
        if (Math.max(Math.abs(dx), Math.abs(dy)) === ring)
          spots.push({ x: centre.x + dx * stepX, y: centre.y + dy * stepY });
    // Nearest the middle first; ties read left to right, top to bottom so the order is the same every time.
    spots.sort(
      (a, b) =>
        Math.hypot(a.x - centre.x, a.y - centre.y) - Math.hypot(b.x - centre.x, b.y - centre.y) ||
        a.y - b.y ||
        a.x - b.x,
    );
    const free = spots.find(fits);
    if (free) return { x: Math.round(free.x), y: Math.round(free.y) };
  }
  const step = ((items.length % 10) + 1) * image.width * 0.02;
  return clampToImage({ x: centre.x + step, y: centre.y + step }, image);
}

export function addPlacement(items: FurniturePlacement[], item: FurniturePlacement): FurniturePlacement[] {
  return [...items, item];
}

export function updatePlacement(
  items: FurniturePlacement[],
  id: string,
  change: Partial<Omit<FurniturePlacement, 'id'>>,
): FurniturePlacement[] {
  return items.map((item) => (item.id === id ? { ...item, ...change } : item));
}

export function removePlacement(items: FurniturePlacement[], id: string): FurniturePlacement[] {
  return items.filter((item) => item.id !== id);
}

/** Keeps the well-formed placements of a Furniture API answer and drops anything else. */
export function readFurniturePages(body: unknown): FurniturePages {
  const pages = (body as { pages?: unknown } | null)?.pages;
  if (!pages || typeof pages !== 'object') return {};
  const result: FurniturePages = {};
  for (const [page, items] of Object.entries(pages)) {
    if (!Array.isArray(items)) continue;
    result[page] = items.filter(isPlacement).map(({ id, kind, x, y, rotation }) => ({ id, kind, x, y, rotation }));
  }
  return result;
}

function isPlacement(value: unknown): value is FurniturePlacement {
  const item = value as Partial<FurniturePlacement> | null;
  return (
    !!item &&
    typeof item.id === 'string' &&
    isFurnitureKind(item.kind) &&
    [item.x, item.y, item.rotation].every((n) => typeof n === 'number' && Number.isFinite(n))
  );
}
