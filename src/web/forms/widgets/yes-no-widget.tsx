import { FormLabel, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { describedBy } from './described-by';

const booleanChoices = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

/** Two toggle buttons (ui:widget "yesNo"): the field's two choices (e.g. YES/NO, Yes/No), or true/false. */
export function YesNoWidget(props: WidgetProps) {
  const { id, label, value, disabled, readonly, required, options, onChange, onBlur } = props;
  const choices = options.enumOptions && options.enumOptions.length > 0 ? options.enumOptions : booleanChoices;
  const labelId = `${id}-label`;
  return (
    <Stack spacing={0.5}>
      <FormLabel id={labelId} required={required}>
        {label}
      </FormLabel>
      <ToggleButtonGroup
        id={id}
        exclusive
        size="small"
        color="primary"
        value={value ?? null}
        disabled={Boolean(disabled || readonly)}
        aria-labelledby={labelId}
        aria-describedby={describedBy(id)}
        onChange={(_event, next: unknown) => {
          if (next !== null) onChange(next);
        }}
        onBlur={() => onBlur(id, value)}
      >
        {choices.map((choice) => (
          <ToggleButton
            key={String(choice.value)}
            value={choice.value as string}
            data-value={String(choice.value)}
            sx={{ minWidth: 72 }}
          >
            {choice.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );
}
