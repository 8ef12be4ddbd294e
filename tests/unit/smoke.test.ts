import { describe, expect, it } from 'vitest';
import pkg from '../../package.json';

describe('repository', () => {
  it('declares the two quick-start commands', () => {
    expect(pkg.scripts.start).toContain('build');
    expect(pkg.scripts.test).toBe('vitest run');
  });
});
