import type { RegistryFieldsType } from '@rjsf/utils';
import { FeetInchesField } from './feet-inches-field';
import { PageOwnedField } from './page-owned-field';

/** Fields a ui.json names with `ui:field` (beyond rjsf's own). */
export const customFields: RegistryFieldsType = {
  pageOwned: PageOwnedField,
  feetInches: FeetInchesField,
};
