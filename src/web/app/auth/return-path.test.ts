import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

const origin = 'https://portal.temo.example';

describe('the path kept through sign-in', () => {
  it('keeps a same-origin path with its query and fragment', () => {
    expect(safeReturnPath('/OrderHistory', origin)).toBe('/OrderHistory');
    expect(safeReturnPath('/Ordering/SunRooms?x=1#walls', origin)).toBe('/Ordering/SunRooms?x=1#walls');
    expect(safeReturnPath('/Staff/Definitions/drafts/4', origin)).toBe('/Staff/Definitions/drafts/4');
  });

  it.each([
    ['an absolute URL', 'https://evil.example/OrderHistory'],
    ['a protocol-relative URL', '//evil.example'],
    ['a protocol-relative URL with a path', '//evil.example/OrderHistory'],
    ['a backslash host', '/\\evil.example'],
    ['a scheme', 'javascript:alert(1)'],
    ['a path not starting with a slash', 'OrderHistory'],
    ['a control character', '/Order\nHistory'],
    ['a tab before a second slash', '/\t/evil.example'],
    ['nothing', ''],
    ['null', null],
  ])('refuses %s', (_what, raw) => {
    expect(safeReturnPath(raw, origin)).toBeNull();
  });

  it('never returns to the landing page or the sign-in pages', () => {
    for (const path of ['/', '/login', '/login/callback', '/login/callback?x=1', '/auth/local/authorize']) {
      expect(safeReturnPath(path, origin)).toBeNull();
    }
  });

  it('refuses a path that normalises to a protocol-relative one', () => {
    expect(safeReturnPath('/..//evil.example', origin)).toBeNull();
    expect(safeReturnPath('/./OrderHistory', origin)).toBe('/OrderHistory');
  });
});
