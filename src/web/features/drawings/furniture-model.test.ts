import { furnitureKinds as contractKinds } from '../../../contracts/furniture';
import { describe, expect, it } from 'vitest';
import {
  addPlacement,
  beginDrag,
  clientToImagePoint,
  createPlacement,
  dragPosition,
  furnitureKinds,
  isPlanPage,
  isPointInRect,
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
