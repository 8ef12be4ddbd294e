import { useCallback, useEffect, useRef, useState } from 'react';
import { getFurniture, putFurniture } from './api/furniture';
import type { FurniturePages, FurniturePlacement } from './furniture-model';

// A drag changes the placements many times a second; save once the hand rests.
const saveDelayMs = 400;

export interface FurniturePagesState {
  isLoaded: boolean;
  pages: FurniturePages;
  setPage(imageFileName: string, items: FurniturePlacement[]): void;
}

/** The order's furniture: restored on open, saved with the Furniture PUT (debounced, and flushed on close). */
export function useFurniturePages(orderFileName: string): FurniturePagesState {
  const [pages, setPages] = useState<FurniturePages>({});
  const [isLoaded, setIsLoaded] = useState(false);
  const pendingRef = useRef<FurniturePages | null>(null);
  const timerRef = useRef<number | undefined>(undefined);

  useEffect(() => {
    let isCurrent = true;
    getFurniture(orderFileName).then(
      (loaded) => {
        if (!isCurrent) return;
        setPages(loaded);
        setIsLoaded(true);
      },
      (error: unknown) => {
        console.error('Failed to load the furniture placements', error);
        if (isCurrent) setIsLoaded(true);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [orderFileName]);

  const flush = useCallback(() => {
    window.clearTimeout(timerRef.current);
    const pending = pendingRef.current;
    pendingRef.current = null;
    if (pending)
      putFurniture(orderFileName, pending).catch((error: unknown) =>
        console.error('Failed to save the furniture', error),
      );
  }, [orderFileName]);

  useEffect(() => flush, [flush]);

  const setPage = useCallback(
    (imageFileName: string, items: FurniturePlacement[]) => {
      setPages((current) => {
        const next = { ...current, [imageFileName]: items };
        pendingRef.current = next;
        return next;
      });
      window.clearTimeout(timerRef.current);
      timerRef.current = window.setTimeout(flush, saveDelayMs);
    },
    [flush],
  );

  return { isLoaded, pages, setPage };
}
