import { memo, useCallback, useContext, useLayoutEffect, useMemo, useRef, type ComponentType } from 'react';
import type { EnumOptionsType, RJSFSchema, WidgetProps } from '@rjsf/utils';
import { FieldPathContext, useFormStore } from '../form-store-context';
import { useFieldSlice } from '../use-form-selector';

/**
 * Wraps an rjsf widget so that its value, disabled state, offered options and message come from the engine's
 * state (by the field's path), and its changes go through session.set / session.blur. The widget re-renders only
 * when its own slice changes; rjsf's tree above it stays untouched.
 */
export function connectWidget(Widget: ComponentType<WidgetProps>): ComponentType<WidgetProps> {
  // Skipped while its props stay: a new store with the same slice (the workbench's preview after an edit) draws nothing.
  const ShownWidget = memo(Widget);
  function ConnectedWidget(props: WidgetProps) {
    const store = useFormStore();
    const path = useContext(FieldPathContext);
    const field = useFieldSlice(store, path);
    // The handlers call the store of the latest render, so they stay the same when the store is replaced.
    const storeRef = useRef(store);
    useLayoutEffect(() => {
      storeRef.current = store;
    }, [store]);
    const onChange = useCallback((value: unknown) => void storeRef.current.set(path, value), [path]);
    const onBlur = useCallback(() => void storeRef.current.blur(path), [path]);
    const { options: offered } = field;
    const options = useMemo(
      () =>
        offered
          ? {
              ...props.options,
              enumOptions: offered.map(
                (option) => ({ value: option.value, label: option.label }) as EnumOptionsType<RJSFSchema>,
              ),
            }
          : props.options,
      [props.options, offered],
    );
    const rawErrors = useMemo(() => (field.message ? [field.message] : undefined), [field.message]);
    return (
      <ShownWidget
        {...props}
        value={field.value ?? undefined}
        disabled={Boolean(props.disabled) || field.isDisabled}
        required={field.isRequired}
        options={options}
        rawErrors={rawErrors}
        onChange={onChange}
        onBlur={onBlur}
      />
    );
  }
  ConnectedWidget.displayName = `Connected(${Widget.displayName ?? Widget.name ?? 'Widget'})`;
  return ConnectedWidget;
}
