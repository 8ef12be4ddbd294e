/** Where one picture is: being fetched, shown from a data URL, or failed (then no picture is shown). */
export type ImageEntry = { status: 'loading' } | { status: 'loaded'; src: string } | { status: 'failed' };

export interface ImageLoaderOptions {
  fetchImage(imageId: string): Promise<string>;
  /** Pictures fetched at once (spec 1 §9: 10). */
  parallel?: number;
  /** Queued ids taken per round (spec 1 §9: 20). */
  perRound?: number;
}

/** Lazy, cached picture loading shared by every card. */
export interface ImageLoader {
  /** The picture's state; asking for an unknown id queues it. */
  request(imageId: string): ImageEntry;
  /** The id is no longer on screen: a queued id nobody waits for is dropped from the queue. */
  release(imageId: string): void;
  peek(imageId: string): ImageEntry | undefined;
  subscribe(imageId: string, listener: () => void): () => void;
}

/**
 * Spec 1 §3/§9: pictures load lazily in rounds of up to 20 queued ids, 10 fetched in parallel at a time, and stay
 * cached; a failed fetch is remembered as failed.
 */
export function createImageLoader({ fetchImage, parallel = 10, perRound = 20 }: ImageLoaderOptions): ImageLoader {
  const cache = new Map<string, ImageEntry>();
  const queue: string[] = [];
  const wanted = new Map<string, number>();
  const listeners = new Map<string, Set<() => void>>();
  let isRunning = false;

  const settle = (imageId: string, entry: ImageEntry) => {
    cache.set(imageId, entry);
    for (const listener of listeners.get(imageId) ?? []) listener();
  };

  const runRounds = async () => {
    isRunning = true;
    while (queue.length > 0) {
      const round = queue.splice(0, perRound);
      for (let start = 0; start < round.length; start += parallel) {
        await Promise.all(
          round.slice(start, start + parallel).map((imageId) =>
            fetchImage(imageId).then(
              (src) => settle(imageId, { status: 'loaded', src }),
              (error: unknown) => {
                console.error(`Picture ${imageId} failed to load`, error);
                settle(imageId, { status: 'failed' });
              },
            ),
          ),
        );
      }
    }
    isRunning = false;
  };

  return {
    request(imageId) {
      wanted.set(imageId, (wanted.get(imageId) ?? 0) + 1);
      const known = cache.get(imageId);
      if (known) return known;
      const entry: ImageEntry = { status: 'loading' };
      cache.set(imageId, entry);
      queue.push(imageId);
      // Start on the next tick, so the cards of one render share a round.
      if (!isRunning) {
        isRunning = true;
        queueMicrotask(() => void runRounds());
      }
      return entry;
    },
    release(imageId) {
      const count = (wanted.get(imageId) ?? 1) - 1;
      if (count > 0) return void wanted.set(imageId, count);
      wanted.delete(imageId);
      const queued = queue.indexOf(imageId);
      // Scrolled past before its round: forget it, so the next card that shows it queues it again.
      if (queued >= 0) {
        queue.splice(queued, 1);
        cache.delete(imageId);
      }
    },
    peek: (imageId) => cache.get(imageId),
    subscribe(imageId, listener) {
      let set = listeners.get(imageId);
      if (!set) listeners.set(imageId, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    },
  };
}
