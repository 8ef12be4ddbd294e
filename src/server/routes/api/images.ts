/**
 * Product pictures (spec 1 §3 Image, §7 GetImage): {ImageContent: base64, ContentType}. We answer ImageContent at the
 * top level (not the value[0] wrapping the page also accepts); the bytes are PNG, named by ContentType.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ProductImage } from '../../../contracts/catalogue';
import { Refusal } from '../../../contracts/common';
import { ImageQuery } from '../../../contracts/images';
import { findProductImage } from '../../services/product-images/index';

export async function imageRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      '/api/SpareParts/GetImage',
      { schema: { querystring: ImageQuery, response: { 200: ProductImage, 404: Refusal } } },
      async (request, reply) => {
        const image = await findProductImage(app.db, request.query.imageId);
        if (!image)
          return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'No image with that id' });
        // Pictures change only when the catalogue does: let the browser keep them for a day.
        reply.header('cache-control', 'private, max-age=86400');
        return { ImageContent: image.contentBase64, ContentType: image.contentType };
      },
    );
}
