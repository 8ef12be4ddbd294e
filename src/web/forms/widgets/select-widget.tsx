import { MenuItem, TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { describedBy } from './described-by';

/** A drop-down of the offered options (the engine's when it offers some); menu items carry their value. */
export function SelectWidget(props: WidgetProps) {
  const { id, label, value, disabled, readonly, required, rawErrors, options, autofocus, onChange, onBlur } = props;
  const choices = options.enumOptions ?? [];
  const current = value === undefined || value === null ? '' : String(value);
  // A value no longer offered (typed in a draft, or posted) is still shown rather than silently blanked.
  const isOffered = current === '' || choices.some((choice) => String(choice.value) === current);
  return (
    <TextField
      id={id}
      select
      fullWidth
      label={label}
      required={required}
      disabled={Boolean(disabled || readonly)}
      autoFocus={autofocus}
      error={Boolean(rawErrors?.length)}
      value={current}
      onChange={(event) => {
        const chosen = choices.find((choice) => String(choice.value) === event.target.value);
        onChange(chosen ? chosen.value : undefined);
      }}
      onBlur={() => onBlur(id, value)}
      slotProps={{ select: { 'aria-describedby': describedBy(id) } as object }}
    >
      <MenuItem value="">
        <em>None</em>
      </MenuItem>
      {isOffered ? null : (
        <MenuItem value={current} data-value={current}>
          {current}
        </MenuItem>
      )}
      {choices.map((choice) => (
        <MenuItem key={String(choice.value)} value={String(choice.value)}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
