import type { HeldTexts } from '../typed-text-field';

/**
 * A text typed into one input, held back until the dealer pauses (`delayMs` of quiet) or leaves the input, then
 * applied once: a height typed digit by digit is judged by the engine once (spec 2 §4.1 height conflict toasts).
 * As HeldTexts, the input shows the held text (marked pending) until it is applied.
 */
export interface SettlingText extends HeldTexts {
  /** The dealer typed `text`: held, and applied after `delayMs` of quiet. */
  type(text: string): void;
  /** Applies the held text now, if any (leaving the input). */
  settle(): void;
  /** Stops the timer; a held text is dropped (the input is gone). */
  dispose(): void;
}

export function createSettlingText(delayMs: number, apply: (text: string) => void): SettlingText {
  let held: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const settle = () => {
    stopTimer();
    if (held === undefined) return;
    const text = held;
    // Released before it is applied: the store's answer is what the input shows next.
    held = undefined;
    apply(text);
    // The input drops its pending mark even when the store's value did not change (no notice from the store).
    listeners.forEach((listener) => listener());
  };
  return {
    pendingText: () => held,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    type(text) {
      held = text;
      stopTimer();
      timer = setTimeout(settle, delayMs);
    },
    settle,
    dispose: stopTimer,
  };
}
