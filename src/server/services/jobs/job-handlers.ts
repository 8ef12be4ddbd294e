/** Every job kind the server runs, with its handler. */
import type { FastifyInstance } from 'fastify';
import {
  createDrawingJobHandler,
  drawingJobKind,
  indexCodePositions,
  type DrawnOrder,
  type FormDrawing,
} from '../drawings/index';
import { createImpactJobHandler, impactJobKind } from '../definition-versions/impact-job';
import type { JobHandlerFactory } from './index';

/**
 * The form's `drawing` mapping at the definitions version the order was checked with, and door position by wall code
 * from that version's wall-code catalogue (indexed once per compiled definition).
 */
function formDrawingLookup(app: FastifyInstance): (order: DrawnOrder) => Promise<FormDrawing> {
  const cache = new WeakMap<object, Map<string, string>>();
  return async (order) => {
    const served = await app.definitionVersions.definitionOfOrder(order);
    const bundle = served?.bundle;
    if (!served || !bundle) return { codePositions: new Map() };
    let positions = cache.get(bundle);
    if (!positions) cache.set(bundle, (positions = indexCodePositions(bundle.data?.['wall-codes'])));
    const { compiled } = served;
    return {
      spec: bundle.rules.drawing,
      codePositions: positions,
      nameValue: (path, value) => compiled.valueLabelOf(path, value),
    };
  };
}

export const jobHandlers: JobHandlerFactory = (app) => ({
  [drawingJobKind]: createDrawingJobHandler(app.db, app.storage, formDrawingLookup(app)),
  [impactJobKind]: createImpactJobHandler(app),
});
