import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Refusal } from '../../../contracts/common';
import {
  ExtraSegmentsParams,
  FolderQuery,
  HistoryPdfParams,
  OrderPdfParams,
  PdfListQuery,
  PdfNames,
  TextFileParams,
} from '../../../contracts/order-files';
import { MediaAnswer } from '../../../contracts/schema-helpers';
import { listHistoryInFolder, type HistoryRow } from '../../repositories/history-repository';
import {
  findDealerOrder,
  listDealerOrdersInFolder,
  type LifecycleOrder,
} from '../../repositories/order-lifecycle-repository';
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

const pdfAnswer = MediaAnswer('application/pdf', 'the PDF', { type: 'string', format: 'binary' });
/** 507: a file made on first request could not be stored (disk full, plugins/error-handler.ts). */
const refusals = { 400: Refusal, 404: Refusal, 507: Refusal } as const;
/** The catch-alls below the file routes answer 400 only: more segments than a route takes are not a plain name. */
const extraSegmentsSchema = { params: ExtraSegmentsParams, response: { 400: Refusal } } as const;

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
  return reply.code(400).send({
    statusCode: 400,
    error: 'Bad Request',
    message: 'A file parameter is not a plain name',
    reasons: ['file parameters must be plain names, not paths'],
  });
}

/**
 * Spec 1 §7 file routes, scoped to the caller's dealer: text file, PDF lists and PDFs of current orders and of
 * shipped history. Every file parameter is checked first (400); a name the dealer does not own is 404.
 */
export async function orderFileRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const deps = (): OrderFilesDeps => ({ db: app.db, storage: app.storage, definitions: app.definitions });

  api.get(
    '/api/TxtThings/textfile/:fileName',
    {
      schema: {
        params: TextFileParams,
        response: { 200: MediaAnswer('text/plain', 'the order as text'), ...refusals },
      },
    },
    async (request, reply) => {
      const { fileName } = request.params;
      if (refuseUnsafeFileParameters(reply, { fileName })) return reply;
      const order = await findDealerOrder(app.db, request.principal.dealerId, fileName);
      if (!order) return sendNotFound(reply, `No order named ${fileName}`);
      const text = await readOrderText(deps(), order);
      if (!text) return sendNotFound(reply, `No text file for ${fileName}`);
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(text);
    },
  );

  /** The dealer's orders in the folder named by the list, or undefined (404) when none of them is the dealer's. */
  async function findOrdersInFolder(
    dealerId: number,
    folderName: string,
    fileNames: string[],
  ): Promise<LifecycleOrder[]> {
    const inFolder = await listDealerOrdersInFolder(app.db, dealerId, folderName);
    return inFolder.filter((order) => fileNames.includes(order.fileName));
  }

  for (const url of ['/api/TxtThings/pdf', '/api/TxtThings/pdf/']) {
    api.get(
      url,
      { schema: { querystring: PdfListQuery, response: { 200: PdfNames, ...refusals } } },
      async (request, reply) => {
        const { folderName, fileNames } = request.query;
        if (refuseUnsafeFileParameters(reply, { folderName })) return reply;
        const split = splitFileNames(fileNames);
        if (split.problems.length)
          return reply.code(400).send({
            statusCode: 400,
            error: 'Bad Request',
            message: 'A file parameter is not a plain name',
            reasons: split.problems,
          });
        const found = await findOrdersInFolder(request.principal.dealerId, folderName, split.names);
        if (found.length === 0) return sendNotFound(reply, `No order ${fileNames} in folder ${folderName}`);
        const lists = await Promise.all(found.map((order) => listOrderPdfNames(deps(), order)));
        return lists.flat();
      },
    );
  }

  api.get(
    '/api/TxtThings/pdf/:fileName/:pdfName',
    { schema: { params: OrderPdfParams, querystring: FolderQuery, response: { 200: pdfAnswer, ...refusals } } },
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
  app.get('/api/TxtThings/pdf/*', { schema: extraSegmentsSchema }, async (_request, reply) =>
    refuseExtraSegments(reply),
  );

  /** History rows of the dealer's folder (the portal order behind a row is used when there is one). */
  async function pdfNamesOfHistoryRow(
    dealerId: number,
    row: HistoryRow,
  ): Promise<{ order?: LifecycleOrder; names: string[] }> {
    const order = row.orderId !== null ? await findDealerOrder(app.db, dealerId, row.fileName) : undefined;
    if (order) return { order, names: await listOrderPdfNames(deps(), order) };
    return { names: await listHistoryRecordPdfNames(deps(), dealerId, row) };
  }

  api.get(
    '/api/TxtThings/historypdf',
    { schema: { querystring: PdfListQuery, response: { 200: PdfNames, ...refusals } } },
    async (request, reply) => {
      const { folderName, fileNames } = request.query;
      if (refuseUnsafeFileParameters(reply, { folderName })) return reply;
      const split = splitFileNames(fileNames);
      if (split.problems.length)
        return reply.code(400).send({
          statusCode: 400,
          error: 'Bad Request',
          message: 'A file parameter is not a plain name',
          reasons: split.problems,
        });
      const dealerId = request.principal.dealerId;
      const rows = await listHistoryInFolder(app.db, dealerId, folderName, split.names);
      if (rows.length === 0) return sendNotFound(reply, `No shipped order ${fileNames} in folder ${folderName}`);
      const lists = await Promise.all(rows.map((row) => pdfNamesOfHistoryRow(dealerId, row)));
      return lists.flatMap((list) => list.names);
    },
  );

  api.get(
    '/api/TxtThings/historypdf/:pdfName',
    { schema: { params: HistoryPdfParams, querystring: FolderQuery, response: { 200: pdfAnswer, ...refusals } } },
    async (request, reply) => {
      const { pdfName } = request.params;
      const { folderName } = request.query;
      if (refuseUnsafeFileParameters(reply, { pdfName, folderName })) return reply;
      const dealerId = request.principal.dealerId;
      const rows = await listHistoryInFolder(app.db, dealerId, folderName);
      for (const row of rows.filter((r) => pdfName.startsWith(`${r.fileName}-`))) {
        const { order } = await pdfNamesOfHistoryRow(dealerId, row);
        const bytes = order
          ? await readOrderPdf(deps(), order, pdfName)
          : await readHistoryRecordPdf(deps(), dealerId, row, pdfName);
        if (bytes) return sendPdf(reply, pdfName, bytes);
      }
      return sendNotFound(reply, `No PDF ${pdfName} in folder ${folderName}`);
    },
  );
  app.get('/api/TxtThings/historypdf/*', { schema: extraSegmentsSchema }, async (_request, reply) =>
    refuseExtraSegments(reply),
  );
  app.get('/api/TxtThings/textfile/*', { schema: extraSegmentsSchema }, async (_request, reply) =>
    refuseExtraSegments(reply),
  );
}
