import { memo, useCallback, useEffect, useMemo } from 'react';
import { Box, FormHelperText, FormLabel, Stack } from '@mui/material';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import { getUiOptions, type FieldProps } from '@rjsf/utils';
import { toDotPath } from '../templates/field-template';
import { useFormStore } from '../form-store-context';
import { useFieldStatus, useFormSelector } from '../use-form-selector';
import { storeTextSource, TypedTextField } from '../typed-text-field';
import { createSettlingText } from './settling-text';
import type { FormStore } from '../form-store';

/** Typing settles into the engine after this much quiet (or on leaving the input), so mid-number values fire no toasts. */
export const FEET_INCHES_SETTLE_MS = 600;

// Style objects made once, not per render.
const frameSx: SxProps<Theme> = { borderRadius: 1, '& .MuiFormLabel-asterisk': { color: 'error.main' } };
const problemFrameSx: SxProps<Theme> = [
  frameSx,
  (theme) => ({ bgcolor: alpha(theme.palette.error.main, 0.08), outline: `1px solid ${theme.palette.error.main}` }),
];
const inputSx: SxProps<Theme> = { width: 110 };
const rowSx: SxProps<Theme> = { alignItems: 'flex-start' };

interface FeetInchesOptions {
  feet?: string;
  inches?: string;
  /** Title by ROOM STYLE value (e.g. CATHEDRAL: 'Peak Height'), 'default' otherwise. */
  titleByStyle?: Record<string, string>;
  /** The allowed range by sunroom type, in the definition's words, shown as help. */
  rangesByType?: Record<string, string>;
}

/**
 * An object of two numbers, feet and inches (ui:field "feetInches"; ui:options feet, inches: the child names).
 * Each keystroke is kept in the input and reaches the engine after 600 ms of quiet or on blur, so a height typed
 * digit by digit is judged once (spec 2 §4.1 height conflict toasts); typing re-renders neither input.
 */
export function FeetInchesField(props: FieldProps) {
  const { fieldPathId, uiSchema, schema } = props;
  const store = useFormStore();
  const path = toDotPath(fieldPathId.path);
  const options = getUiOptions(uiSchema) as FeetInchesOptions;
  const feetName = options.feet ?? 'feet';
  const inchesName = options.inches ?? 'inches';
  const style = useFormSelector(
    store,
    (view) => String(view.state.data.selectedRoomStyle ?? ''),
    Object.is,
    'selectedRoomStyle',
  );
  const type = useFormSelector(
    store,
    (view) => String(view.state.data.selectedSunRoomType ?? ''),
    Object.is,
    'selectedSunRoomType',
  );
  const title = options.titleByStyle?.[style] ?? options.titleByStyle?.default ?? String(schema.title ?? '');
  const range = options.rangesByType?.[type];
  const id = fieldPathId.$id;
  return (
    <Stack spacing={0.5} role="group" aria-labelledby={`${id}-label`}>
      <FormLabel id={`${id}-label`}>{title}</FormLabel>
      <Stack direction="row" spacing={1} sx={rowSx}>
        <SettlingNumberInput
          store={store}
          path={`${path}.${feetName}`}
          id={`${id}_${feetName}`}
          label="Feet"
          inputMode="numeric"
        />
        <SettlingNumberInput
          store={store}
          path={`${path}.${inchesName}`}
          id={`${id}_${inchesName}`}
          label="Inches"
          inputMode="decimal"
        />
      </Stack>
      {range ? <FormHelperText>{range}</FormHelperText> : null}
    </Stack>
  );
}

interface SettlingInputProps {
  store: FormStore;
  path: string;
  id: string;
  label: string;
  inputMode: 'numeric' | 'decimal';
}

// Memoised: a change of Room Style retitles the field (Peak Height) and must not re-render its two inputs.
const SettlingNumberInput = memo(function SettlingNumberInput({
  store,
  path,
  id,
  label,
  inputMode,
}: SettlingInputProps) {
  // Not controlled: a keystroke is held in the input (and in `settling`) and re-renders nothing until it settles.
  const field = useFieldStatus(store, path);
  const settling = useMemo(
    () => createSettlingText(FEET_INCHES_SETTLE_MS, (text) => void store.set(path, text)),
    [store, path],
  );
  useEffect(() => settling.dispose, [settling]);
  const source = useMemo(() => storeTextSource(store, path, { held: settling }), [store, path, settling]);
  const leave = useCallback(() => {
    settling.settle();
    store.blur(path);
  }, [settling, store, path]);
  const slotProps = useMemo(
    () => ({ htmlInput: { inputMode, 'aria-describedby': field.message ? `${id}__error` : undefined } }),
    [inputMode, id, field.message],
  );
  if (field.isHidden) return null;
  return (
    <Box
      data-path={path}
      data-widget="text"
      data-problem={field.message ? 'true' : undefined}
      sx={field.message ? problemFrameSx : frameSx}
    >
      <TypedTextField
        id={id}
        size="small"
        label={label}
        required={field.isRequired}
        disabled={field.isDisabled}
        error={Boolean(field.message)}
        source={source}
        onText={settling.type}
        onLeave={leave}
        sx={inputSx}
        slotProps={slotProps}
      />
      {field.message ? (
        <FormHelperText id={`${id}__error`} error data-message-for={path}>
          {field.message}
        </FormHelperText>
      ) : null}
    </Box>
  );
});
