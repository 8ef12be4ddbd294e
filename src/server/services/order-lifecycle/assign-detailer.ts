/** Who details an order: assigned or changed while the order is queued, drawn or confirmed; recorded as an event. */
import type { Database } from '../../db/database';
import type { OrderStatus } from '../../db/schema';
import { insertOrderEvent, type Actor } from '../../repositories/order-events-repository';
import { lockOrderByFileName, updateOrderLifecycle } from '../../repositories/order-lifecycle-repository';
import { describeOrder, type TransitionOutcome } from './transition-order';

/**
 * The states where a detailer means something: queued for drawing (assigned ahead), drawn and awaiting or holding
 * the dealer's confirmation (corrections go to them). Not yet sent (initial) nor shipped (the job is closed).
 */
export const detailerStates: readonly OrderStatus[] = ['unprocessed', 'processed', 'confirmed'];

const maxDetailerLength = 120;
const maxNoteLength = 500;

/** Sets the order's detailer in one transaction with its event (from = to = the state; details {detailer, note}). */
export async function assignDetailer(
  db: Database,
  fileName: string,
  request: { detailer: string; note?: string },
  actor: Actor,
): Promise<TransitionOutcome> {
  const detailer = typeof request.detailer === 'string' ? request.detailer.trim() : '';
  const note = request.note?.trim();
  const reasons: string[] = [];
  if (!detailer) reasons.push('detailer must be non-empty text');
  else if (detailer.length > maxDetailerLength)
    reasons.push(`detailer must be at most ${maxDetailerLength} characters`);
  if (request.note !== undefined && request.note.length > maxNoteLength)
    reasons.push(`note must be at most ${maxNoteLength} characters`);
  if (reasons.length) return { kind: 'invalid', message: 'The detailer is not valid', reasons };
  const outcome = await db.transaction(async (tx): Promise<TransitionOutcome | { kind: 'done' }> => {
    const order = await lockOrderByFileName(tx, fileName);
    if (!order) return { kind: 'not-found', message: `No order named ${fileName}` };
    if (!detailerStates.includes(order.status))
      return {
        kind: 'refused',
        message: `${fileName} is ${order.status}; a detailer is assigned only while an order is ${detailerStates.join(', ')}`,
      };
    if (order.detailer === detailer) return { kind: 'refused', message: `${detailer} already details ${fileName}` };
    await updateOrderLifecycle(tx, order.id, { detailer });
    await insertOrderEvent(tx, {
      orderId: order.id,
      from: order.status,
      to: order.status,
      details: note ? { detailer, note } : { detailer },
      ...actor,
    });
    return { kind: 'done' };
  });
  if (outcome.kind !== 'done') return outcome;
  return { kind: 'moved', order: (await describeOrder(db, fileName))! };
}
