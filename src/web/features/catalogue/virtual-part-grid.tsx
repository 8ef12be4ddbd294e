import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Box } from '@mui/material';
import type { CataloguePart } from './api/catalogue-parts';
import { cardHeightFor, gridShapeFor, rowCountFor, visibleRows } from './grid-layout';
import { PartCard, PartCardPlaceholder } from './part-card';

interface VirtualPartGridProps {
  /** Cards in the whole list (known before every page is fetched). */
  count: number;
  /** The part at an index, or undefined while its page is being fetched. */
  partAt(index: number): CataloguePart | undefined;
  /** The rows now rendered and the cards per row (so the page fetches what they show). */
  onRowsChange?(first: number, last: number, columns: number): void;
  onOpen(part: CataloguePart): void;
  label: string;
  /** A new value scrolls back to the top (a new search or category). */
  resetKey?: string;
}

/**
 * Spec 3 §2/§9: a 3-column virtualised grid (card height max(420, 53.5% of the window), gap 70, 3 rows of overscan;
 * 2 or 1 columns where 3 do not fit):
 * only the rows in view and the overscan are in the DOM, each card placed absolutely in a list as tall as all rows.
 * Written here rather than taken from a library: fixed-height rows need only a division per scroll frame.
 */
export function VirtualPartGrid({ count, partAt, onRowsChange, onOpen, label, resetKey }: VirtualPartGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const frame = useRef<number | null>(null);
  const [windowHeight, setWindowHeight] = useState(() => window.innerHeight);
  const [width, setWidth] = useState(() => window.innerWidth);
  const { columns: gridColumns, gap: gridGap } = gridShapeFor(width);
  const cardHeight = cardHeightFor(windowHeight);
  const stride = cardHeight + gridGap;
  const rowCount = rowCountFor(count, gridColumns);
  const [rows, setRows] = useState({ first: 0, last: -1 });

  const measure = useCallback(() => {
    frame.current = null;
    const element = scroller.current;
    if (!element) return;
    const next = visibleRows({
      scrollTop: element.scrollTop,
      viewportHeight: element.clientHeight,
      rowHeight: cardHeight,
      gap: gridGap,
      rowCount,
    });
    setRows((previous) => (previous.first === next.first && previous.last === next.last ? previous : next));
  }, [cardHeight, gridGap, rowCount]);

  // Columns follow the grid's own width (beside or under the category tree), not the window's.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(measure, [measure]);
  useEffect(() => {
    const onResize = () => setWindowHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    };
  }, []);
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [resetKey]);
  useEffect(() => onRowsChange?.(rows.first, rows.last, gridColumns), [rows, gridColumns, onRowsChange]);

  const onScroll = () => {
    // One measurement per frame, however many scroll events arrive.
    if (frame.current === null) frame.current = requestAnimationFrame(measure);
  };

  const cards = [];
  for (let row = rows.first; row <= rows.last; row++) {
    for (let column = 0; column < gridColumns; column++) {
      const index = row * gridColumns + column;
      if (index >= count) break;
      const part = partAt(index);
      cards.push(
        <Box
          key={index}
          role="listitem"
          aria-setsize={count}
          aria-posinset={index + 1}
          data-index={index}
          sx={{
            position: 'absolute',
            top: row * stride,
            left: `calc((100% - ${(gridColumns - 1) * gridGap}px) / ${gridColumns} * ${column} + ${column * gridGap}px)`,
            width: `calc((100% - ${(gridColumns - 1) * gridGap}px) / ${gridColumns})`,
            height: cardHeight,
          }}
        >
          {part ? (
            <PartCard part={part} height={cardHeight} onOpen={onOpen} />
          ) : (
            <PartCardPlaceholder height={cardHeight} />
          )}
        </Box>,
      );
    }
  }

  return (
    <Box
      ref={scroller}
      onScroll={onScroll}
      data-testid="parts-grid-scroller"
      sx={{ height: 'calc(100vh - 230px)', minHeight: 480, overflowY: 'auto', position: 'relative', pr: 1 }}
    >
      <Box
        role="list"
        aria-label={label}
        sx={{ position: 'relative', height: Math.max(0, rowCount * stride - gridGap) }}
      >
        {cards}
      </Box>
    </Box>
  );
}
