/** Drawings of configurator orders: plan view and wall elevations as SVG, rasterised to PNG, made by a job. */
export {
  createDrawingJobHandler,
  drawingJobKind,
  type DrawingJobPayload,
  type DrawnOrder,
  type FormDrawing,
} from './drawing-job';
export { buildDrawingSheets, type DrawingSheet, type OrderForDrawing } from './drawing-set';
export {
  drawingsFolderOf,
  isOrderFileName,
  readDrawingImages,
  writeDrawingSet,
  type DrawingImage,
} from './drawing-files';
export { rasterizeSvg } from './rasterize';
export { formatFeetInches, toInches } from './feet-inches';
export { indexCodePositions, toRoomModel, type RoomModel, type WallModel } from './room-model';
export { findDealerOrder } from './order-lookup';
export { findDrawingJobState, type DrawingJobState } from './drawing-status';
