import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSettlingText } from './settling-text';

describe('createSettlingText', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('holds what is typed and applies only the last text, once, after the quiet', () => {
    const applied: string[] = [];
    const settling = createSettlingText(600, (text) => applied.push(text));
    settling.type('1');
    vi.advanceTimersByTime(400);
    settling.type('10');
    expect(settling.pendingText('any')).toBe('10');
    vi.advanceTimersByTime(599);
    expect(applied).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(applied).toEqual(['10']);
    expect(settling.pendingText('any')).toBeUndefined();
    vi.advanceTimersByTime(5000);
    expect(applied).toEqual(['10']);
  });

  it('applies at once on leaving, with the held text already released, and tells its listeners', () => {
    const seen: (string | undefined)[] = [];
    const settling = createSettlingText(600, () => seen.push(`applied, held ${String(settling.pendingText(''))}`));
    const unsubscribe = settling.subscribe(() => seen.push('told'));
    settling.type('9');
    settling.settle();
    expect(seen).toEqual(['applied, held undefined', 'told']);
    settling.settle();
    vi.advanceTimersByTime(1000);
    expect(seen).toHaveLength(2);
    unsubscribe();
  });

  it('drops a held text when disposed (the input is gone)', () => {
    const apply = vi.fn();
    const settling = createSettlingText(600, apply);
    settling.type('12');
    settling.dispose();
    vi.advanceTimersByTime(1000);
    expect(apply).not.toHaveBeenCalled();
  });
});
