/** The carts of spec 3 (spare parts, marketing, display, glass): one engine session per cart kind and user. */
export { CartProvider } from './cart-provider';
export { useCart, type CartHandle } from './cart-context';
export { GoToCartButton } from './go-to-cart-button';
export { CartPage } from './cart-page';
export { cartKinds, type CartKind } from './cart-kinds';
export { useCartSummary } from './use-cart-summary';
export { readLines, cartFieldsOf, type CartFields, type GlassLine, type PartLine } from './cart-lines';
export { findListRefusal } from './cart-actions';
