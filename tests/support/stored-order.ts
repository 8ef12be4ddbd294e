/** An order as the server stores it, for tests that build its documents from a golden order's data. */
import type { LifecycleOrder } from '../../src/server/repositories/order-lifecycle-repository';

/** The same object with its keys in reverse order, at every level (stored jsonb keeps no key order). */
export function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .reverse()
      .map(([key, item]) => [key, reverseKeys(item)]),
  );
}

export function storedOrder(form: string, data: unknown): LifecycleOrder {
  return {
    id: 1,
    dealerId: 1,
    userId: 1,
    formId: form,
    fileName: `${form}-1`,
    status: 'unprocessed',
    isOrdered: true,
    data,
    createdAt: new Date(0),
    folderName: null,
    jobName: null,
    detailer: null,
    emailedOn: null,
    confirmation: null,
    schedDate: null,
    dateShipped: null,
    shipTo: null,
    definitionVersionId: null,
  };
}
