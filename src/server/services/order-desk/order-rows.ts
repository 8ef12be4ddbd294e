/** How the order desk shows orders: a grid row from a stored order, and the products its filter offers. */
import type { StaffOrderFilters, StaffOrderRow } from '../../../contracts/staff';
import type { StaffOrderListRow } from '../../repositories/staff-order-desk-repository';
import type { DefinitionRegistry } from '../definition-registry';
import { humanizeKey } from '../order-text/order-document';
import type { PartiesDefinition } from '../order-lifecycle/lifecycle-rules';
import { folderOf } from '../order-lifecycle/order-lists';

/** A grid row: the stored facts; the folder an unprocessed or later order is filed in even before a move stored it. */
export function toStaffOrderRow(row: StaffOrderListRow, definition: PartiesDefinition | undefined): StaffOrderRow {
  return {
    fileName: row.fileName,
    dealerId: row.dealerId,
    dealerName: row.dealerName,
    formId: row.formId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    folderName: row.status === 'initial' ? row.folderName : folderOf(row, definition),
    jobName: row.jobName,
    detailer: row.detailer,
    emailedOn: row.emailedOn,
    confirmation: row.confirmation,
    schedDate: row.schedDate,
    dateShipped: row.dateShipped,
  };
}

/** The title a form's schema gives, else its id in words. */
export function formTitleOf(definitions: DefinitionRegistry, formId: string): string {
  const title = (definitions.get(formId)?.bundle.schema as { title?: unknown } | undefined)?.title;
  return typeof title === 'string' && title.trim() ? title.trim() : humanizeKey(formId);
}

/** The forms of the published definitions version, by title. */
export function listProducts(definitions: DefinitionRegistry): StaffOrderFilters['products'] {
  return definitions
    .forms()
    .map((formId) => ({ formId, title: formTitleOf(definitions, formId) }))
    .sort((a, b) => a.title.localeCompare(b.title) || a.formId.localeCompare(b.formId));
}
