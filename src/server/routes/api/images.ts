/**
 * Product pictures (spec 1 §3 Image, §7 GetImage): {ImageContent: base64, ContentType}. We answer ImageContent at the
 * top level (not the value[0] wrapping the page also accepts); the bytes are PNG, named by ContentType.
 */
import type { FastifyInstance } from 'fastify';
import { findProductImage, imageIdPattern } from '../../services/product-images/index';

interface ImageQuery { imageId: string }

export async function imageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: ImageQuery }>(
    '/api/SpareParts/GetImage',
    {
      schema: {
        querystring: { type: 'object', required: ['imageId'], properties: { imageId: { type: 'string', pattern: imageIdPattern } } },
        response: {
          200: { type: 'object', required: ['ImageContent', 'ContentType'], properties: { ImageContent: { type: 'string' }, ContentType: { type: 'string' } } },
          404: { type: 'object', required: ['message'], properties: { statusCode: { type: 'integer' }, error: { type: 'string' }, message: { type: 'string' } } },
        },
      },
    },
    async (request, reply) => {
      const image = await findProductImage(app.db, request.query.imageId);
      if (!image) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'No image with that id' });
      // Pictures change only when the catalogue does: let the browser keep them for a day.
      reply.header('cache-control', 'private, max-age=86400');
      return { ImageContent: image.contentBase64, ContentType: image.contentType };
    },
  );
}
