import { createSession, toNumber, type FormContext } from '../../../engine';
import type { FormStore } from '../../forms';
import { addLine, isSameItem, readLines, removeLine, type CartLine } from './cart-lines';

/** Whether an edit was made, or the engine's message when the cart's rules refuse it (one display, 12 pieces). */
export type CartEditResult = { isDone: true } | { isDone: false; message?: string };

/** Edits of a cart's lines; every one runs through the cart definition's session in `store`. */
export interface CartActions {
  /** Spec 3 §4: add to the same item's line or append one; refused when the cart's list rules would fail. */
  add(line: CartLine): CartEditResult;
  /** The plus and minus buttons: never below 1; plus is refused when the cart's list rules would fail. */
  step(index: number, delta: 1 | -1): CartEditResult;
  /** Typing in a line's quantity (the engine clamps it to at least 1 when the dealer leaves the input). */
  typeQuantity(index: number, text: string): void;
  leaveQuantity(index: number): void;
  remove(index: number): void;
  /** After a successful send: an empty cart (spec 3 §4). */
  empty(): void;
}

/**
 * The message the cart's rules give the whole list after an edit (e.g. 'You can only order one display at a
 * time.'), found by running the definition on the would-be data in a throwaway session; undefined when accepted.
 */
export function findListRefusal(
  store: FormStore,
  linesPath: string,
  lines: readonly CartLine[],
  context: FormContext,
): string | undefined {
  if (lines.length === 0) return undefined;
  const probe = createSession(store.definition, { context, start: { ...store.getState().data, [linesPath]: lines } });
  return probe.state.errors[linesPath];
}

/** The line edits of one cart. `getContext` gives the context the session runs with now. */
export function createCartActions(store: FormStore, linesPath: string, getContext: () => FormContext): CartActions {
  const linesNow = () => readLines<CartLine>(store.getState().data, linesPath);
  const replaceLines = (next: CartLine[]): CartEditResult => {
    const message = findListRefusal(store, linesPath, next, getContext());
    if (message) return { isDone: false, message };
    store.set(linesPath, next);
    return { isDone: true };
  };
  return {
    add(line) {
      const result = replaceLines(addLine(linesNow(), line));
      // Leaving the line's quantity lets the definition clamp it (at least 1).
      if (result.isDone)
        store.blur(`${linesPath}.${linesNow().findIndex((existing) => isSameItem(existing, line))}.quantity`);
      return result;
    },
    step(index, delta) {
      const lines = linesNow();
      const current = toNumber(lines[index]?.quantity) ?? 1;
      const quantity = current + delta;
      if (!lines[index] || quantity < 1) return { isDone: false };
      const result = replaceLines(lines.map((line, i) => (i === index ? { ...line, quantity } : line)));
      if (result.isDone) store.blur(`${linesPath}.${index}.quantity`);
      return result;
    },
    typeQuantity(index, text) {
      store.set(`${linesPath}.${index}.quantity`, text);
    },
    leaveQuantity(index) {
      store.blur(`${linesPath}.${index}.quantity`);
    },
    remove(index) {
      store.set(linesPath, removeLine(linesNow(), index));
    },
    empty() {
      store.load({});
    },
  };
}
