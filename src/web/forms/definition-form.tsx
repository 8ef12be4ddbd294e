import { memo, useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Form } from '@rjsf/mui';
import type { RJSFSchema, TemplatesType, UiSchema } from '@rjsf/utils';
import { useSnackbar } from 'notistack';
import type { FormStore } from './form-store';
import { withPageFields } from './fields/field-registry';
import { FieldExtrasContext, FormStoreContext } from './form-store-context';
import { FieldTemplate } from './templates/field-template';
import { ObjectFieldTemplate } from './templates/object-field-template';
import { definitionFormValidator } from './schema-validator';
import { useFormSelector } from './use-form-selector';
import { connectedWidgets } from './widgets/widget-registry';

const templates: Partial<TemplatesType> = { FieldTemplate, ObjectFieldTemplate };
const noExtras: Readonly<Record<string, ReactNode>> = {};

export interface DefinitionFormProps {
  store: FormStore;
  /** Extra read-only inputs for widgets (e.g. `priceLists` for radio options with ui:options priceFrom). */
  formContext?: Record<string, unknown>;
  /** Enter in a field asks the host to submit (the host owns the submit button). */
  onSubmitRequest?(): void;
  /** id of the <form> element. */
  id?: string;
  /** Shown right after the field at each path while it is shown (e.g. `{ widthFeet: <PriceDisplay store={store} /> }`). */
  fieldExtras?: Readonly<Record<string, ReactNode>>;
  /**
   * ui:field names the page draws itself (the sunroom's `wallChoices`, `structureLayout`, `angledLayout`): registered
   * by name as fields that keep their values in the data and draw nothing here.
   */
  pageFields?: readonly string[];
}

const noPageFields: readonly string[] = [];

/** Array lengths anywhere in the data: rjsf must re-render when they change (rows added or removed). */
export function describeShape(value: unknown, path = ''): string {
  if (Array.isArray(value))
    return `${path}[${value.length}]${value.map((item, i) => describeShape(item, `${path}.${i}`)).join('')}`;
  if (value !== null && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => describeShape(item, path ? `${path}.${key}` : key))
      .join('');
  }
  return '';
}

/**
 * Renders a definition's schema and ui schema with rjsf (MUI theme); the engine session in `store` is the source
 * of truth for every value, hidden field, option, disabled state, message and total. rjsf re-renders only when
 * the data's shape changes; each widget re-renders when its own slice does.
 */
export const DefinitionForm = memo(function DefinitionForm({
  store,
  formContext,
  onSubmitRequest,
  id,
  fieldExtras = noExtras,
  pageFields = noPageFields,
}: DefinitionFormProps) {
  const { bundle } = store.definition;
  const schema = bundle.schema as RJSFSchema;
  const uiSchema = bundle.ui as UiSchema;
  const shape = useFormSelector(store, (view) => describeShape(view.state.data));
  // eslint-disable-next-line react-hooks/exhaustive-deps -- new data for rjsf only when the shape changes
  const formData = useMemo(() => store.getState().data, [store, shape]);
  const { enqueueSnackbar } = useSnackbar();
  const [stableContext] = useState(() => ({}));
  const fields = useMemo(() => withPageFields(pageFields), [pageFields]);

  useEffect(
    () =>
      store.onNotices((notices) => {
        // A notice already on screen is not stacked again (typing 80, 8, 80 in one wall gave three identical toasts).
        for (const notice of notices)
          enqueueSnackbar(notice.message, { variant: notice.level, preventDuplicate: true });
      }),
    [store, enqueueSnackbar],
  );

  return (
    <FormStoreContext.Provider value={store}>
      <FieldExtrasContext.Provider value={fieldExtras}>
        <Form
          id={id}
          schema={schema}
          uiSchema={uiSchema}
          validator={definitionFormValidator}
          widgets={connectedWidgets}
          fields={fields}
          templates={templates}
          formData={formData}
          formContext={formContext ?? stableContext}
          noValidate
          noHtml5Validate
          showErrorList={false}
          onSubmit={(_data, event?: FormEvent) => {
            event?.preventDefault();
            onSubmitRequest?.();
          }}
        >
          {/* The host renders the submit button (it hides while sending). */}
          <></>
        </Form>
      </FieldExtrasContext.Provider>
    </FormStoreContext.Provider>
  );
});
