/** Every job kind the server runs, with its handler. */
import type { FastifyInstance } from 'fastify';
import { createDrawingJobHandler, drawingJobKind, indexCodePositions, type FormDrawing } from '../drawings/index';
import type { JobHandlerFactory } from './index';

/**
 * The form's current `drawing` mapping and door position by wall code from its wall-code catalogue (indexed once per
 * definition version).
 */
function formDrawingLookup(app: FastifyInstance): (form: string) => FormDrawing {
  const cache = new WeakMap<object, Map<string, string>>();
  return (form) => {
    const bundle = app.definitions.get(form)?.bundle;
    if (!bundle) return { codePositions: new Map() };
    let positions = cache.get(bundle);
    if (!positions) cache.set(bundle, (positions = indexCodePositions(bundle.data?.['wall-codes'])));
    return { spec: bundle.rules.drawing, codePositions: positions };
  };
}

export const jobHandlers: JobHandlerFactory = (app) => ({
  [drawingJobKind]: createDrawingJobHandler(app.db, app.storage, formDrawingLookup(app)),
});
