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
