/**
 * Runs `run` when the browser is idle, at the latest after `timeoutMs`; a browser without requestIdleCallback (Safari)
 * runs it after `fallbackMs`. Returns what cancels it.
 */
export function whenIdle(run: () => void, { timeoutMs, fallbackMs }: { timeoutMs: number; fallbackMs: number }) {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, fallbackMs);
  return () => clearTimeout(timer);
}
