import { createContext, useContext } from 'react';
import type { FormContext } from '../../../engine';
import type { FormStore } from '../../forms';
import type { CartActions } from './cart-actions';
import type { CartKind, CartKindInfo } from './cart-kinds';
import type { CartFields } from './cart-lines';

/** One cart: its engine session (kept per user in this browser and on the server), its line edits and its context. */
export interface CartHandle {
  kind: CartKind;
  info: CartKindInfo;
  /** The cart definition's lines and glass type fields. */
  fields: CartFields;
  store: FormStore;
  actions: CartActions;
  context: FormContext;
  /** True until the server's copy of the cart has been compared with this browser's. */
  isRestoring: boolean;
  /** Forgets the saved cart here and on the server (after a successful send). */
  clearSaved(): Promise<void>;
}

/** What a cart provider offers: the cart once its definition is loaded, and whether that failed. */
export interface CartContextValue {
  kind: CartKind;
  cart: CartHandle | null;
  isFailed: boolean;
}

export const CartContext = createContext<CartContextValue | null>(null);

/** The cart of the enclosing CartProvider. */
export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used inside <CartProvider>.');
  return value;
}
