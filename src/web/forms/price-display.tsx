import Typography from '@mui/material/Typography';
import { formatCurrency } from './format-currency';
import type { FormStore } from './form-store';
import { useFormSelector } from './use-form-selector';

/** The text a configurator shows for the engine's price: US dollars, the price book's own answer, or nothing yet. */
export function describePrice(price: unknown): { text: string; isOutsidePriceBook: boolean } | null {
  if (price === null || price === undefined || price === '') return null;
  if (typeof price === 'number') return { text: formatCurrency(price), isOutsidePriceBook: false };
  // A text price is the definition's answer outside the tables ('No Price Available ... Outside Price Book').
  return { text: String(price), isOutsidePriceBook: true };
}

export interface PriceDisplayProps {
  store: FormStore;
  /** Shown before the amount (default 'Approximate Price'). */
  label?: string;
}

/**
 * The live approximate price of any configurator page (state.price from the engine), announced politely to
 * screen readers as it changes; nothing is shown until the definition can price the order.
 * @example <PriceDisplay store={store} />
 */
export function PriceDisplay({ store, label = 'Approximate Price' }: PriceDisplayProps) {
  const price = useFormSelector(store, (view) => view.state.price);
  const shown = describePrice(price);
  return (
    <Typography
      component="p"
      variant="h6"
      aria-live="polite"
      data-testid="approximate-price"
      color={shown?.isOutsidePriceBook ? 'warning.main' : 'text.primary'}
    >
      {shown ? `${label}: ${shown.text}` : ''}
    </Typography>
  );
}
