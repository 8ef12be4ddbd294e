import { memo, useCallback, useMemo, type ReactNode } from 'react';
import {
  Box,
  FormHelperText,
  FormLabel,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import type { SxProps } from '@mui/material/styles';
import {
  storeTextSource,
  TypedTextField,
  useFieldSlice,
  useFieldStatus,
  type FormStore,
  type HeldTexts,
} from '../../forms';

/** rjsf's element id for a path, so every field of the page has one id scheme (root_wallLengthsFeet_0). */
export function idOfPath(path: string): string {
  return `root_${path.replace(/\./g, '_')}`;
}

interface StoreFieldProps {
  store: FormStore;
  path: string;
  /** Shown label (default: the definition's label for the path). */
  label?: string;
}

// Style objects made once, not per render: a keystroke re-renders its field, and new sx objects are re-processed.
const frameSx: SxProps<Theme> = { borderRadius: 1, p: 0.5, '& .MuiFormLabel-asterisk': { color: 'error.main' } };
const problemFrameSx: SxProps<Theme> = [
  frameSx,
  (theme) => ({ bgcolor: alpha(theme.palette.error.main, 0.08), outline: `1px solid ${theme.palette.error.main}` }),
];
const widthSxCache = new Map<number | string, SxProps<Theme>>();
/** `{ width }`, the same object for the same width. */
function widthSx(width: number | string): SxProps<Theme> {
  let sx = widthSxCache.get(width);
  if (!sx) widthSxCache.set(width, (sx = { width }));
  return sx;
}
const labelSx: SxProps<Theme> = { fontSize: '0.85rem' };
const noteSx: SxProps<Theme> = { color: 'text.primary', fontWeight: 600 };
const toggleSx: SxProps<Theme> = { minWidth: 64 };

/** The frame every page-drawn field shares with the generic form: data-path, red background and message once shown. */
function FieldFrame({
  path,
  widget,
  message,
  children,
}: {
  path: string;
  widget: string;
  message: string | undefined;
  children: ReactNode;
}) {
  return (
    <Box
      data-path={path}
      data-widget={widget}
      data-problem={message ? 'true' : undefined}
      sx={message ? problemFrameSx : frameSx}
    >
      {children}
      {message ? (
        <FormHelperText id={`${idOfPath(path)}__error`} error data-message-for={path}>
          {message}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

/**
 * A text input bound to one path of the store (hidden when the engine hides it), typed without re-rendering its MUI
 * field (TypedTextField); a held text of the path (`held`) is shown instead of the store's, marked data-pending.
 */
export const StoreTextField = memo(function StoreTextField({
  store,
  path,
  label,
  width = 120,
  inputMode = 'decimal',
  held,
  onText,
}: StoreFieldProps & {
  /** Pixels, or a CSS width such as '100%' (the field then follows its box). */
  width?: number | string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  held?: HeldTexts;
  onText?(text: string): void;
}) {
  const field = useFieldStatus(store, path);
  const source = useMemo(() => storeTextSource(store, path, { held }), [store, path, held]);
  const setText = useCallback(
    (text: string) => (onText ? onText(text) : void store.set(path, text)),
    [onText, store, path],
  );
  const leave = useCallback(() => void store.blur(path), [store, path]);
  const id = idOfPath(path);
  const slotProps = useMemo(
    () => ({
      htmlInput: { inputMode, 'aria-describedby': field.message ? `${id}__error` : undefined },
    }),
    [inputMode, id, field.message],
  );
  if (field.isHidden) return null;
  return (
    <FieldFrame path={path} widget="text" message={field.message}>
      <TypedTextField
        id={id}
        size="small"
        label={label ?? store.definition.labelOf(path)}
        required={field.isRequired}
        disabled={field.isDisabled}
        error={Boolean(field.message)}
        source={source}
        onText={setText}
        onLeave={leave}
        sx={widthSx(width)}
        slotProps={slotProps}
      />
    </FieldFrame>
  );
});

/** A drop-down of the choices the engine offers for one path. */
export const StoreSelectField = memo(function StoreSelectField({
  store,
  path,
  label,
  width = 220,
}: StoreFieldProps & { width?: number | string }) {
  const field = useFieldSlice(store, path);
  if (field.isHidden) return null;
  const id = idOfPath(path);
  const current = field.value === null || field.value === undefined ? '' : String(field.value);
  const choices = field.options ?? [];
  const isOffered = current === '' || choices.some((choice) => String(choice.value) === current);
  return (
    <FieldFrame path={path} widget="select" message={field.message}>
      <TextField
        id={id}
        select
        size="small"
        label={label ?? store.definition.labelOf(path)}
        required={field.isRequired}
        disabled={field.isDisabled}
        error={Boolean(field.message)}
        value={current}
        onChange={(event) => {
          const chosen = choices.find((choice) => String(choice.value) === event.target.value);
          store.set(path, chosen ? chosen.value : null);
        }}
        onBlur={() => store.blur(path)}
        sx={widthSx(width)}
      >
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
        {isOffered ? null : <MenuItem value={current}>{current}</MenuItem>}
        {choices.map((choice) => (
          <MenuItem key={String(choice.value)} value={String(choice.value)}>
            {choice.label}
          </MenuItem>
        ))}
      </TextField>
    </FieldFrame>
  );
});

/** Toggle buttons for the choices of one path (Yes/No and other short lists). */
export const StoreToggleField = memo(function StoreToggleField({
  store,
  path,
  label,
  fallbackChoices,
  note,
}: StoreFieldProps & { fallbackChoices?: string[]; note?: string }) {
  const field = useFieldSlice(store, path);
  if (field.isHidden) return null;
  const id = idOfPath(path);
  const labelId = `${id}-label`;
  const noteId = `${id}__note`;
  const choices = field.options ?? (fallbackChoices ?? []).map((value) => ({ value, label: value }));
  return (
    <FieldFrame path={path} widget="yesNo" message={field.message}>
      <Stack spacing={0.5}>
        <FormLabel id={labelId} required={field.isRequired} sx={labelSx}>
          {label ?? store.definition.labelOf(path)}
        </FormLabel>
        <ToggleButtonGroup
          id={id}
          exclusive
          size="small"
          color="primary"
          value={field.value ?? null}
          disabled={field.isDisabled}
          aria-labelledby={labelId}
          aria-describedby={note ? noteId : undefined}
          onChange={(_event, next: unknown) => {
            if (next !== null) store.set(path, next);
          }}
        >
          {choices.map((choice) => (
            <ToggleButton
              key={String(choice.value)}
              value={choice.value as string}
              data-value={String(choice.value)}
              sx={toggleSx}
            >
              {choice.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {note ? (
          <FormHelperText id={noteId} data-testid="door-note" sx={noteSx}>
            {note}
          </FormHelperText>
        ) : null}
      </Stack>
    </FieldFrame>
  );
});
