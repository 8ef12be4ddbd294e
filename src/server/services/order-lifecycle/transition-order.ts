/** Moving orders through their lifecycle: one service behind the staff API and `npm run orders`. */
import type { StaffOrder, TransitionBody } from '../../../contracts/staff';
import type { Database } from '../../db/database';
import { orderStatuses, type OrderStatus } from '../../db/schema';
import { insertHistoryRow } from '../../repositories/history-repository';
import { findDrawingJobState } from '../drawings/drawing-status';
import {
  findLatestOrderEvent,
  insertOrderEvent,
  listOrderEvents,
  type Actor,
  type OrderEvent,
} from '../../repositories/order-events-repository';
import {
  findOrderByFileName,
  lockOrderByFileName,
  updateOrderLifecycle,
  type LifecycleOrder,
  type LifecyclePatch,
} from '../../repositories/order-lifecycle-repository';
import {
  deriveJobName,
  deriveShipTo,
  findMoveRefusal,
  isIsoDate,
  isOrderStatus,
  makeFolderName,
  todayIso,
  type DefinitionForOrder,
  type PartiesDefinition,
  type ShipTo,
} from './lifecycle-rules';

/** A move as staff post it (POST /api/staff/orders/{fileName}/transition, or `npm run orders -- move`). */
export type TransitionRequest = TransitionBody;

/** An order as staff see it after a move: its lifecycle facts and every move so far (the staff API's answer). */
export type StaffOrderView = StaffOrder;

export type TransitionOutcome =
  | { kind: 'moved'; order: StaffOrderView }
  | { kind: 'not-found'; message: string }
  | { kind: 'refused'; message: string }
  | { kind: 'invalid'; message: string; reasons: string[] };

/** Which body fields belong to which move; any other field given with a move is refused, so nothing is silently dropped. */
const fieldsOfMove: Record<OrderStatus, (keyof TransitionRequest)[]> = {
  initial: [],
  unprocessed: [],
  processed: ['detailer', 'emailedOn'],
  confirmed: ['confirmation', 'schedDate'],
  shipped: ['dateShipped', 'shipTo'],
};
const optionalFields: (keyof TransitionRequest)[] = [
  'detailer',
  'emailedOn',
  'confirmation',
  'schedDate',
  'dateShipped',
  'shipTo',
];
const maxTextLength = 120;
const maxNoteLength = 500;

function checkText(reasons: string[], name: string, value: unknown, isRequired: boolean): void {
  if (value === undefined) {
    if (isRequired) reasons.push(`${name} is required`);
    return;
  }
  if (typeof value !== 'string' || value.trim() === '') reasons.push(`${name} must be non-empty text`);
  else if (value.length > maxTextLength) reasons.push(`${name} must be at most ${maxTextLength} characters`);
}

function checkDate(reasons: string[], name: string, value: unknown, isRequired: boolean): void {
  if (value === undefined) {
    if (isRequired) reasons.push(`${name} is required (yyyy-mm-dd)`);
    return;
  }
  if (!isIsoDate(value)) reasons.push(`${name} must be a date written yyyy-mm-dd (got ${JSON.stringify(value)})`);
}

/** What is wrong with the request's shape for its target, as a list (empty when nothing is). */
export function findRequestProblems(request: TransitionRequest): string[] {
  const reasons: string[] = [];
  if (!isOrderStatus(request.to))
    return [
      `to must be one of initial, unprocessed, processed, confirmed, shipped (got ${JSON.stringify(request.to)})`,
    ];
  const allowed = fieldsOfMove[request.to];
  for (const field of optionalFields) {
    if (request[field] !== undefined && !allowed.includes(field)) {
      reasons.push(
        `${field} does not belong to a move to ${request.to}${allowed.length ? ` (it takes ${allowed.join(', ')})` : ''}`,
      );
    }
  }
  if (request.note !== undefined && typeof request.note !== 'string') reasons.push('note must be text');
  else if (request.note !== undefined && request.note.length > maxNoteLength)
    reasons.push(`note must be at most ${maxNoteLength} characters`);
  if (request.from !== undefined && !isOrderStatus(request.from))
    reasons.push(`from must be one of ${orderStatuses.join(', ')} (got ${JSON.stringify(request.from)})`);
  if (request.to === 'processed') {
    checkText(reasons, 'detailer', request.detailer, true);
    checkDate(reasons, 'emailedOn', request.emailedOn, false);
  }
  if (request.to === 'confirmed') {
    checkDate(reasons, 'confirmation', request.confirmation, false);
    checkDate(reasons, 'schedDate', request.schedDate, true);
  }
  if (request.to === 'shipped') {
    checkDate(reasons, 'dateShipped', request.dateShipped, false);
    if (request.shipTo !== undefined) {
      const shipTo = request.shipTo as Partial<ShipTo> | null;
      if (!shipTo || typeof shipTo !== 'object') reasons.push('shipTo must be an object {streetAddress, cityStateZip}');
      else {
        checkText(reasons, 'shipTo.streetAddress', shipTo.streetAddress, true);
        checkText(reasons, 'shipTo.cityStateZip', shipTo.cityStateZip, true);
      }
    }
  }
  return reasons;
}

function toView(order: LifecycleOrder, events: OrderEvent[]): StaffOrderView {
  return {
    fileName: order.fileName,
    dealerId: order.dealerId,
    formId: order.formId,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    folderName: order.folderName,
    jobName: order.jobName,
    detailer: order.detailer,
    emailedOn: order.emailedOn,
    confirmation: order.confirmation,
    schedDate: order.schedDate,
    dateShipped: order.dateShipped,
    shipTo: (order.shipTo as ShipTo | null) ?? null,
    events,
  };
}

/** The order with its moves, for staff (any dealer's). */
export async function describeOrder(db: Database, fileName: string): Promise<StaffOrderView | undefined> {
  const order = await findOrderByFileName(db, fileName);
  if (!order) return undefined;
  return {
    ...toView(order, await listOrderEvents(db, order.id)),
    drawings: (await findDrawingJobState(db, order.dealerId, order.fileName)) ?? null,
  };
}

/** The facts a move writes besides the status, or a refusal (409) when the order is not ready for it. */
function planMove(
  order: LifecycleOrder,
  request: TransitionRequest,
  definition: PartiesDefinition | undefined,
): { patch: LifecyclePatch; details: Record<string, unknown> } | { refusal: string } | { reasons: string[] } {
  const patch: LifecyclePatch = { status: request.to };
  const jobName = order.jobName ?? deriveJobName(definition, order.data, order.fileName);
  if (!order.jobName) patch.jobName = jobName;
  if (!order.folderName) patch.folderName = makeFolderName(order.id, jobName, order.createdAt);
  switch (request.to) {
    case 'processed':
      patch.detailer = request.detailer!.trim();
      if (request.emailedOn) patch.emailedOn = request.emailedOn;
      break;
    case 'confirmed':
      // The dealer confirms by signing the bill of materials that was e-mailed to them (spec 1 §4).
      if (!order.emailedOn)
        return {
          refusal: `The order has not been e-mailed to the dealer yet; record emailedOn first (npm run orders -- email ${order.fileName})`,
        };
      patch.confirmation = request.confirmation ?? todayIso();
      patch.schedDate = request.schedDate;
      break;
    case 'shipped': {
      const shipTo = request.shipTo ?? deriveShipTo(definition, order.data);
      if (!shipTo) return { reasons: ['shipTo is required: the order names no address to ship to'] };
      patch.dateShipped = request.dateShipped ?? todayIso();
      patch.shipTo = { streetAddress: shipTo.streetAddress.trim(), cityStateZip: shipTo.cityStateZip.trim() };
      break;
    }
    default:
      break;
  }
  const { status: _status, ...details } = patch;
  const note = request.note?.trim();
  return { patch, details: note ? { ...details, note } : details };
}

/** "by temo.staff on 2026-03-01 14:05 UTC, to processed": a move in words, for a refusal naming it. */
export function describeMove(event: OrderEvent): string {
  const at = event.at.replace('T', ' ').slice(0, 16);
  const what = event.from === event.to ? `updated it (${event.to})` : `moved it from ${event.from} to ${event.to}`;
  return `${event.actor} ${what} at ${at} UTC`;
}

/** Why the order is not in the state the mover saw: the move that happened since, named. */
async function describeMovedSince(
  tx: Parameters<typeof findLatestOrderEvent>[0],
  order: LifecycleOrder,
  saw: OrderStatus,
): Promise<string> {
  const latest = await findLatestOrderEvent(tx, order.id);
  const since = latest ? `: ${describeMove(latest)}` : '';
  return `${order.fileName} is ${order.status} now, not ${saw} as you saw it${since}. Nothing was changed.`;
}

/** A move's outcome without the order read back (bulk moves answer a row each). */
export type MoveOutcome = Exclude<TransitionOutcome, { kind: 'moved' }> | { kind: 'done'; status: OrderStatus };

/**
 * Moves the order one step (initial -> unprocessed -> processed -> confirmed -> shipped), writing its facts and an
 * event naming the actor in one transaction; a shipped order also becomes a history row. Illegal moves change nothing.
 * With `from` (the state the mover saw) an order moved since by someone else is refused, naming that move.
 * `definitionFor` gives the definition the order is read with (its job name and ship-to, when the order has none yet).
 */
export async function moveOrder(
  db: Database,
  fileName: string,
  request: TransitionRequest,
  actor: Actor,
  definitionFor: DefinitionForOrder<LifecycleOrder>,
): Promise<MoveOutcome> {
  const problems = findRequestProblems(request);
  if (problems.length)
    return { kind: 'invalid', message: `The move to ${String(request.to)} is not valid`, reasons: problems };
  // The order's definition (its job name and ship-to) is looked up before the transaction: the lookup may read the
  // database itself, and an order's form never changes.
  const found = await findOrderByFileName(db, fileName);
  if (!found) return { kind: 'not-found', message: `No order named ${fileName}` };
  const definition = await definitionFor(found);
  return db.transaction(async (tx): Promise<MoveOutcome> => {
    const order = await lockOrderByFileName(tx, fileName);
    if (!order) return { kind: 'not-found', message: `No order named ${fileName}` };
    if (request.from !== undefined && order.status !== request.from)
      return { kind: 'refused', message: await describeMovedSince(tx, order, request.from) };
    const refusal = findMoveRefusal(order.status, request.to);
    if (refusal) return { kind: 'refused', message: `${fileName} cannot move to ${request.to}: ${refusal}` };
    const plan = planMove(order, request, definition);
    if ('refusal' in plan)
      return { kind: 'refused', message: `${fileName} cannot move to ${request.to}: ${plan.refusal}` };
    if ('reasons' in plan)
      return { kind: 'invalid', message: `The move to ${request.to} is not valid`, reasons: plan.reasons };
    await updateOrderLifecycle(tx, order.id, plan.patch);
    await insertOrderEvent(tx, {
      orderId: order.id,
      from: order.status,
      to: request.to,
      details: plan.details,
      ...actor,
    });
    if (request.to === 'shipped') {
      const shipTo = plan.patch.shipTo as ShipTo;
      await insertHistoryRow(tx, {
        dealerId: order.dealerId,
        orderId: order.id,
        folder: plan.patch.folderName ?? order.folderName!,
        fileName: order.fileName,
        jobName: plan.patch.jobName ?? order.jobName!,
        dateShipped: plan.patch.dateShipped!,
        shippedOn: plan.patch.dateShipped!,
        streetAddress: shipTo.streetAddress,
        cityStateZip: shipTo.cityStateZip,
      });
    }
    return { kind: 'done', status: request.to };
  });
}

/** moveOrder, answering the order as staff see it after the move. */
export async function transitionOrder(
  db: Database,
  fileName: string,
  request: TransitionRequest,
  actor: Actor,
  definitionFor: DefinitionForOrder<LifecycleOrder>,
): Promise<TransitionOutcome> {
  const outcome = await moveOrder(db, fileName, request, actor, definitionFor);
  if (outcome.kind !== 'done') return outcome;
  return { kind: 'moved', order: (await describeOrder(db, fileName))! };
}

/** Records that a processed order's bill of materials was e-mailed to the dealer (an event from processed to processed). */
export async function recordOrderEmailed(
  db: Database,
  fileName: string,
  emailedOn: string | undefined,
  actor: Actor,
): Promise<TransitionOutcome> {
  if (emailedOn !== undefined && !isIsoDate(emailedOn)) {
    return {
      kind: 'invalid',
      message: 'emailedOn is not valid',
      reasons: [`emailedOn must be a date written yyyy-mm-dd (got ${JSON.stringify(emailedOn)})`],
    };
  }
  const outcome = await db.transaction(async (tx): Promise<TransitionOutcome | { kind: 'done' }> => {
    const order = await lockOrderByFileName(tx, fileName);
    if (!order) return { kind: 'not-found', message: `No order named ${fileName}` };
    if (order.status !== 'processed')
      return {
        kind: 'refused',
        message: `${fileName} is ${order.status}; only a processed order is e-mailed for confirmation`,
      };
    const on = emailedOn ?? todayIso();
    await updateOrderLifecycle(tx, order.id, { emailedOn: on });
    await insertOrderEvent(tx, {
      orderId: order.id,
      from: 'processed',
      to: 'processed',
      details: { emailedOn: on },
      ...actor,
    });
    return { kind: 'done' };
  });
  if (outcome.kind !== 'done') return outcome;
  return { kind: 'moved', order: (await describeOrder(db, fileName))! };
}
