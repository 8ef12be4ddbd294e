import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectApiAuth } from './api-client';
import { forgetPrefetched, prefetch, takePrefetched } from './prefetch';

describe('a request started before its page', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the auth layer, then is taken once by the page', async () => {
    const load = vi.fn(async () => 'definition');
    prefetch('definition:test', load);
    await Promise.resolve();
    // No token yet: nothing is sent (it would be refused and sign the user out).
    expect(load).not.toHaveBeenCalled();
    const disconnect = connectApiAuth({ getAccessToken: async () => 'token', onUnauthorized: () => undefined });
    await expect(takePrefetched('definition:test')).resolves.toBe('definition');
    expect(load).toHaveBeenCalledTimes(1);
    expect(takePrefetched('definition:test')).toBeUndefined();
    disconnect();
  });

  it('asks for nothing when the auth layer connects without a signed-in user (a configurator opened signed out)', async () => {
    const load = vi.fn(async () => 'definition');
    prefetch('definition:signed-out', load);
    const disconnect = connectApiAuth({ getAccessToken: async () => null, onUnauthorized: () => undefined });
    // Once the token was asked for, the entry is gone: the page (were it shown) would ask for itself.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(takePrefetched('definition:signed-out')).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
    disconnect();
  });

  it('is not used once it is old: the page asks again', () => {
    vi.useFakeTimers();
    prefetch('definition:old', async () => 'old');
    vi.advanceTimersByTime(11_000);
    expect(takePrefetched('definition:old')).toBeUndefined();
  });

  it('is forgotten at sign-out: the next user never takes the last one’s answer', () => {
    prefetch('locations', async () => ['Lakeside Sunrooms - Madison']);
    forgetPrefetched();
    expect(takePrefetched('locations')).toBeUndefined();
  });
});
