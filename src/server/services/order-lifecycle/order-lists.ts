/** The Order Tracking lists of spec 1 §3/§7 (Confirmed, Processed, Unprocessed), from the caller's dealer's orders. */
import type { ConfirmedOrder, ProcessedOrder, UnprocessedOrder } from '../../../contracts/order-lists';
import type { Database } from '../../db/database';
import { listDealerLifecycleOrders, type LifecycleOrder } from '../../repositories/order-lifecycle-repository';
import { deriveJobName, makeFolderName, readCustomer } from './lifecycle-rules';

function jobNameOf(order: LifecycleOrder): string {
  return order.jobName ?? deriveJobName(order.formId, order.data, order.fileName);
}

/** The folder the order is (or will be, while unprocessed) filed in; the same name the move to processed stores. */
export function folderOf(order: LifecycleOrder): string {
  return order.folderName ?? makeFolderName(order.id, jobNameOf(order), order.createdAt);
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** GET /api/SQLThings/ConfirmedData */
export async function listConfirmedOrders(db: Database, dealerId: number): Promise<ConfirmedOrder[]> {
  const rows = await listDealerLifecycleOrders(db, dealerId, 'confirmed');
  return rows.map((order) => ({
    folder: folderOf(order),
    jobName: jobNameOf(order),
    fileName: order.fileName,
    confirmation: order.confirmation,
    schedDate: order.schedDate,
  }));
}

/** GET /api/SQLThings/ProcessedData */
export async function listProcessedOrders(db: Database, dealerId: number): Promise<ProcessedOrder[]> {
  const rows = await listDealerLifecycleOrders(db, dealerId, 'processed');
  return rows.map((order) => ({
    folderName: folderOf(order),
    fileName: order.fileName,
    jobName: jobNameOf(order),
    dateCreated: isoDay(order.createdAt),
    emailedOn: order.emailedOn,
    detailer: order.detailer,
  }));
}

/** GET /api/TxtThings/unprocessedFiles: keyed by file name, like initialOrders. */
export async function listUnprocessedOrders(db: Database, dealerId: number): Promise<Record<string, UnprocessedOrder>> {
  const rows = await listDealerLifecycleOrders(db, dealerId, 'unprocessed');
  return Object.fromEntries(
    rows.map((order) => {
      const initial = readCustomer(order.formId, order.data);
      return [
        order.fileName,
        {
          folderName: folderOf(order),
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
