import axios from 'axios';
import { apiClient } from '../../../shared/api/api-client';
import type { DrawingImage, DrawingRefusal } from '../../../../contracts/drawings';

export type { DrawingImage };

/** What one look at the drawings found: the pages, none yet (404 or an empty list), or none ever (the job gave up). */
export type DrawingImagesAnswer =
  { status: 'ready'; images: DrawingImage[] } | { status: 'not-yet' } | { status: 'failed'; message: string };

/**
 * GET /api/ExampleImages/DrawingImages?inputString={fileName}; a 404 means the drawings are not made yet, unless it
 * says `drawingStatus: 'failed'` (the server gave up making them).
 */
export async function getDrawingImages(orderFileName: string): Promise<DrawingImagesAnswer> {
  try {
    const response = await apiClient.get<unknown>('/api/ExampleImages/DrawingImages', {
      params: { inputString: orderFileName },
    });
    const images = Array.isArray(response.data) ? response.data.filter(isDrawingImage) : [];
    return images.length > 0 ? { status: 'ready', images } : { status: 'not-yet' };
  } catch (error) {
    if (axios.isAxiosError(error) && error.response?.status === 404) {
      const body = error.response.data as Partial<DrawingRefusal> | undefined;
      if (body?.drawingStatus === 'failed')
        return { status: 'failed', message: body.message ?? 'The drawings could not be made.' };
      return { status: 'not-yet' };
    }
    throw error;
  }
}

/** The image as something an <img> can show. */
export function toImageSource(image: DrawingImage): string {
  return image.imageData.startsWith('data:') ? image.imageData : `data:image/png;base64,${image.imageData}`;
}

function isDrawingImage(value: unknown): value is DrawingImage {
  const image = value as Partial<DrawingImage> | null;
  return !!image && typeof image.fileName === 'string' && typeof image.imageData === 'string';
}
