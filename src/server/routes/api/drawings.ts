/** Spec 1 §7 / spec 2 §7: GET /api/ExampleImages/DrawingImages?inputString={fileName} -> [{fileName, imageData}]. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { DrawingImagesAnswer, DrawingImagesQuery, DrawingRefusal } from '../../../contracts/drawings';
import {
  findDealerOrder,
  findDrawingJobState,
  isOrderFileName,
  readDrawingImages,
} from '../../services/drawings/index';

/**
 * The caller's own order's drawings (base64 PNG, sheet order). 404 while none are made yet and for an unknown or
 * another dealer's order (the same answer, so file names of other dealers cannot be probed); 400 for a name that
 * cannot be an order file name ('..', slashes, backslashes, NUL, dots). A 404 for the caller's own order says
 * `drawingStatus`: 'pending' (keep asking) or 'failed' (the drawing job gave up; the page stops waiting).
 */
export async function drawingRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/ExampleImages/DrawingImages',
    {
      schema: {
        querystring: DrawingImagesQuery,
        response: { 200: DrawingImagesAnswer, 400: DrawingRefusal, 404: DrawingRefusal },
      },
    },
    async (request, reply) => {
      const fileName = request.query.inputString;
      if (!isOrderFileName(fileName)) {
        return reply.code(400).send({
          statusCode: 400,
          error: 'Bad Request',
          message: 'inputString must be an order file name',
          reasons: [
            "querystring/inputString may hold only letters, digits, '-' and '_' (at most 128), starting with a letter or digit",
          ],
        });
      }
      const { dealerId } = request.principal;
      const order = await findDealerOrder(app.db, dealerId, fileName);
      if (!order) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `No order ${fileName}` });
      const images = await readDrawingImages(app.storage.forDealer(dealerId), fileName);
      if (images.length === 0) {
        const job = await findDrawingJobState(app.db, dealerId, fileName);
        if (job?.status === 'failed') {
          return reply.code(404).send({
            statusCode: 404,
            error: 'Not Found',
            message: `The drawings of ${fileName} could not be made; please contact TEMO (the failure is recorded with the order)`,
            drawingStatus: 'failed',
          });
        }
        return reply.code(404).send({
          statusCode: 404,
          error: 'Not Found',
          message: `The drawings of ${fileName} are not ready yet`,
          drawingStatus: 'pending',
        });
      }
      return images;
    },
  );
}
