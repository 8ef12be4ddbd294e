import { useCallback, useContext, useMemo } from 'react';
import { FormLabel, Stack } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { toNumber } from '../../../engine';
import { isPathHidden, valueAt } from '../form-store';
import { FieldPathContext, useFormStore } from '../form-store-context';
import { useFormSelector } from '../use-form-selector';
import { storeTextSource, textOf, TypedTextField } from '../typed-text-field';
import { describedBy } from './described-by';

// Made once, not per render: the inputs skip a render of the widget whose props are the same.
const inputSx = { width: 110 } as const;

/** Feet and inches of one total in inches: 62 -> [5, 2]. */
export function splitInches(total: unknown): [number | '', number | ''] {
  const inches = toNumber(total);
  if (inches === null) return ['', ''];
  return [Math.floor(inches / 12), inches % 12];
}

/**
 * A length in feet and inches (ui:widget "feetInches"). On the feet field with ui:options inchesPath, the two
 * inputs edit the two fields (the definition's own names, e.g. heightfeet/heightinches); without it the field
 * holds total inches.
 */
export function FeetInchesWidget(props: WidgetProps) {
  const { id, label, disabled, readonly, required, rawErrors, options, onChange } = props;
  const store = useFormStore();
  const path = useContext(FieldPathContext);
  const inchesPath = typeof options.inchesPath === 'string' ? options.inchesPath : undefined;
  // Whole-feet sizes (a Motor City pergola) hide the inches field: its input goes with it.
  const isInchesHidden = useFormSelector(
    store,
    (view) => (inchesPath ? isPathHidden(view.state, inchesPath) : false),
    Object.is,
    inchesPath ?? '',
  );
  const isLocked = Boolean(disabled || readonly);
  const labelId = `${id}-label`;
  const hasError = Boolean(rawErrors?.length);

  // Typed without re-rendering the inputs (TypedTextField): each reads its text from the store.
  const feetSource = useMemo(
    () => storeTextSource(store, path, inchesPath ? {} : { format: (total) => textOf(splitInches(total)[0]) }),
    [store, path, inchesPath],
  );
  const inchesSource = useMemo(
    () =>
      inchesPath
        ? storeTextSource(store, inchesPath)
        : storeTextSource(store, path, { format: (total) => textOf(splitInches(total)[1]) }),
    [store, path, inchesPath],
  );
  // Without inchesPath the field holds total inches: the other part is read from the store at the edit.
  const setFeet = useCallback(
    (text: string) => {
      if (inchesPath) return onChange(text);
      const inches = splitInches(valueAt(store.getState(), path))[1];
      onChange(text === '' && inches === '' ? undefined : (toNumber(text) ?? 0) * 12 + (toNumber(inches) ?? 0));
    },
    [onChange, inchesPath, store, path],
  );
  const setInches = useCallback(
    (text: string) => {
      if (inchesPath) return void store.set(inchesPath, text);
      const feet = splitInches(valueAt(store.getState(), path))[0];
      onChange(text === '' && feet === '' ? undefined : (toNumber(feet) ?? 0) * 12 + (toNumber(text) ?? 0));
    },
    [onChange, inchesPath, store, path],
  );
  const leaveFeet = useCallback(() => void store.blur(path), [store, path]);
  const leaveInches = useCallback(() => void store.blur(inchesPath ?? path), [store, inchesPath, path]);
  const feetSlots = useMemo(() => ({ htmlInput: { inputMode: 'numeric', 'aria-describedby': describedBy(id) } }), [id]);
  const inchesSlots = useMemo(
    () => ({ htmlInput: { inputMode: 'numeric', 'data-path': inchesPath } as object }),
    [inchesPath],
  );

  return (
    <Stack spacing={0.5} role="group" aria-labelledby={labelId}>
      <FormLabel id={labelId} required={required}>
        {label}
      </FormLabel>
      <Stack direction="row" spacing={1}>
        <TypedTextField
          id={id}
          label="Feet"
          size="small"
          disabled={isLocked}
          error={hasError}
          source={feetSource}
          onText={setFeet}
          onLeave={leaveFeet}
          slotProps={feetSlots}
          sx={inputSx}
        />
        {isInchesHidden ? null : (
          <TypedTextField
            id={`${id}-inches`}
            label="Inches"
            size="small"
            disabled={isLocked}
            error={hasError}
            source={inchesSource}
            onText={setInches}
            onLeave={leaveInches}
            slotProps={inchesSlots}
            sx={inputSx}
          />
        )}
      </Stack>
    </Stack>
  );
}
