import { describe, expect, it, vi } from 'vitest';
import { createImageLoader } from './image-loader';

function deferredFetcher() {
  const pending: { id: string; resolve(src: string): void; reject(error: Error): void }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetchImage = (id: string) =>
    new Promise<string>((resolve, reject) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      pending.push({
        id,
        resolve: (src) => (inFlight--, resolve(src)),
        reject: (error) => (inFlight--, reject(error)),
      });
    });
  return { fetchImage, pending, max: () => maxInFlight };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createImageLoader', () => {
  it('fetches at most 10 at once, 20 ids per round, caches what loaded and remembers failures', async () => {
    const fetcher = deferredFetcher();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const loader = createImageLoader({ fetchImage: fetcher.fetchImage });
    const ids = Array.from({ length: 25 }, (_v, i) => `IMG-${i}`);
    for (const id of ids) expect(loader.request(id)).toEqual({ status: 'loading' });
    await tick();
    expect(fetcher.pending.map((p) => p.id)).toEqual(ids.slice(0, 10));
    fetcher.pending.splice(0).forEach((p, i) => (i === 3 ? p.reject(new Error('gone')) : p.resolve(`data:${p.id}`)));
    await tick();
    expect(fetcher.pending.map((p) => p.id)).toEqual(ids.slice(10, 20));
    fetcher.pending.splice(0).forEach((p) => p.resolve(`data:${p.id}`));
    await tick();
    // The next round holds what was left of the queue.
    expect(fetcher.pending.map((p) => p.id)).toEqual(ids.slice(20));
    fetcher.pending.splice(0).forEach((p) => p.resolve(`data:${p.id}`));
    await tick();
    expect(fetcher.max()).toBe(10);
    expect(loader.request('IMG-0')).toEqual({ status: 'loaded', src: 'data:IMG-0' });
    expect(loader.request('IMG-3')).toEqual({ status: 'failed' });
    expect(fetcher.pending).toHaveLength(0);
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });

  it('drops a queued id nobody shows any more, and tells listeners when a picture arrives', async () => {
    const fetcher = deferredFetcher();
    const loader = createImageLoader({ fetchImage: fetcher.fetchImage, parallel: 1, perRound: 1 });
    let calls = 0;
    loader.subscribe('A', () => (calls += 1));
    loader.request('A');
    loader.request('B');
    loader.release('B');
    await tick();
    fetcher.pending.splice(0).forEach((p) => p.resolve('data:A'));
    await tick();
    expect(calls).toBe(1);
    expect(fetcher.pending).toHaveLength(0);
    expect(loader.peek('B')).toBeUndefined();
  });
});
