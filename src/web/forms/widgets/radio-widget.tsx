import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { memo } from 'react';
import { formatCurrency } from '../format-currency';
import { describedBy } from './described-by';

/** Live prices a radio's options may show (ui:options priceFrom names one of formContext.priceLists). */
export interface PriceList {
  status: 'loading' | 'ok' | 'error';
  /** Price by option value. */
  prices: Record<string, number>;
}

/** The text after an option's label: its price, 'Error fetching price', or nothing while loading. */
export function describeOptionPrice(list: PriceList | undefined, value: unknown): string {
  if (!list || list.status === 'loading') return '';
  if (list.status === 'error') return 'Error fetching price';
  const price = list.prices[String(value)];
  return price === undefined ? '' : formatCurrency(price);
}

// Made once: a new sx object is serialised again on every render.
const legendSx = { '&.Mui-disabled': { color: 'text.secondary' } } as const;

/** A radio group in a fieldset whose legend is the field's label; values are the options' own values. */
export function RadioWidget(props: WidgetProps) {
  const { id, label, value, disabled, readonly, required, rawErrors, options, registry, onChange, onBlur } = props;
  const choices = options.enumOptions ?? [];
  const priceFrom = typeof options.priceFrom === 'string' ? options.priceFrom : undefined;
  const priceLists = (registry.formContext as { priceLists?: Record<string, PriceList> } | undefined)?.priceLists;
  const priceList = priceFrom ? priceLists?.[priceFrom] : undefined;
  const selected = choices.findIndex((choice) => choice.value === value || String(choice.value) === String(value));
  return (
    <FormControl
      component="fieldset"
      required={required}
      error={Boolean(rawErrors?.length)}
      disabled={Boolean(disabled || readonly)}
    >
      {/* A forced (disabled) choice still names its field legibly (contrast). */}
      <FormLabel component="legend" sx={legendSx}>
        {label}
      </FormLabel>
      <RadioGroup
        id={id}
        name={id}
        row={Boolean(options.inline) || choices.length <= 4}
        value={selected >= 0 ? String(selected) : ''}
        onChange={(_event, index) => onChange(choices[Number(index)]?.value)}
        onBlur={() => onBlur(id, value)}
        aria-describedby={describedBy(id)}
      >
        {choices.map((choice, index) => {
          const price = priceFrom ? describeOptionPrice(priceList, choice.value) : '';
          return (
            <RadioOption
              key={String(choice.value)}
              id={`${id}-${index}`}
              index={index}
              value={String(choice.value)}
              label={price ? `${choice.label} (${price})` : choice.label}
            />
          );
        })}
      </RadioGroup>
    </FormControl>
  );
}

/**
 * One choice. Memoised: a new choice re-renders the group's radios (they read its value), not every option's label.
 */
const RadioOption = memo(function RadioOption({
  id,
  index,
  value,
  label,
}: {
  id: string;
  index: number;
  value: string;
  label: string;
}) {
  return <FormControlLabel value={String(index)} data-value={value} control={<Radio id={id} />} label={label} />;
});
