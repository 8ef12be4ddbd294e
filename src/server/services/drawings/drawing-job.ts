/** The 'drawings' job: render an order's sheets (SVG and PNG) into the dealer's storage. */
import { and, eq } from 'drizzle-orm';
import type { DrawingSpec } from '../../../engine/index';
import type { Database } from '../../db/database';
import { orders } from '../../db/schema';
import type { JobHandler } from '../jobs/index';
import type { FileStorage } from '../storage/index';
import { buildDrawingSheets } from './drawing-set';
import type { NameValue } from './room-model';
import { writeDrawingSet, type DrawingFile } from './drawing-files';
import { rasterizeSvg } from './rasterize';

export const drawingJobKind = 'drawings';

/** Payload of a drawing job. */
export interface DrawingJobPayload {
  dealerId: number;
  fileName: string;
}

/** What the drawings of one form read: its definition's `drawing` mapping and door position by wall code. */
export interface FormDrawing {
  spec?: DrawingSpec;
  codePositions: Map<string, string>;
  /** An answer as the form names it (the title block's layout in words). */
  nameValue?: NameValue;
}

/** What picks an order's drawing mapping: its form and the definitions version it was checked with. */
export interface DrawnOrder {
  formId: string;
  definitionVersionId: number | null;
  createdAt: Date;
}

/**
 * Makes the handler. It reads the order as stored now (so a preview turned order is drawn from its latest data),
 * renders every sheet through the form's `drawing` mapping at the definitions version the order was checked with (door positions looked up by wall code in the form's
 * wall-code catalogue), and stores the set as generation `job-<id>`; an order that no longer exists is skipped.
 */
export function createDrawingJobHandler(
  db: Database,
  storage: FileStorage,
  drawingOf: (order: DrawnOrder) => FormDrawing | Promise<FormDrawing> = () => ({ codePositions: new Map() }),
): JobHandler {
  return async (payload, context) => {
    const { dealerId, fileName } = payload as unknown as DrawingJobPayload;
    if (!Number.isInteger(dealerId) || typeof fileName !== 'string')
      throw new Error('drawing job payload needs dealerId and fileName');
    const [order] = await db
      .select({
        fileName: orders.fileName,
        formId: orders.formId,
        data: orders.data,
        definitionVersionId: orders.definitionVersionId,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(and(eq(orders.dealerId, dealerId), eq(orders.fileName, fileName)))
      .limit(1);
    if (!order) return;
    const { spec, codePositions, nameValue } = await drawingOf(order);
    const sheets = buildDrawingSheets(order, spec, codePositions, nameValue);
    const set: DrawingFile[] = [];
    for (const sheet of sheets) {
      if (context.signal.aborted) return;
      set.push({ fileName: `${order.fileName}-${sheet.name}.svg`, bytes: Buffer.from(sheet.svg) });
      set.push({ fileName: `${order.fileName}-${sheet.name}.png`, bytes: await rasterizeSvg(sheet.svg) });
    }
    if (context.signal.aborted || set.length === 0) return;
    await writeDrawingSet(storage.forDealer(dealerId), order.fileName, `job-${context.jobId}`, set);
  };
}
