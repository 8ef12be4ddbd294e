import { describe, expect, it } from 'vitest';
import { buildEngineeringContext } from './build-engineering-context';

describe('buildEngineeringContext', () => {
  it('merges document and mail prices; missing lists leave the defaults in force', () => {
    expect(buildEngineeringContext({ 1: 'Madison' }, { 'RENDERING FULL COLOR': 900 }, { GROUND: 15 })).toEqual({
      locations: { 1: 'Madison' },
      prices: { 'RENDERING FULL COLOR': 900, GROUND: 15 },
    });
    expect(buildEngineeringContext({})).toEqual({ locations: {}, prices: {} });
  });
});
