import type { ProductImage } from '../../../../contracts/catalogue';
import { getJson } from '../../../shared/api/api-client';

/** Our server answers a ProductImage; spec 1 §3 also allows it wrapped in a value list. */
type ImageBody = Partial<ProductImage> & { value?: Partial<ProductImage>[] };

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
