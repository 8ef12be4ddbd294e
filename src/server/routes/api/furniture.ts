import type { FastifyInstance } from 'fastify';
import { furnitureKinds } from '../../db/schema';
import { readFurniture, writeFurniture, type FurniturePages } from '../../repositories/furniture-repository';
import { findDealerOrder } from '../../repositories/order-lifecycle-repository';
import { findFileParameterProblem } from '../../services/order-files/file-parameter';
import { refuseUnsafeFileParameters, sendNotFound } from './order-files-parameters';
import { refusalSchema } from './response-schemas';

export const maxItemsPerPage = 200;
const maxPages = 100;
/** Drawing images are a few thousand pixels across; anything far beyond is not a position on them. */
const maxCoordinate = 20_000;

const itemSchema = {
  type: 'object',
  required: ['id', 'kind', 'x', 'y', 'rotation'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 64 },
    kind: { type: 'string', enum: [...furnitureKinds] },
    x: { type: 'number', minimum: 0, maximum: maxCoordinate },
    y: { type: 'number', minimum: 0, maximum: maxCoordinate },
    rotation: { type: 'number', minimum: -360, maximum: 360 },
  },
} as const;

const pagesSchema = {
  type: 'object',
  maxProperties: maxPages,
  additionalProperties: { type: 'array', maxItems: maxItemsPerPage, items: itemSchema },
} as const;

const querySchema = {
  type: 'object',
  required: ['inputString'],
  properties: { inputString: { type: 'string', maxLength: 400 } },
} as const;

/** Problems the schema cannot express: page names must be plain file names, ids unique within a page. */
function findPageProblems(pages: FurniturePages): string[] {
  const problems: string[] = [];
  for (const [image, items] of Object.entries(pages)) {
    const problem = findFileParameterProblem(`pages key '${image.slice(0, 60)}'`, image);
    if (problem) problems.push(problem);
    const seen = new Set<string>();
    for (const item of items) {
      if (seen.has(item.id)) problems.push(`body/pages/${image}: id '${item.id}' is used twice`);
      seen.add(item.id);
    }
  }
  return problems;
}

/**
 * Furniture on drawing pages (ours): GET /api/ExampleImages/Furniture?inputString={fileName} -> {pages};
 * PUT the same with {pages} -> 204, replacing everything. Only the dealer's own orders (404 otherwise).
 */
export async function furnitureRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { inputString: string } }>(
    '/api/ExampleImages/Furniture',
    {
      schema: {
        querystring: querySchema,
        response: { 200: { type: 'object', required: ['pages'], properties: { pages: pagesSchema } }, 400: refusalSchema, 404: refusalSchema },
      },
    },
    async (request, reply) => {
      const fileName = request.query.inputString;
      if (refuseUnsafeFileParameters(reply, { inputString: fileName })) return reply;
      const order = await findDealerOrder(app.db, request.principal.dealerId, fileName);
      if (!order) return sendNotFound(reply, `No order named ${fileName}`);
      return { pages: await readFurniture(app.db, order.id) };
    },
  );

  app.put<{ Querystring: { inputString: string }; Body: { pages: FurniturePages } }>(
    '/api/ExampleImages/Furniture',
    {
      bodyLimit: 1024 * 1024,
      schema: {
        querystring: querySchema,
        body: { type: 'object', required: ['pages'], additionalProperties: false, properties: { pages: pagesSchema } },
        response: { 400: refusalSchema, 404: refusalSchema },
      },
    },
    async (request, reply) => {
      const fileName = request.query.inputString;
      if (refuseUnsafeFileParameters(reply, { inputString: fileName })) return reply;
      const problems = findPageProblems(request.body.pages);
      if (problems.length) return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: 'The furniture is not valid', reasons: problems });
      const order = await findDealerOrder(app.db, request.principal.dealerId, fileName);
      if (!order) return sendNotFound(reply, `No order named ${fileName}`);
      await writeFurniture(app.db, order.id, request.body.pages, request.principal.userId);
      return reply.code(204).send();
    },
  );
}
