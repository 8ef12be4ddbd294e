/**
 * Product pictures for GET /api/SpareParts/GetImage: read from the product_images table; a catalogue image id
 * without a stored picture gets its generated one, stored on first request (the demo catalogue has no photographs).
 */
import type { Database } from '../../db/database';
import { findImageSubject, insertProductImage, readProductImage } from '../../repositories/catalogue-repository';
import { renderProductImage } from './render-product-image';

export { drawProductSvg, renderProductImage, type PictureSubject } from './render-product-image';

/** Image ids as the catalogue writes them (letters, digits, '-', '_', '.', at most 100): the API's ImageQuery. */
export { imageIdPattern } from '../../../contracts/images';

export interface ProductImage {
  contentType: string;
  contentBase64: string;
}

/** The stored picture, else the generated one for a catalogue image id (then stored), else undefined. */
export async function findProductImage(db: Database, imageId: string): Promise<ProductImage | undefined> {
  const stored = await readProductImage(db, imageId);
  if (stored) return stored;
  const subject = await findImageSubject(db, imageId);
  if (!subject) return undefined;
  const image: ProductImage = {
    contentType: 'image/png',
    contentBase64: (await renderProductImage(subject)).toString('base64'),
  };
  await insertProductImage(db, imageId, image.contentType, image.contentBase64);
  return image;
}
