import type { FastifyInstance, FastifyReply } from 'fastify';
import { listHistoryInFolder, type HistoryRow } from '../../repositories/history-repository';
import { findDealerOrder, listDealerOrdersInFolder, type LifecycleOrder } from '../../repositories/order-lifecycle-repository';
import { splitFileNames } from '../../services/order-files/file-parameter';
import {
  listHistoryRecordPdfNames,
  listOrderPdfNames,
  readHistoryRecordPdf,
  readOrderPdf,
  readOrderText,
  type OrderFilesDeps,
} from '../../services/order-files/order-files';
import { refuseUnsafeFileParameters, sendNotFound } from './order-files-parameters';
import { refusalSchema } from './response-schemas';

const listQuerySchema = {
  type: 'object',
  required: ['folderName', 'fileNames'],
  properties: { folderName: { type: 'string', maxLength: 400 }, fileNames: { type: 'string', maxLength: 8000 } },
} as const;
const folderQuerySchema = {
  type: 'object',
  required: ['folderName'],
  properties: { folderName: { type: 'string', maxLength: 400 } },
} as const;
const namesSchema = { type: 'array', items: { type: 'string' } } as const;

function sendPdf(reply: FastifyReply, pdfName: string, bytes: Buffer) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${pdfName}"`)
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}

/** Any path below a file route with more segments than it takes ('a/../b', '../../etc'): not a plain name. */
function refuseExtraSegments(reply: FastifyReply) {
  return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: 'A file parameter is not a plain name', reasons: ['file parameters must be plain names, not paths'] });
}

/**
 * Spec 1 §7 file routes, scoped to the caller's dealer: text file, PDF lists and PDFs of current orders and of
 * shipped history. Every file parameter is checked first (400); a name the dealer does not own is 404.
 */
export async function orderFileRoutes(app: FastifyInstance): Promise<void> {
  const deps = (): OrderFilesDeps => ({
    db: app.db,
    storage: app.storage,
    definitionOf: (order) => app.definitionVersions.definitionOfOrder(order),
  });

  app.get<{ Params: { fileName: string } }>(
    '/api/TxtThings/textfile/:fileName',
    { schema: { params: { type: 'object', properties: { fileName: { type: 'string' } } }, response: { 400: refusalSchema, 404: refusalSchema } } },
    async (request, reply) => {
      const { fileName } = request.params;
      if (refuseUnsafeFileParameters(reply, { fileName })) return reply;
      const order = await findDealerOrder(app.db, request.principal.dealerId, fileName);
      if (!order) return sendNotFound(reply, `No order named ${fileName}`);
      const text = await readOrderText(deps(), order);
      if (!text) return sendNotFound(reply, `No text file for ${fileName}`);
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'private, no-cache').header('x-content-type-options', 'nosniff').send(text);
    },
  );

  /** The dealer's orders in the folder named by the list, or undefined (404) when none of them is the dealer's. */
  async function findOrdersInFolder(dealerId: number, folderName: string, fileNames: string[]): Promise<LifecycleOrder[]> {
    const inFolder = await listDealerOrdersInFolder(app.db, dealerId, folderName);
    return inFolder.filter((order) => fileNames.includes(order.fileName));
  }

  for (const url of ['/api/TxtThings/pdf', '/api/TxtThings/pdf/']) {
    app.get<{ Querystring: { folderName: string; fileNames: string } }>(
      url,
      { schema: { querystring: listQuerySchema, response: { 200: namesSchema, 400: refusalSchema, 404: refusalSchema } } },
      async (request, reply) => {
        const { folderName, fileNames } = request.query;
        if (refuseUnsafeFileParameters(reply, { folderName })) return reply;
        const split = splitFileNames(fileNames);
        if (split.problems.length) return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: 'A file parameter is not a plain name', reasons: split.problems });
        const found = await findOrdersInFolder(request.principal.dealerId, folderName, split.names);
        if (found.length === 0) return sendNotFound(reply, `No order ${fileNames} in folder ${folderName}`);
        const lists = await Promise.all(found.map((order) => listOrderPdfNames(deps(), order)));
        return lists.flat();
      },
    );
  }

  app.get<{ Params: { fileName: string; pdfName: string }; Querystring: { folderName: string } }>(
    '/api/TxtThings/pdf/:fileName/:pdfName',
    { schema: { querystring: folderQuerySchema, response: { 400: refusalSchema, 404: refusalSchema } } },
    async (request, reply) => {
      const { fileName, pdfName } = request.params;
      const { folderName } = request.query;
      if (refuseUnsafeFileParameters(reply, { fileName, pdfName, folderName })) return reply;
      const inFolder = await listDealerOrdersInFolder(app.db, request.principal.dealerId, folderName);
      // The first segment is the order's file name, or (as the page builds it for confirmed and processed rows) the folder.
      const candidates = inFolder.filter((order) => fileName === order.fileName || fileName === folderName);
      for (const order of candidates) {
        const bytes = await readOrderPdf(deps(), order, pdfName);
        if (bytes) return sendPdf(reply, pdfName, bytes);
      }
      return sendNotFound(reply, `No PDF ${pdfName} for ${fileName} in folder ${folderName}`);
    },
  );
  app.get('/api/TxtThings/pdf/*', { schema: { response: { 400: refusalSchema } } }, async (_request, reply) => refuseExtraSegments(reply));

  /** History rows of the dealer's folder (the portal order behind a row is used when there is one). */
  async function pdfNamesOfHistoryRow(dealerId: number, row: HistoryRow): Promise<{ order?: LifecycleOrder; names: string[] }> {
    const order = row.orderId !== null ? await findDealerOrder(app.db, dealerId, row.fileName) : undefined;
    if (order) return { order, names: await listOrderPdfNames(deps(), order) };
    return { names: await listHistoryRecordPdfNames(deps(), dealerId, row) };
  }

  app.get<{ Querystring: { folderName: string; fileNames: string } }>(
    '/api/TxtThings/historypdf',
    { schema: { querystring: listQuerySchema, response: { 200: namesSchema, 400: refusalSchema, 404: refusalSchema } } },
    async (request, reply) => {
      const { folderName, fileNames } = request.query;
      if (refuseUnsafeFileParameters(reply, { folderName })) return reply;
      const split = splitFileNames(fileNames);
      if (split.problems.length) return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: 'A file parameter is not a plain name', reasons: split.problems });
      const dealerId = request.principal.dealerId;
      const rows = await listHistoryInFolder(app.db, dealerId, folderName, split.names);
      if (rows.length === 0) return sendNotFound(reply, `No shipped order ${fileNames} in folder ${folderName}`);
      const lists = await Promise.all(rows.map((row) => pdfNamesOfHistoryRow(dealerId, row)));
      return lists.flatMap((list) => list.names);
    },
  );

  app.get<{ Params: { pdfName: string }; Querystring: { folderName: string } }>(
    '/api/TxtThings/historypdf/:pdfName',
    { schema: { querystring: folderQuerySchema, response: { 400: refusalSchema, 404: refusalSchema } } },
    async (request, reply) => {
      const { pdfName } = request.params;
      const { folderName } = request.query;
      if (refuseUnsafeFileParameters(reply, { pdfName, folderName })) return reply;
      const dealerId = request.principal.dealerId;
      const rows = await listHistoryInFolder(app.db, dealerId, folderName);
      for (const row of rows.filter((r) => pdfName.startsWith(`${r.fileName}-`))) {
        const { order } = await pdfNamesOfHistoryRow(dealerId, row);
        const bytes = order ? await readOrderPdf(deps(), order, pdfName) : await readHistoryRecordPdf(deps(), dealerId, row, pdfName);
        if (bytes) return sendPdf(reply, pdfName, bytes);
      }
      return sendNotFound(reply, `No PDF ${pdfName} in folder ${folderName}`);
    },
  );
  app.get('/api/TxtThings/historypdf/*', { schema: { response: { 400: refusalSchema } } }, async (_request, reply) => refuseExtraSegments(reply));
  app.get('/api/TxtThings/textfile/*', { schema: { response: { 400: refusalSchema } } }, async (_request, reply) => refuseExtraSegments(reply));
}
