import { describe, expect, it } from 'vitest';
import { createLogicEngine, prepareExpression } from './operators';

describe('floor and round operators', () => {
  const engine = createLogicEngine();
  const run = (logic: unknown, data: object = {}) => prepareExpression(engine, logic, 'compiled')(data);

  it('floor turns a length in inches into whole feet', () => {
    expect(run({ floor: { '/': [{ var: 'inches' }, 12] } }, { inches: 203.6 })).toBe(16);
    expect(run({ floor: { var: 'missing' } })).toBeNull();
  });

  it('round keeps the asked decimals (angled wall inches to 3 decimals)', () => {
    expect(run({ round: [11.31370849, 3] })).toBe(11.314);
    expect(run({ round: ['7.5'] })).toBe(8);
    expect(run({ round: [{ var: 'x' }, 2] }, { x: '' })).toBeNull();
  });
});
