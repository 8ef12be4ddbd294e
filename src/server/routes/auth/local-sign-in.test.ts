import { describe, expect, it } from 'vitest';
import { toSameOriginPath } from './local-sign-in';

const origin = 'http://127.0.0.1:8080';

describe('toSameOriginPath', () => {
  it.each([
    ['/login/callback', '/login/callback'],
    ['/login/callback?x=1', '/login/callback?x=1'],
    ['/login/callback#old', '/login/callback'],
    [`${origin}/login/callback`, '/login/callback'],
  ])('keeps %s as %s', (input, expected) => {
    expect(toSameOriginPath(input, origin)).toBe(expected);
  });

  it.each([
    'https://evil.example.com/x',
    'http://127.0.0.1:9999/login/callback',
    '//evil.example.com/x',
    '/\\evil.example.com',
    '/\tx',
    'javascript:alert(1)',
    'data:text/html,hi',
    'login/callback',
    '',
  ])('refuses %j', (input) => {
    expect(toSameOriginPath(input, origin)).toBeUndefined();
  });
});
