import { describe, expect, it } from 'vitest';
import { createMemorySignInLimiter } from './sign-in-limiter';

const limits = { maxFailuresPerAccount: 3, maxFailuresPerAddress: 5, failureWindowMs: 60_000, lockoutMs: 120_000 };

function clock() {
  let at = 1_000_000;
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

describe('in-process sign-in limiter', () => {
  it('locks an account after the failures allowed in the window, for the lockout time', async () => {
    const time = clock();
    const limiter = createMemorySignInLimiter(limits, time.now);
    for (const address of ['10.0.0.1', '10.0.0.2']) await limiter.recordFailure('Summit', address);
    expect(await limiter.lockedFor('summit', '10.0.0.9')).toBeUndefined();
    await limiter.recordFailure(' SUMMIT ', '10.0.0.3');
    expect(await limiter.lockedFor('summit', '10.0.0.9')).toBe(120);
    expect(await limiter.lockedFor('harbor', '10.0.0.9')).toBeUndefined();
    time.advance(119_500);
    expect(await limiter.lockedFor('summit', '10.0.0.9')).toBe(1);
    time.advance(500);
    expect(await limiter.lockedFor('summit', '10.0.0.9')).toBeUndefined();
  });

  it('forgets failures older than the window', async () => {
    const time = clock();
    const limiter = createMemorySignInLimiter(limits, time.now);
    await limiter.recordFailure('summit', 'a');
    await limiter.recordFailure('summit', 'a');
    time.advance(60_001);
    await limiter.recordFailure('summit', 'a');
    expect(await limiter.lockedFor('summit', 'b')).toBeUndefined();
  });

  it('locks an address that fails on many accounts, whatever account it tries next', async () => {
    const limiter = createMemorySignInLimiter(limits, clock().now);
    for (const account of ['a', 'b', 'c', 'd', 'e']) await limiter.recordFailure(account, '10.0.0.1');
    expect(await limiter.lockedFor('lakeside', '10.0.0.1')).toBe(120);
    expect(await limiter.lockedFor('lakeside', '10.0.0.2')).toBeUndefined();
  });

  it('clears an account after a good password', async () => {
    const limiter = createMemorySignInLimiter(limits, clock().now);
    await limiter.recordFailure('summit', 'a');
    await limiter.recordFailure('summit', 'a');
    await limiter.recordSuccess('summit');
    await limiter.recordFailure('summit', 'a');
    expect(await limiter.lockedFor('summit', 'b')).toBeUndefined();
  });
});
