import { describe, expect, it } from 'vitest';
import { formatEventTiming, summarise } from './bench-page-stats';

describe('summarise', () => {
  it('takes nearest-rank quantiles and the mean', () => {
    const values = Array.from({ length: 200 }, (_, i) => 200 - i);
    expect(summarise(values)).toMatchObject({ p50: 100, p95: 190, max: 200, mean: 100.5, count: 200 });
  });
});

describe('formatEventTiming', () => {
  it('shows keys Event Timing did not report as under 16 ms, and the mean as an upper bound', () => {
    const perKey = [null, null, null, 20, 40];
    expect(formatEventTiming(perKey)).toBe('<16 / 40.0 / ≤21.6 (2/5 ≥16)');
  });

  it('gives a plain mean when every key was reported', () => {
    expect(formatEventTiming([20, 30])).toBe('20.0 / 30.0 / 25.0 (2/2 ≥16)');
  });
});
