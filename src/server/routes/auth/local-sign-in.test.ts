import { describe, expect, it } from 'vitest';
import { checkRedirectUri } from './local-sign-in';

const origin = 'http://127.0.0.1:8080';
const badCharacter = 'it holds a control character, a space, a character outside printable ASCII or a backslash';

describe('checkRedirectUri', () => {
  it.each([
    ['/login/callback', '/login/callback'],
    ['/login/callback?x=1', '/login/callback?x=1'],
    ['/login/callback#old', '/login/callback'],
    [`${origin}/login/callback`, '/login/callback'],
    ['HTTP://127.0.0.1:8080/login/callback', '/login/callback'],
    // The answer is the normalised path, never the text as given.
    ['/login/./callback', '/login/callback'],
    ['/login/x/../callback', '/login/callback'],
  ])('keeps %s as %s', (input, expected) => {
    expect(checkRedirectUri(input, origin)).toEqual({ path: expected });
  });

  it.each([
    ['/..//evil.example', 'it leads to //evil.example, which is not the sign-in callback'],
    ['/%2e%2e//evil.example', 'it leads to //evil.example, which is not the sign-in callback'],
    ['https://evil.example.com/login/callback', 'it leads to another site (https://evil.example.com)'],
    ['http://127.0.0.1:9999/login/callback', 'it leads to another site (http://127.0.0.1:9999)'],
    ['http://127.0.0.1:8080@evil.example/login/callback', 'it leads to another site (http://evil.example)'],
    ['http://x@127.0.0.1:8080/login/callback', 'it carries a user name or password'],
    ['/', 'it leads to /, which is not the sign-in callback'],
    ['/login/callback/', 'it leads to /login/callback/, which is not the sign-in callback'],
    ['/login%2Fcallback', 'it leads to /login%2Fcallback, which is not the sign-in callback'],
    ['//evil.example.com/x', 'it is neither a path starting with one / nor an http(s) address'],
    ['javascript:alert(1)', 'it is neither a path starting with one / nor an http(s) address'],
    ['data:text/html,hi', 'it is neither a path starting with one / nor an http(s) address'],
    ['http:evil.example', 'it is neither a path starting with one / nor an http(s) address'],
    ['login/callback', 'it is neither a path starting with one / nor an http(s) address'],
    ['/\\evil.example.com', badCharacter],
    ['/\tx', badCharacter],
    ['/login/call\nback', badCharacter],
    ['/\u3000/evil.example', badCharacter],
    ['', 'it is empty'],
  ])('refuses %j: %s', (input, reason) => {
    expect(checkRedirectUri(input, origin)).toEqual({ reason });
  });
});
