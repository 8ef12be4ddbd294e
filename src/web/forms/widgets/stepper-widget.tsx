import {
  useCallback,
  useContext,
  useEffect,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import type { WidgetProps } from '@rjsf/utils';
import { toNumber } from '../../../engine';
import { valueAt } from '../form-store';
import { FieldPathContext, useFormStore } from '../form-store-context';
import { describedBy } from './described-by';

const stepperSx = { width: '100%', maxWidth: 260 } as const;

/** While a button is held, one step every this many ms. */
export const STEPPER_REPEAT_MS = 200;

/**
 * A number with - and + buttons (ui:widget "stepper"; ui:options step, min, unit). Holding a button repeats every
 * 200 ms; each step is an edit followed by a blur, so the engine's clamp and rounding apply.
 */
export function StepperWidget(props: WidgetProps) {
  const { id, label, value, disabled, readonly, required, rawErrors, options, onChange, onBlur, autofocus } = props;
  const store = useFormStore();
  const path = useContext(FieldPathContext);
  const step = toNumber(options.step) ?? 1;
  const repeat = useRef<ReturnType<typeof setInterval> | null>(null);
  const isLocked = Boolean(disabled || readonly);

  const stepBy = useCallback(
    (direction: 1 | -1) => {
      const current = toNumber(valueAt(store.getState(), path));
      // An empty stepper starts at its lowest value.
      const next = current === null ? (toNumber(options.min) ?? 0) : current + direction * step;
      store.set(path, next);
      store.blur(path);
    },
    [store, path, step, options.min],
  );

  const stopRepeat = useCallback(() => {
    if (repeat.current) clearInterval(repeat.current);
    repeat.current = null;
  }, []);
  useEffect(() => stopRepeat, [stopRepeat]);

  const startRepeat = (direction: 1 | -1) => (event: PointerEvent) => {
    if (event.button !== 0 || isLocked) return;
    stepBy(direction);
    stopRepeat();
    repeat.current = setInterval(() => stepBy(direction), STEPPER_REPEAT_MS);
  };
  // Pointer presses are handled on pointer-down; a click with detail 0 comes from the keyboard.
  const clickFromKeyboard = (direction: 1 | -1) => (event: MouseEvent) => {
    if (event.detail === 0) stepBy(direction);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      stepBy(event.key === 'ArrowUp' ? 1 : -1);
    }
  };
  const holdProps = {
    onPointerUp: stopRepeat,
    onPointerLeave: stopRepeat,
    onPointerCancel: stopRepeat,
    onBlur: stopRepeat,
  };
  const unit = typeof options.unit === 'string' ? options.unit : undefined;

  const decrease = (
    <IconButton
      aria-label={`Decrease ${label}`}
      disabled={isLocked}
      edge="start"
      onPointerDown={startRepeat(-1)}
      onClick={clickFromKeyboard(-1)}
      {...holdProps}
    >
      <RemoveIcon />
    </IconButton>
  );
  const increase = (
    <IconButton
      aria-label={`Increase ${label}`}
      disabled={isLocked}
      edge="end"
      onPointerDown={startRepeat(1)}
      onClick={clickFromKeyboard(1)}
      {...holdProps}
    >
      <AddIcon />
    </IconButton>
  );

  // The buttons sit inside the box, so its label has the whole width (beside it, "Number of Copies" was cut in a column).
  return (
    <TextField
      id={id}
      label={label}
      required={required}
      disabled={isLocked}
      autoFocus={autofocus}
      value={value ?? ''}
      error={Boolean(rawErrors?.length)}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => onBlur(id, value)}
      onKeyDown={onKeyDown}
      sx={stepperSx}
      slotProps={{
        htmlInput: { inputMode: 'numeric', 'aria-describedby': describedBy(id), style: { textAlign: 'center' } },
        input: {
          startAdornment: <InputAdornment position="start">{decrease}</InputAdornment>,
          endAdornment: (
            <InputAdornment position="end">
              {unit}
              {increase}
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
