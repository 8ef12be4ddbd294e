import { describe, expect, it } from 'vitest';
import { hashPassword, isPasswordCorrect } from './password-hasher';

describe('password hasher', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('demo1234');
    expect(stored).toMatch(/^scrypt\$/);
    expect(await isPasswordCorrect('demo1234', stored)).toBe(true);
    expect(await isPasswordCorrect('demo12345', stored)).toBe(false);
  });

  it('salts each hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('never matches a missing or malformed hash', async () => {
    expect(await isPasswordCorrect('x', null)).toBe(false);
    expect(await isPasswordCorrect('x', 'plain-text')).toBe(false);
  });
});
