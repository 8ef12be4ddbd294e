import { startTransition, useEffect, useState } from 'react';

// A tab in the background draws no frames: what waits is drawn after this long anyway.
const latestMs = 500;

/**
 * False on a component's first render, true once that render has been painted. What the first screen does not need
 * waits for it (so the first input shows sooner) and is then drawn in a transition, which React interrupts for a key.
 * `isWaiting` false: true at once, with no second render (a component with nothing to hold back).
 */
export function useAfterFirstPaint(isWaiting = true): boolean {
  const [isPainted, setIsPainted] = useState(!isWaiting);
  useEffect(() => {
    if (isPainted) return undefined;
    const reveal = () => startTransition(() => setIsPainted(true));
    let afterFrame: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the paint; a task it queues runs after it.
    const frame = requestAnimationFrame(() => (afterFrame = setTimeout(reveal)));
    const latest = setTimeout(reveal, latestMs);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(afterFrame);
      clearTimeout(latest);
    };
  }, [isPainted]);
  return isPainted;
}
