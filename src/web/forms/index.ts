/** The form renderer: rjsf (MUI theme) driven by one engine session per form. See definition-form.tsx. */
export { DefinitionForm, type DefinitionFormProps } from './definition-form';
export { fieldsDrawnBy } from './ui-fields';
export { createFormStore, isPathHidden, isPathDisabled, valueAt, type FormStore, type FormView } from './form-store';
export { useFormSession, type FormSessionHandle, type FormSessionOptions } from './use-form-session';
export { useFormSelector, useFieldSlice, useFieldStatus, type FieldSlice } from './use-form-selector';
export {
  TypedTextField,
  storeTextSource,
  textOf,
  type HeldTexts,
  type TextSource,
  type TypedTextFieldProps,
} from './typed-text-field';
export { MissingFieldsDialog, listProblems, type ProblemLine } from './missing-fields-dialog';
export { formatCurrency } from './format-currency';
export { PriceDisplay, describePrice, type PriceDisplayProps } from './price-display';
export { customWidgets, customWidgetNames } from './widgets/widget-registry';
export type { PriceList } from './widgets/radio-widget';
export { DefinitionSourceContext, useDefinitionSource, useIsPreview, type DefinitionSource } from './definition-source';
