/** Spec 3 §9: the spare parts grid has 3 columns, a gap of 70 and an overscan of 3 rows. */
export const gridColumns = 3;
export const gridGap = 70;
export const gridOverscanRows = 3;

/** The grid's columns and gap for its width: spec 3 §9's 3 columns and 70 px gap where they fit, fewer on narrow screens. */
export function gridShapeFor(width: number): { columns: number; gap: number } {
  if (width >= 760) return { columns: gridColumns, gap: gridGap };
  if (width >= 460) return { columns: 2, gap: 32 };
  return { columns: 1, gap: 24 };
}

/** Card height: at least 420, else about 53.5% of the window's height (spec 3 §9). */
export function cardHeightFor(windowHeight: number): number {
  return Math.max(420, Math.round(windowHeight * 0.535));
}

/** Rows needed for `count` cards. */
export function rowCountFor(count: number, columns = gridColumns): number {
  return Math.ceil(count / columns);
}

/** The rows to render for a scroll position: those in view plus `overscan` rows each side. */
export function visibleRows(options: {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  gap?: number;
  rowCount: number;
  overscan?: number;
}): { first: number; last: number } {
  const { scrollTop, viewportHeight, rowHeight, gap = gridGap, rowCount, overscan = gridOverscanRows } = options;
  if (rowCount === 0) return { first: 0, last: -1 };
  const stride = rowHeight + gap;
  const firstInView = Math.floor(Math.max(0, scrollTop) / stride);
  const lastInView = Math.floor((Math.max(0, scrollTop) + Math.max(0, viewportHeight)) / stride);
  return { first: Math.max(0, firstInView - overscan), last: Math.min(rowCount - 1, lastInView + overscan) };
}

/** The pages of `pageSize` cards that hold rows first..last. */
export function pagesForRows(first: number, last: number, pageSize: number, columns = gridColumns): number[] {
  if (last < first) return [0];
  const firstPage = Math.floor((first * columns) / pageSize);
  const lastPage = Math.floor(((last + 1) * columns - 1) / pageSize);
  return Array.from({ length: lastPage - firstPage + 1 }, (_v, i) => firstPage + i);
}
