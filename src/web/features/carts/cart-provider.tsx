import { useEffect, useMemo, useRef, useState, type PropsWithChildren } from 'react';
import type { CompiledDefinition, FormContext } from '../../../engine';
import { useAuth } from '../../app/auth/auth-provider';
import { useFormSession } from '../../forms';
import { useLocations } from '../../shared/api/dealer/get-locations';
import { useCompiledDefinition } from '../../forms/use-compiled-definition';
import { useGlassPrices } from './api/get-glass-prices';
import { createCartActions } from './cart-actions';
import { CartContext, type CartContextValue, type CartHandle } from './cart-context';
import { cartKinds, type CartKind } from './cart-kinds';
import { cartFieldsOf } from './cart-lines';

const noLocations: Record<string, string> = {};
const noPrices: Record<string, number> = {};

/**
 * The data provider of a catalogue or cart route (spec 3 §2): the cart of `kind` as a session of its cart
 * definition, restored from this browser or the server for the signed-in user, so it survives a reload and an
 * inactivity sign-out. Children render at once; `useCart().cart` is null until the definition has loaded.
 */
export function CartProvider({ kind, children }: PropsWithChildren<{ kind: CartKind }>) {
  const { compiled, isFailed } = useCompiledDefinition(cartKinds[kind].form);

  const [sessionValue, setSessionValue] = useState<CartContextValue | null>(null);
  const pending: CartContextValue = { kind, cart: null, isFailed };
  // One element around the children in every state: swapping wrappers when the definition arrives would remount
  // the page and lose what the dealer had typed (a search, say).
  return (
    <CartContext.Provider value={sessionValue ?? pending}>
      {compiled ? <CartSession kind={kind} definition={compiled} onValue={setSessionValue} /> : null}
      {children}
    </CartContext.Provider>
  );
}

/** The cart's engine session; renders nothing and hands its value to the provider. */
function CartSession({
  kind,
  definition,
  onValue,
}: {
  kind: CartKind;
  definition: CompiledDefinition;
  onValue(value: CartContextValue): void;
}) {
  const info = cartKinds[kind];
  const { account } = useAuth();
  const locations = useLocations().data ?? noLocations;
  const glassPrices = useGlassPrices(kind === 'glass').data ?? noPrices;
  const context = useMemo<FormContext>(() => ({ locations, prices: glassPrices }), [locations, glassPrices]);
  const contextRef = useRef(context);
  contextRef.current = context;
  const { store, clearDraft, isRestoringDraft } = useFormSession(definition, context, {
    draftKey: `${info.form}:${account?.username ?? 'anonymous'}`,
  });
  const fields = useMemo(() => cartFieldsOf(definition), [definition]);
  const actions = useMemo(() => createCartActions(store, fields.lines, () => contextRef.current), [store, fields]);
  const value = useMemo<CartContextValue>(() => {
    const cart: CartHandle = {
      kind,
      info,
      fields,
      store,
      actions,
      context,
      isRestoring: isRestoringDraft,
      clearSaved: clearDraft,
    };
    return { kind, cart, isFailed: false };
  }, [kind, info, fields, store, actions, context, isRestoringDraft, clearDraft]);
  useEffect(() => onValue(value), [value, onValue]);
  return null;
}
