/** Every job kind the server runs, with its handler. */
import type { FastifyInstance } from 'fastify';
import { createDrawingJobHandler, drawingJobKind, indexCodePositions } from '../drawings/index';
import type { JobHandlerFactory } from './index';

/** Door position by wall code from the form's current wall-code catalogue (indexed once per definition version). */
function codePositionsLookup(app: FastifyInstance): (form: string) => Map<string, string> {
  const cache = new WeakMap<object, Map<string, string>>();
  return (form) => {
    const bundle = app.definitions.get(form)?.bundle;
    if (!bundle) return new Map();
    let positions = cache.get(bundle);
    if (!positions) cache.set(bundle, (positions = indexCodePositions(bundle.data?.['wall-codes'])));
    return positions;
  };
}

export const jobHandlers: JobHandlerFactory = (app) => ({
  [drawingJobKind]: createDrawingJobHandler(app.db, app.storage, codePositionsLookup(app)),
});
