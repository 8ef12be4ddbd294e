/** The Order Tracking lists of spec 1 §3/§7 (Confirmed, Processed, Unprocessed), from the caller's dealer's orders. */
import type { ConfirmedOrder, ProcessedOrder, UnprocessedOrder } from '../../../contracts/order-lists';
import type { Database } from '../../db/database';
import { listDealerLifecycleOrders, type LifecycleOrder } from '../../repositories/order-lifecycle-repository';
import {
  deriveJobName,
  makeFolderName,
  readCustomer,
  type DefinitionForOrder,
  type PartiesDefinition,
} from './lifecycle-rules';

function jobNameOf(order: LifecycleOrder, definition: PartiesDefinition | undefined): string {
  return order.jobName ?? deriveJobName(definition, order.data, order.fileName);
}

/**
 * The folder the order is (or will be, while unprocessed) filed in; the same name the move to processed stores.
 * `definition` is the order's (its job name comes from it until the move stores one).
 */
export function folderOf(order: LifecycleOrder, definition: PartiesDefinition | undefined): string {
  return order.folderName ?? makeFolderName(order.id, jobNameOf(order, definition), order.createdAt);
}

/** Each order with the definition it is read with (the caller's `definitionFor`). */
export async function withDefinitions<O>(
  rows: O[],
  definitionFor: DefinitionForOrder<O>,
): Promise<{ order: O; definition: PartiesDefinition | undefined }[]> {
  return Promise.all(rows.map(async (order) => ({ order, definition: await definitionFor(order) })));
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** GET /api/SQLThings/ConfirmedData */
export async function listConfirmedOrders(
  db: Database,
  dealerId: number,
  definitionFor: DefinitionForOrder<LifecycleOrder>,
): Promise<ConfirmedOrder[]> {
  const rows = await withDefinitions(await listDealerLifecycleOrders(db, dealerId, 'confirmed'), definitionFor);
  return rows.map(({ order, definition }) => ({
    folder: folderOf(order, definition),
    jobName: jobNameOf(order, definition),
    fileName: order.fileName,
    confirmation: order.confirmation,
    schedDate: order.schedDate,
  }));
}

/** GET /api/SQLThings/ProcessedData */
export async function listProcessedOrders(
  db: Database,
  dealerId: number,
  definitionFor: DefinitionForOrder<LifecycleOrder>,
): Promise<ProcessedOrder[]> {
  const rows = await withDefinitions(await listDealerLifecycleOrders(db, dealerId, 'processed'), definitionFor);
  return rows.map(({ order, definition }) => ({
    folderName: folderOf(order, definition),
    fileName: order.fileName,
    jobName: jobNameOf(order, definition),
    dateCreated: isoDay(order.createdAt),
    emailedOn: order.emailedOn,
    detailer: order.detailer,
  }));
}

/** GET /api/TxtThings/unprocessedFiles: keyed by file name, like initialOrders. */
export async function listUnprocessedOrders(
  db: Database,
  dealerId: number,
  definitionFor: DefinitionForOrder<LifecycleOrder>,
): Promise<Record<string, UnprocessedOrder>> {
  const rows = await withDefinitions(await listDealerLifecycleOrders(db, dealerId, 'unprocessed'), definitionFor);
  return Object.fromEntries(
    rows.map(({ order, definition }) => {
      const initial = readCustomer(definition, order.data);
      return [
        order.fileName,
        {
          folderName: folderOf(order, definition),
          lastName: initial.lastName,
          firstName: initial.firstName,
          sentBy: initial.sentBy,
          date: isoDay(order.createdAt),
          fileName: order.fileName,
        },
      ];
    }),
  );
}
