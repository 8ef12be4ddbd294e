import { describe, expect, it } from 'vitest';
import { buildRoofSpanChart, formatFeetInches } from './roof-span-chart';

describe('roof span chart', () => {
  it('lists loads from 10 up with feet-inch spans, an inch less for screen rooms', () => {
    const limits = { '40': [108, 126], '10': [216, 204] } as Record<string, [number, number]>;
    expect(buildRoofSpanChart(limits, false)).toEqual([
      { load: 10, spans: ["18'-0\"", "17'-0\""] },
      { load: 40, spans: ["9'-0\"", "10'-6\""] },
    ]);
    expect(buildRoofSpanChart(limits, true)[0].spans[1]).toBe("16'-11\"");
    expect(formatFeetInches(123)).toBe("10'-3\"");
  });
});
