import { describe, expect, it } from 'vitest';
import { findFileParameterProblem, splitFileNames } from './file-parameter';

describe('findFileParameterProblem', () => {
  it.each([
    'ENG-1001-20250314-153005-K7QX',
    '25-00042-SMITH',
    'ENG-1001-20250314-153005-K7QX-order-summary.pdf',
    'SMITH (C)',
  ])('accepts the plain name %s', (name) => {
    expect(findFileParameterProblem('fileName', name)).toBeUndefined();
  });

  it.each([
    ['..', "'..'"],
    ['../x', 'path'],
    ['a..b', "'..'"],
    ['%2e%2e', 'encoded'],
    ['%2E%2E%2Fetc', 'encoded'],
    ['/etc/passwd', 'path'],
    ['C:secret', 'absolute'],
    ['a\\b', 'backslash'],
    ['a\0b', 'NUL'],
    ['a\nb', 'control'],
    ['', 'required'],
    ['.hidden', 'starting with'],
    ['x'.repeat(161), 'at most'],
  ])('refuses %j (%s)', (value, reason) => {
    expect(findFileParameterProblem('fileName', value)).toContain(reason);
  });

  it('checks each of several comma-separated file names', () => {
    expect(splitFileNames('A-1, B-2')).toEqual({ names: ['A-1', 'B-2'], problems: [] });
    expect(splitFileNames('A-1,..').problems).toEqual(["fileNames[1] must not contain '..'"]);
  });
});
