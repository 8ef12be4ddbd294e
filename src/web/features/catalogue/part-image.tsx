import { useEffect, useSyncExternalStore } from 'react';
import { Box, Skeleton } from '@mui/material';
import { getImageSource } from './api/get-image';
import { createImageLoader } from './image-loader';

/** One loader for the whole app, so a picture fetched once is shown from the cache everywhere. */
export const productImages = createImageLoader({ fetchImage: getImageSource });

/** A product picture loaded lazily (only while its card is rendered); nothing when it failed or has no id. */
export function PartImage({ imageId, alt, height }: { imageId: string | null; alt: string; height: number }) {
  useEffect(() => {
    if (!imageId) return undefined;
    productImages.request(imageId);
    return () => productImages.release(imageId);
  }, [imageId]);
  const entry = useSyncExternalStore(
    (listener) => (imageId ? productImages.subscribe(imageId, listener) : () => undefined),
    () => (imageId ? productImages.peek(imageId) : undefined),
  );
  const status = imageId ? (entry?.status ?? 'loading') : 'failed';
  return (
    <Box
      sx={{
        height,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'grey.50',
        borderRadius: 1,
        overflow: 'hidden',
      }}
      data-image-status={status}
    >
      {entry?.status === 'loaded' ? (
        <Box
          component="img"
          src={entry.src}
          alt={alt}
          sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
        />
      ) : status === 'loading' ? (
        // role img: a name on a bare span is prohibited (axe aria-prohibited-attr); this one stands for a picture.
        <Skeleton
          variant="rectangular"
          width="100%"
          height="100%"
          role="img"
          aria-label={`Loading picture of ${alt}`}
        />
      ) : null}
    </Box>
  );
}
