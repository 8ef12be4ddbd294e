import { getJson } from '../../../shared/api/api-client';

interface ImageBody {
  ImageContent?: string;
  ContentType?: string;
  value?: { ImageContent?: string; ContentType?: string }[];
}

/**
 * GET /api/SpareParts/GetImage?imageId=: a product picture as a data URL. ImageContent is base64, at the top level
 * or wrapped in a value list (spec 1 §3); JPEG unless ContentType says otherwise.
 */
export async function getImageSource(imageId: string): Promise<string> {
  const body = await getJson<ImageBody>(`/api/SpareParts/GetImage?imageId=${encodeURIComponent(imageId)}`);
  const image = body.ImageContent ? body : body.value?.[0];
  if (!image?.ImageContent) throw new Error(`No picture in the answer for ${imageId}`);
  return `data:${image.ContentType ?? 'image/jpeg'};base64,${image.ImageContent}`;
}
