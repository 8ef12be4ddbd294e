import { useContext } from 'react';
import { Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { toNumber } from '../../../engine';
import { valueAt } from '../form-store';
import { FieldPathContext, useFormStore } from '../form-store-context';
import { formatCurrency } from '../format-currency';
import { useFormSelector } from '../use-form-selector';
import { describedBy } from './described-by';

/**
 * A checkbox and its quantity (ui:widget "checkboxQuantity" on the quantity; ui:options checkedPath, pricePath).
 * The checkbox edits `checkedPath` and the definition's change rules set the quantity to 1 or 0; without a
 * checkedPath the checkbox sets the quantity itself.
 */
export function CheckboxQuantityWidget(props: WidgetProps) {
  const { id, label, value, disabled, readonly, required, rawErrors, options, onChange, onBlur } = props;
  const store = useFormStore();
  const path = useContext(FieldPathContext);
  const checkedPath = typeof options.checkedPath === 'string' ? options.checkedPath : undefined;
  const pricePath = typeof options.pricePath === 'string' ? options.pricePath : undefined;
  const isChecked = useFormSelector(store, (view) =>
    checkedPath ? Boolean(valueAt(view.state, checkedPath)) : (toNumber(valueAt(view.state, path)) ?? 0) > 0,
  );
  const price = useFormSelector(store, (view) => (pricePath ? valueAt(view.state, pricePath) : undefined));
  const isLocked = Boolean(readonly);

  const toggle = (checked: boolean) => {
    if (checkedPath) store.set(checkedPath, checked);
    else store.set(path, checked ? 1 : 0);
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FormControlLabel
        sx={{ flex: '1 1 260px', mr: 0 }}
        control={
          <Checkbox
            checked={isChecked}
            disabled={isLocked}
            onChange={(event) => toggle(event.target.checked)}
            slotProps={{ input: { id: `${id}-checkbox`, 'data-path': checkedPath ?? path } as object }}
          />
        }
        label={label}
        required={required}
      />
      {pricePath ? (
        <Typography sx={{ minWidth: 90, textAlign: 'right' }} data-price-path={pricePath}>
          {formatCurrency(price)}
        </Typography>
      ) : null}
      <TextField
        id={id}
        label="Qty"
        size="small"
        value={value ?? ''}
        disabled={Boolean(disabled || readonly)}
        error={Boolean(rawErrors?.length)}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => onBlur(id, value)}
        sx={{ width: 96 }}
        slotProps={{
          htmlInput: { inputMode: 'numeric', 'aria-label': `${label} quantity`, 'aria-describedby': describedBy(id) },
        }}
      />
    </Stack>
  );
}
