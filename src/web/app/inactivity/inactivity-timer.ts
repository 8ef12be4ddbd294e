/** What counts as the user being active (spec 1 §4: mouse move, key press, click or touch). */
export const activityEvents = ['mousemove', 'keydown', 'click', 'touchstart'] as const;

export interface InactivityTimerOptions {
  warnAfterMs: number;
  logoutAfterMs: number;
  onWarn(): void;
  onLogout(): void;
  /** Where activity is listened for; the window in the app. */
  target: EventTarget;
}

/** Starts counting idle time; activity restarts the count. Returns the function that stops it. */
export function startInactivityTimer(options: InactivityTimerOptions): () => void {
  const { warnAfterMs, logoutAfterMs, onWarn, onLogout, target } = options;
  let warnTimer: ReturnType<typeof setTimeout> | undefined;
  let logoutTimer: ReturnType<typeof setTimeout> | undefined;

  const restart = () => {
    clearTimeout(warnTimer);
    clearTimeout(logoutTimer);
    if (warnAfterMs < logoutAfterMs) warnTimer = setTimeout(onWarn, warnAfterMs);
    logoutTimer = setTimeout(onLogout, logoutAfterMs);
  };

  restart();
  for (const type of activityEvents)
    target.addEventListener(type, restart, { passive: true } as AddEventListenerOptions);
  return () => {
    clearTimeout(warnTimer);
    clearTimeout(logoutTimer);
    for (const type of activityEvents) target.removeEventListener(type, restart);
  };
}
