import { describe, expect, it } from 'vitest';
import { buildRoofSpanTables, formatFeetInches, type SpanChartSpec } from './roof-span-chart';

const spec: SpanChartSpec = {
  snowLoads: [40, 10],
  solariumSnowLoads: [10, 70],
  screenRoomLessInches: 1,
  roofs: [
    { title: '0.024 1 pound', spans: 'spanLimits', column: 0, snowLoads: 'snowLoads' },
    { title: '0.032 2 pound', spans: 'spanLimits', column: 2, snowLoads: 'snowLoads' },
    { title: 'Solarium 3"', spans: 'solariumSpanLimits', snowLoads: 'solariumSnowLoads', screenRooms: false },
  ],
};
const constants = { spanLimits: { '40': [108, 126, 150], '10': [216, 204, 240] }, solariumSpanLimits: { '10': 192 } };

describe('roof span chart', () => {
  it('charts the 4 1/4" roofs by load, lightest first, and the Solarium roof in a table of its own', () => {
    expect(buildRoofSpanTables(spec, constants, false)).toEqual([
      {
        titles: ['0.024 1 pound', '0.032 2 pound'],
        rows: [
          { load: 10, spans: ['18\'-0"', '20\'-0"'] },
          { load: 40, spans: ['9\'-0"', '12\'-6"'] },
        ],
      },
      {
        titles: ['Solarium 3"'],
        rows: [
          { load: 10, spans: ['16\'-0"'] },
          { load: 70, spans: ['—'] },
        ],
      },
    ]);
  });

  it('leaves the Solarium roof out for screen rooms and spans them an inch less', () => {
    const tables = buildRoofSpanTables(spec, constants, true);
    expect(tables).toHaveLength(1);
    expect(tables[0].rows[0].spans).toEqual(['17\'-11"', '19\'-11"']);
  });

  it('formats inches as feet-inches', () => {
    expect(formatFeetInches(123)).toBe('10\'-3"');
  });
});
