import type { RegistryFieldsType } from '@rjsf/utils';
import { FeetInchesField } from './feet-inches-field';
import { PageOwnedField } from './page-owned-field';

/** Fields a ui.json names with `ui:field` (beyond rjsf's own). */
export const customFields: RegistryFieldsType = {
  pageOwned: PageOwnedField,
  feetInches: FeetInchesField,
};

/** The custom fields plus the ui:field names a page draws itself, each registered by name as a page-owned field. */
export function withPageFields(names: readonly string[]): RegistryFieldsType {
  if (names.length === 0) return customFields;
  return { ...customFields, ...Object.fromEntries(names.map((name) => [name, PageOwnedField])) };
}
