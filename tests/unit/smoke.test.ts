import { describe, expect, it } from 'vitest';
import pkg from '../../package.json';

describe('repository', () => {
  it('declares the two quick-start commands', () => {
    expect(pkg.scripts.start).toContain('build');
    // The whole suite: unit, api and e2e on two workers, the timing project beside them (scripts/run-tests.ts).
    expect(pkg.scripts.test).toBe('tsx scripts/run-tests.ts');
    expect(pkg.scripts['test:unit']).toBe('vitest run --project unit');
  });
});
