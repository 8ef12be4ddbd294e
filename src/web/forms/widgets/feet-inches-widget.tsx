import { useContext } from 'react';
import { FormLabel, Stack, TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { toNumber } from '../../../engine';
import { isPathHidden, valueAt } from '../form-store';
import { FieldPathContext, useFormStore } from '../form-store-context';
import { useFormSelector } from '../use-form-selector';
import { describedBy } from './described-by';

// Made once, not per render (each keystroke re-renders the widget).
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
  const { id, label, value, disabled, readonly, required, rawErrors, options, onChange } = props;
  const store = useFormStore();
  const path = useContext(FieldPathContext);
  const inchesPath = typeof options.inchesPath === 'string' ? options.inchesPath : undefined;
  const inchesValue = useFormSelector(
    store,
    (view) => (inchesPath ? valueAt(view.state, inchesPath) : undefined),
    Object.is,
    inchesPath ?? '',
  );
  // Whole-feet sizes (a Motor City pergola) hide the inches field: its input goes with it.
  const isInchesHidden = useFormSelector(
    store,
    (view) => (inchesPath ? isPathHidden(view.state, inchesPath) : false),
    Object.is,
    inchesPath ?? '',
  );
  const [feet, inches] = inchesPath ? [value ?? '', inchesValue ?? ''] : splitInches(value);
  const isLocked = Boolean(disabled || readonly);
  const labelId = `${id}-label`;

  const setFeet = (text: string) => {
    if (inchesPath) return onChange(text);
    onChange(text === '' && inches === '' ? undefined : (toNumber(text) ?? 0) * 12 + (toNumber(inches) ?? 0));
  };
  const setInches = (text: string) => {
    if (inchesPath) return void store.set(inchesPath, text);
    onChange(text === '' && feet === '' ? undefined : (toNumber(feet) ?? 0) * 12 + (toNumber(text) ?? 0));
  };

  return (
    <Stack spacing={0.5} role="group" aria-labelledby={labelId}>
      <FormLabel id={labelId} required={required}>
        {label}
      </FormLabel>
      <Stack direction="row" spacing={1}>
        <TextField
          id={id}
          label="Feet"
          size="small"
          value={feet}
          disabled={isLocked}
          error={Boolean(rawErrors?.length)}
          onChange={(event) => setFeet(event.target.value)}
          onBlur={() => store.blur(path)}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-describedby': describedBy(id) } }}
          sx={inputSx}
        />
        {isInchesHidden ? null : (
          <TextField
            id={`${id}-inches`}
            label="Inches"
            size="small"
            value={inches}
            disabled={isLocked}
            error={Boolean(rawErrors?.length)}
            onChange={(event) => setInches(event.target.value)}
            onBlur={() => store.blur(inchesPath ?? path)}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-path': inchesPath } as object }}
            sx={inputSx}
          />
        )}
      </Stack>
    </Stack>
  );
}
