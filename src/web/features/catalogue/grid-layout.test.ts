import { describe, expect, it } from 'vitest';
import { cardHeightFor, gridShapeFor, pagesForRows, rowCountFor, visibleRows } from './grid-layout';

describe('grid layout', () => {
  it('keeps 3 columns 70 apart where they fit, 2 on a tablet, 1 on a phone', () => {
    expect(gridShapeFor(900)).toEqual({ columns: 3, gap: 70 });
    expect(gridShapeFor(640)).toEqual({ columns: 2, gap: 32 });
    expect(gridShapeFor(340)).toEqual({ columns: 1, gap: 24 });
  });

  it('makes cards at least 420 high, else 53.5% of the window', () => {
    expect(cardHeightFor(600)).toBe(420);
    expect(cardHeightFor(900)).toBe(482);
    expect(cardHeightFor(1200)).toBe(642);
  });

  it('renders the rows in view plus three each side', () => {
    expect(rowCountFor(5000)).toBe(1667);
    // Rows of 420 + 70: at 4900 px the 10th row is at the top; a 900 px view shows rows 10 to 11.
    expect(visibleRows({ scrollTop: 4900, viewportHeight: 900, rowHeight: 420, rowCount: 1667 })).toEqual({
      first: 7,
      last: 14,
    });
    expect(visibleRows({ scrollTop: 0, viewportHeight: 900, rowHeight: 420, rowCount: 2 })).toEqual({
      first: 0,
      last: 1,
    });
    expect(visibleRows({ scrollTop: 0, viewportHeight: 900, rowHeight: 420, rowCount: 0 })).toEqual({
      first: 0,
      last: -1,
    });
  });

  it('names the pages of 60 cards the rows need', () => {
    expect(pagesForRows(0, 10, 60)).toEqual([0]);
    expect(pagesForRows(18, 22, 60)).toEqual([0, 1]);
    expect(pagesForRows(40, 40, 60)).toEqual([2]);
  });
});
