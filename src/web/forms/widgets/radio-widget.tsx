import { FormControl, FormLabel } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { memo } from 'react';
import { formatCurrency } from '../format-currency';
import { describedBy } from './described-by';
import './radio-widget.css';

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

/**
 * A radio group in a fieldset whose legend is the field's label; values are the options' own values. The choices are
 * native radios styled by a static stylesheet (radio-widget.css): MUI's Radio is ~10 styled components a choice, each
 * serialised again whenever the group re-renders (a structure switch on the sunroom re-rendered about ten of them).
 */
export function RadioWidget(props: WidgetProps) {
  const { id, label, value, disabled, readonly, required, rawErrors, options, registry, onChange, onBlur } = props;
  const choices = options.enumOptions ?? [];
  const priceFrom = typeof options.priceFrom === 'string' ? options.priceFrom : undefined;
  const priceLists = (registry.formContext as { priceLists?: Record<string, PriceList> } | undefined)?.priceLists;
  const priceList = priceFrom ? priceLists?.[priceFrom] : undefined;
  const selected = choices.findIndex((choice) => choice.value === value || String(choice.value) === String(value));
  const isDisabled = Boolean(disabled || readonly);
  const isRow = Boolean(options.inline) || choices.length <= 4;
  return (
    <FormControl component="fieldset" required={required} error={Boolean(rawErrors?.length)} disabled={isDisabled}>
      {/* A forced (disabled) choice still names its field legibly (contrast). */}
      <FormLabel component="legend" sx={legendSx}>
        {label}
      </FormLabel>
      <div
        id={id}
        role="radiogroup"
        className={isRow ? 'radio-choices radio-choices-row' : 'radio-choices'}
        aria-describedby={describedBy(id)}
        onBlur={() => onBlur(id, value)}
      >
        {choices.map((choice, index) => {
          const price = priceFrom ? describeOptionPrice(priceList, choice.value) : '';
          return (
            <RadioOption
              key={String(choice.value)}
              id={`${id}-${index}`}
              name={id}
              value={String(choice.value)}
              label={price ? `${choice.label} (${price})` : choice.label}
              isChecked={index === selected}
              isDisabled={isDisabled}
              onChoose={onChange}
              choice={choice.value}
            />
          );
        })}
      </div>
    </FormControl>
  );
}

/** One choice: re-renders when it is checked or unchecked, or its label changes, not when another choice is. */
const RadioOption = memo(function RadioOption({
  id,
  name,
  value,
  label,
  isChecked,
  isDisabled,
  onChoose,
  choice,
}: {
  id: string;
  name: string;
  value: string;
  label: string;
  isChecked: boolean;
  isDisabled: boolean;
  onChoose: (value: unknown) => void;
  choice: unknown;
}) {
  return (
    <label className="radio-choice" data-value={value}>
      <input
        type="radio"
        id={id}
        name={name}
        value={value}
        checked={isChecked}
        disabled={isDisabled}
        onChange={() => onChoose(choice)}
      />
      <span>{label}</span>
    </label>
  );
});
