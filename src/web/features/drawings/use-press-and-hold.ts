import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';

/**
 * A button that acts once when pressed and again every `repeatMs` while held (pointer), or once per
 * click from the keyboard (Enter/Space, which repeat on their own while held).
 */
export function usePressAndHold(action: () => void, repeatMs: number) {
  const actionRef = useRef(action);
  const timerRef = useRef<number | undefined>(undefined);
  const isPointerPressRef = useRef(false);
  useEffect(() => {
    actionRef.current = action;
  });
  useEffect(() => () => window.clearInterval(timerRef.current), []);

  const stop = () => {
    window.clearInterval(timerRef.current);
    timerRef.current = undefined;
  };

  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      isPointerPressRef.current = true;
      stop();
      actionRef.current();
      timerRef.current = window.setInterval(() => actionRef.current(), repeatMs);
    },
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    onClick: (event: MouseEvent<HTMLElement>) => {
      // The pointer press already acted; a click from the keyboard (detail 0) acts here.
      if (isPointerPressRef.current && event.detail !== 0) {
        isPointerPressRef.current = false;
        return;
      }
      isPointerPressRef.current = false;
      actionRef.current();
    },
    onKeyUp: (_event: KeyboardEvent<HTMLElement>) => stop(),
  };
}
