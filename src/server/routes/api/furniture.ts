import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Refusal } from '../../../contracts/common';
import {
  FurnitureAnswer,
  FurnitureBody,
  FurnitureQuery,
  FurnitureSaved,
  type FurniturePages,
} from '../../../contracts/furniture';
import { readFurniture, writeFurniture } from '../../repositories/furniture-repository';
import { findDealerOrder } from '../../repositories/order-lifecycle-repository';
import { findFileParameterProblem } from '../../services/order-files/file-parameter';
import { refuseUnsafeFileParameters, sendNotFound } from './order-files-parameters';

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
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/api/ExampleImages/Furniture',
    { schema: { querystring: FurnitureQuery, response: { 200: FurnitureAnswer, 400: Refusal, 404: Refusal } } },
    async (request, reply) => {
      const fileName = request.query.inputString;
      if (refuseUnsafeFileParameters(reply, { inputString: fileName })) return reply;
      const order = await findDealerOrder(app.db, request.principal.dealerId, fileName);
      if (!order) return sendNotFound(reply, `No order named ${fileName}`);
      return { pages: await readFurniture(app.db, order.id) };
    },
  );

  api.put(
    '/api/ExampleImages/Furniture',
    {
      bodyLimit: 1024 * 1024,
      schema: {
        querystring: FurnitureQuery,
        body: FurnitureBody,
        response: { 204: FurnitureSaved, 400: Refusal, 404: Refusal },
      },
    },
    async (request, reply) => {
      const fileName = request.query.inputString;
      if (refuseUnsafeFileParameters(reply, { inputString: fileName })) return reply;
      const problems = findPageProblems(request.body.pages);
      if (problems.length)
        return reply
          .code(400)
          .send({ statusCode: 400, error: 'Bad Request', message: 'The furniture is not valid', reasons: problems });
      const order = await findDealerOrder(app.db, request.principal.dealerId, fileName);
      if (!order) return sendNotFound(reply, `No order named ${fileName}`);
      await writeFurniture(app.db, order.id, request.body.pages, request.principal.userId);
      return reply.code(204).send();
    },
  );
}
