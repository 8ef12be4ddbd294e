import { furnitureKinds as contractKinds } from '../../../contracts/furniture';
import { describe, expect, it } from 'vitest';
import type { FurnitureKind, FurniturePlacement } from './furniture-model';
import {
  addPlacement,
  beginDrag,
  clientToImagePoint,
  coveredRect,
  createPlacement,
  dragPosition,
  freeSpotFor,
  furnitureKinds,
  isPlanPage,
  isPointInRect,
  movedByKey,
  readFurniturePages,
  removePlacement,
  rotateBy,
  rotationDeltaForKey,
  updatePlacement,
} from './furniture-model';

const bounds = { width: 1000, height: 800 };

describe('furniture model', () => {
  it('offers the 13 pieces of the spec', () => {
    expect(furnitureKinds).toHaveLength(13);
    expect(furnitureKinds).toEqual(contractKinds); // the palette lists the API's kinds, in the contract's order
  });

  it('moves a piece by the pointer offset from the pointer-down snapshot, however many moves came between', () => {
    const sofa = createPlacement('sofa', { x: 100, y: 100 }, 'a');
    const snapshot = beginDrag(sofa, { x: 110, y: 95 });
    dragPosition(snapshot, { x: 500, y: 500 }, bounds);
    expect(dragPosition(snapshot, { x: 160, y: 135 }, bounds)).toEqual({ x: 150, y: 140 });
  });

  it('keeps a dragged piece on the image', () => {
    const snapshot = beginDrag(createPlacement('plant', { x: 10, y: 10 }, 'p'), { x: 10, y: 10 });
    expect(dragPosition(snapshot, { x: -200, y: 5000 }, bounds)).toEqual({ x: 0, y: 800 });
  });

  it('rotates in 15° steps and keeps the angle in 0-359', () => {
    expect(rotateBy(0, -15)).toBe(345);
    expect(rotateBy(345, 15)).toBe(0);
    expect(rotateBy(30, 15)).toBe(45);
    expect(rotationDeltaForKey('ArrowRight')).toBe(15);
    expect(rotationDeltaForKey('ArrowUp')).toBe(15);
    expect(rotationDeltaForKey('ArrowLeft')).toBe(-15);
    expect(rotationDeltaForKey('ArrowDown')).toBe(-15);
    expect(rotationDeltaForKey('Enter')).toBeNull();
  });

  it('turns screen points into image pixels for an image drawn at another size', () => {
    const drawn = { left: 100, top: 50, width: 500, height: 400 };
    expect(clientToImagePoint({ x: 350, y: 250 }, drawn, bounds)).toEqual({ x: 500, y: 400 });
  });

  it('knows when a point is on the delete area', () => {
    const area = { left: 10, top: 10, width: 100, height: 50 };
    expect(isPointInRect({ x: 10, y: 60 }, area)).toBe(true);
    expect(isPointInRect({ x: 111, y: 20 }, area)).toBe(false);
  });

  it('adds, updates and removes pieces without touching the others', () => {
    const items = addPlacement(
      [createPlacement('spa', { x: 1, y: 2 }, 'a')],
      createPlacement('fan', { x: 3, y: 4 }, 'b'),
    );
    expect(updatePlacement(items, 'b', { rotation: 15 })[1]).toEqual({
      id: 'b',
      kind: 'fan',
      x: 3,
      y: 4,
      rotation: 15,
    });
    expect(removePlacement(items, 'a').map((item) => item.id)).toEqual(['b']);
  });

  it('moves a piece one step with Shift and an arrow key, on the image, and ignores other keys', () => {
    // One step is 1% of the image's width: 10 px on a 1000 px plan.
    expect(movedByKey({ x: 500, y: 400 }, 'ArrowRight', bounds)).toEqual({ x: 510, y: 400 });
    expect(movedByKey({ x: 500, y: 400 }, 'ArrowLeft', bounds)).toEqual({ x: 490, y: 400 });
    expect(movedByKey({ x: 500, y: 400 }, 'ArrowUp', bounds)).toEqual({ x: 500, y: 390 });
    expect(movedByKey({ x: 500, y: 400 }, 'ArrowDown', bounds)).toEqual({ x: 500, y: 410 });
    expect(movedByKey({ x: 995, y: 3 }, 'ArrowRight', bounds)).toEqual({ x: 1000, y: 3 });
    expect(movedByKey({ x: 995, y: 3 }, 'ArrowUp', bounds)).toEqual({ x: 995, y: 0 });
    expect(movedByKey({ x: 1, y: 1 }, 'Enter', bounds)).toBeNull();
  });

  it('counts a turned piece by the box round its turned footprint', () => {
    // A sofa is 0.11 x 0.045 of the image's width: 110 x 45 on a 1000 px plan; a quarter turn swaps them.
    const flat = coveredRect({ kind: 'sofa', x: 500, y: 400, rotation: 0 }, 1000);
    const turned = coveredRect({ kind: 'sofa', x: 500, y: 400, rotation: 90 }, 1000);
    expect(flat.width).toBeCloseTo(110);
    expect(flat.height).toBeCloseTo(45);
    expect(turned.width).toBeCloseTo(45);
    expect(turned.height).toBeCloseTo(110);
    expect(turned.left).toBeCloseTo(500 - 22.5);
  });

  it('puts the first piece added by a click in the middle of the plan', () => {
    expect(freeSpotFor('sofa', [], bounds)).toEqual({ x: 500, y: 400 });
  });

  it('puts each new piece where it overlaps none of the pieces before it, still on the plan and near the middle', () => {
    const kinds: FurnitureKind[] = [
      'sofa',
      'sofa',
      'spa',
      'plant',
      'roundTableAndChairs',
      'grill',
      'outdoorKitchen',
      'fan',
    ];
    const items: FurniturePlacement[] = [];
    for (const [index, kind] of kinds.entries()) {
      items.push(createPlacement(kind, freeSpotFor(kind, items, bounds), String(index)));
    }
    const rects = items.map((item) => coveredRect(item, bounds.width));
    for (const [i, a] of rects.entries()) {
      expect(a.left).toBeGreaterThanOrEqual(0);
      expect(a.top).toBeGreaterThanOrEqual(0);
      expect(a.left + a.width).toBeLessThanOrEqual(bounds.width);
      expect(a.top + a.height).toBeLessThanOrEqual(bounds.height);
      for (const b of rects.slice(i + 1)) {
        const isApart =
          a.left + a.width <= b.left ||
          b.left + b.width <= a.left ||
          a.top + a.height <= b.top ||
          b.top + b.height <= a.top;
        expect(isApart, `${JSON.stringify(a)} overlaps ${JSON.stringify(b)}`).toBe(true);
      }
    }
    // Near the middle: every piece within a third of the plan's width of its centre.
    for (const item of items) expect(Math.hypot(item.x - 500, item.y - 400)).toBeLessThan(1000 / 3);
  });

  it('leaves a piece turned in the middle alone: the next one goes round the turned box', () => {
    const turned = { ...createPlacement('outdoorKitchen', { x: 500, y: 400 }, 'k'), rotation: 90 };
    const next = createPlacement('plant', freeSpotFor('plant', [turned], bounds), 'p');
    const a = coveredRect(turned, bounds.width);
    const b = coveredRect(next, bounds.width);
    expect(
      a.left + a.width <= b.left ||
        b.left + b.width <= a.left ||
        a.top + a.height <= b.top ||
        b.top + b.height <= a.top,
    ).toBe(true);
  });

  it('still places a piece on a full plan, off the last one', () => {
    const tiny = { width: 100, height: 80 };
    const items = [createPlacement('spa', { x: 50, y: 40 }, 's')];
    const spot = freeSpotFor('spa', items, tiny);
    expect(spot).not.toEqual({ x: 50, y: 40 });
    expect(spot.x).toBeLessThanOrEqual(100);
    expect(spot.y).toBeLessThanOrEqual(80);
  });

  it('finds plan pages by file name', () => {
    expect(isPlanPage('ORD123-Plan.png')).toBe(true);
    expect(isPlanPage('ORD123-elevation-A.png')).toBe(false);
  });

  it('keeps only well-formed placements from the server', () => {
    const pages = readFurniturePages({
      pages: {
        'plan.png': [
          { id: 'a', kind: 'sofa', x: 1, y: 2, rotation: 15, extra: true },
          { id: 'b', kind: 'piano', x: 1, y: 2, rotation: 0 },
          { id: 'c', kind: 'fan', x: 'left', y: 2, rotation: 0 },
        ],
        'other.png': 'nope',
      },
    });
    expect(pages).toEqual({ 'plan.png': [{ id: 'a', kind: 'sofa', x: 1, y: 2, rotation: 15 }] });
    expect(readFurniturePages(null)).toEqual({});
  });
});
