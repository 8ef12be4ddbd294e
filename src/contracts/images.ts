/** Pictures: product pictures (GET /api/SpareParts/GetImage) and wall-code pictures (GET /images/walls/..., public). */
import { Type } from '@sinclair/typebox';

/** Image ids: letters, digits, '.', '_' and '-'. */
export const imageIdPattern = '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$';
export const ImageQuery = Type.Object({ imageId: Type.String({ pattern: imageIdPattern }) });

export const WallImageParams = Type.Object({
  /** Letters only, at most 30 (checked by the route, 400 with reasons). */
  folder: Type.String({ maxLength: 100 }),
  /** A wall code of capitals, digits and dashes followed by .svg. */
  file: Type.String({ maxLength: 100 }),
});
