import { useQuery } from '@tanstack/react-query';
import { getDrawingImages, type DrawingImage, type DrawingImagesAnswer } from './api/drawing-images';

export type DrawingImagesState =
  | { status: 'loading' }
  | { status: 'ready'; images: DrawingImage[] }
  | { status: 'stopped' }
  | { status: 'failed'; message: string };

interface DrawingImagesOptions {
  pollIntervalMs: number;
  /** On the unprocessed page a 404 means there are no drawings: stop instead of polling on. */
  isNotFoundFinal: boolean;
}

/** What the overlay shows after the latest look: waiting, the pages, or nothing (stopped). */
export function toDrawingImagesState(
  answer: DrawingImagesAnswer | undefined,
  isFailed: boolean,
  isNotFoundFinal: boolean,
): DrawingImagesState {
  if (isFailed) return { status: 'stopped' };
  if (answer?.status === 'ready') return { status: 'ready', images: answer.images };
  if (answer?.status === 'failed') return { status: 'failed', message: answer.message };
  if (answer?.status === 'not-yet' && isNotFoundFinal) return { status: 'stopped' };
  return { status: 'loading' };
}

/**
 * Spec 1 §4, spec 2 §4.3: asks at once, then every `pollIntervalMs` while the drawings are not there;
 * a failure (or a 404 where that is final) stops the loading message; so does a drawing job that gave up for good.
 */
export function useDrawingImages(
  orderFileName: string,
  { pollIntervalMs, isNotFoundFinal }: DrawingImagesOptions,
): DrawingImagesState {
  const query = useQuery({
    queryKey: ['drawing-images', orderFileName],
    queryFn: () => getDrawingImages(orderFileName),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnMount: 'always',
    refetchInterval: (current) => {
      const state = toDrawingImagesState(current.state.data, current.state.status === 'error', isNotFoundFinal);
      return state.status === 'loading' ? pollIntervalMs : false;
    },
  });
  return toDrawingImagesState(query.data, query.isError, isNotFoundFinal);
}
