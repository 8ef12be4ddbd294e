import { Stack, Typography } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { formatCurrency } from '../format-currency';

/** A read-only amount (ui:widget "currency"), announced politely when it changes. */
export function CurrencyWidget({ id, label, value }: WidgetProps) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
      <Typography id={`${id}-label`} component="span" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography
        id={id}
        component="output"
        aria-labelledby={`${id}-label`}
        aria-live="polite"
        variant="h3"
        data-value={value ?? ''}
      >
        {formatCurrency(value)}
      </Typography>
    </Stack>
  );
}
