import { useFormSelector } from '../../forms';
import type { CartHandle } from './cart-context';
import { countItems, readLines } from './cart-lines';

/** The cart's item count and total (the definition's price), re-rendering only when they change. */
export function useCartSummary(cart: CartHandle): { count: number; total: number | string | null } {
  const count = useFormSelector(cart.store, (view) => countItems(readLines(view.state.data, cart.fields.lines)));
  const total = useFormSelector(cart.store, (view) => view.state.price);
  return { count, total };
}
