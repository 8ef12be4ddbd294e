import { CartPage } from './cart-page';

/** /Ordering/SparePartsCart (also holds transoms, doors and sash). */
export function SparePartsCartPage() {
  return <CartPage kind="spare-parts" />;
}

/** /Ordering/MarketingCart. */
export function MarketingCartPage() {
  return <CartPage kind="marketing" />;
}

/** /Ordering/DisplayCart. */
export function DisplayCartPage() {
  return <CartPage kind="display" />;
}

/** /Ordering/CustomTrapGlassCart. */
export function GlassCartPage() {
  return <CartPage kind="glass" />;
}
