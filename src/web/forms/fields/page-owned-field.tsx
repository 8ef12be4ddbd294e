import type { FieldProps } from '@rjsf/utils';

/**
 * A field the page renders itself (ui:field "pageOwned"), e.g. the sunroom's wall arrays and layouts, which live
 * in the Wall Choices and layout modals: rjsf keeps it in the data but draws nothing.
 */
export function PageOwnedField(_props: FieldProps) {
  return null;
}
