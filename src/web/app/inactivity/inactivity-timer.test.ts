import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startInactivityTimer } from './inactivity-timer';

describe('startInactivityTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start() {
    const target = new EventTarget();
    const onWarn = vi.fn();
    const onLogout = vi.fn();
    const stop = startInactivityTimer({ warnAfterMs: 6_900_000, logoutAfterMs: 7_200_000, onWarn, onLogout, target });
    return { target, onWarn, onLogout, stop };
  }

  it('warns at 115 minutes and signs out at 120 minutes of inactivity', () => {
    const { onWarn, onLogout } = start();
    vi.advanceTimersByTime(6_899_999);
    expect(onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarn).toHaveBeenCalledTimes(1);
    expect(onLogout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300_000);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it.each(['mousemove', 'keydown', 'click', 'touchstart'])('starts the count again on %s', (type) => {
    const { target, onWarn, onLogout } = start();
    vi.advanceTimersByTime(6_800_000);
    target.dispatchEvent(new Event(type));
    vi.advanceTimersByTime(6_800_000);
    expect(onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100_000);
    expect(onWarn).toHaveBeenCalledTimes(1);
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('does nothing once stopped', () => {
    const { onWarn, onLogout, stop } = start();
    stop();
    vi.advanceTimersByTime(10_000_000);
    expect(onWarn).not.toHaveBeenCalled();
    expect(onLogout).not.toHaveBeenCalled();
  });
});
