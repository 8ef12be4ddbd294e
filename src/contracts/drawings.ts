/** GET /api/ExampleImages/DrawingImages?inputString={fileName}: an order's generated drawing pages. */
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from './schema-helpers';

export const DrawingImagesQuery = Type.Object({ inputString: Type.String({ maxLength: 512 }) });

/** One generated drawing page. */
export const DrawingImage = Type.Object({
  fileName: Type.String(),
  /** Base64 PNG (a data: URL is accepted too). */
  imageData: Type.String(),
});
export type DrawingImage = Static<typeof DrawingImage>;
export const DrawingImagesAnswer = Type.Array(DrawingImage);

/** 400 and 404: a refusal; a 404 for the caller's own order says whether the drawings are still coming. */
export const DrawingRefusal = Type.Object({
  statusCode: Type.Optional(Type.Integer()),
  error: Type.Optional(Type.String()),
  message: Type.String(),
  reasons: Type.Optional(Type.Array(Type.String())),
  /** 'pending': keep asking; 'failed': the drawing job gave up. */
  drawingStatus: Type.Optional(StringEnum(['pending', 'failed'] as const)),
});
export type DrawingRefusal = Static<typeof DrawingRefusal>;
